//! Seats and their secrets: who sits in each seat, the token that plays it
//! and the invitation that claims it. Secrets are 128 random bits from the
//! operating system's generator, given to the player once and stored only
//! as SHA-256 digests, compared in constant time.

use rand::RngExt;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Who sits in a seat, and the digests of the secrets that let a browser
/// play it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SeatRow {
    /// `human` or `engine`.
    pub player: String,
    /// The engine's skill (0-20) and time per move in milliseconds.
    pub skill: u8,
    pub movetime: u64,
    /// The digest of the token that plays this seat (none for an engine,
    /// or a remote seat nobody has joined yet).
    pub token_hash: Option<String>,
    /// The digest of the invitation that claims the seat, until it is used.
    pub invite_hash: Option<String>,
}

impl SeatRow {
    pub fn is_engine(&self) -> bool {
        self.player == "engine"
    }

    /// Whether `token` plays this seat.
    pub fn played_by(&self, token: &str) -> bool {
        self.token_hash
            .as_deref()
            .is_some_and(|h| matches(h, token))
    }

    /// Whether `invite` claims this seat.
    pub fn invited_by(&self, invite: &str) -> bool {
        self.invite_hash
            .as_deref()
            .is_some_and(|h| matches(h, invite))
    }
}

/// A new secret: 128 bits from the operating system's generator, in hex.
pub fn new_secret() -> String {
    format!("{:032x}", rand::rng().random::<u128>())
}

/// The digest stored for a secret (hex SHA-256).
pub fn digest(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether `secret` has the digest `stored`, in time that does not depend
/// on where they differ.
pub fn matches(stored: &str, secret: &str) -> bool {
    digest(secret).as_bytes().ct_eq(stored.as_bytes()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digest_is_sha256_and_only_its_secret_matches() {
        // The published SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        assert_eq!(
            digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let secret = new_secret();
        assert_eq!(secret.len(), 32);
        let stored = digest(&secret);
        assert!(matches(&stored, &secret));
        assert!(!matches(&stored, &new_secret()));
        assert!(!matches(&stored, ""));
        assert!(!matches(&stored, &stored), "the digest is not the token");
    }
}
