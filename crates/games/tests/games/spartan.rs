//! Spartan chess (games/spartan.toml): several royal pieces
//! (`several_royals`): the Spartans' two Kings, in check only when both
//! are attacked. Against Fairy-Stockfish's published perft and positions
//! worked out by hand.

use chess3d_core::perft::perft;
use chess3d_core::{Outcome, Side, Variant, WinReason};
use chess3d_games::file::{load, TinyFileRules};

use crate::common::{moves, tiny_file};

const SPARTAN_FILE: &str = include_str!("../../../../games/spartan.toml");

fn spartan() -> Variant<TinyFileRules> {
    tiny_file(SPARTAN_FILE)
}

/// Fairy-Stockfish's perft suite (tests/perft.sh): `spartan startpos 3
/// 14244`, its duple check and mate position (3: 6,130) and its self
/// duple check with promotions (3: 3,456). By hand: White has chess's 20
/// first moves; the Spartans 32: their Hoplites 26 (a7 and h7 two each,
/// b7 and g7 three, the four between four: a step and a leap to each
/// diagonal side), the Lieutenants a8 and h8 one leap each (c6, f6), the
/// Captains d8 and e8 one leap each (d6, e6), the Warlord g8 two Knight's
/// leaps (f6, h6); the Kings and the General are shut in. No first move
/// of White's changes the Spartans' moves: depth 2 is 20 × 32.
#[test]
fn spartan_has_the_published_perft() {
    let mut start = spartan().start();
    assert_eq!(perft(&mut start, 1), 20);
    assert_eq!(perft(&mut start, 2), 20 * 32);
    assert_eq!(perft(&mut start, 3), 14_244);
    for (text, nodes) in [
        ("k6k/hh2Q2h/8/8/8/8/8/4K3 w - - 0 1", 6_130),
        ("8/8/8/8/6Q1/8/2h3h1/4K1k1 b - - 0 1", 3_456),
    ] {
        let mut pos = spartan().position(text).unwrap();
        assert_eq!(perft(&mut pos, 3), nodes, "{text}");
    }
}

/// One Spartan King attacked is no check: the Spartans may leave it so,
/// and White may take it (Ra1xa8); the other King is then the only one,
/// and in check on the same rank.
#[test]
fn one_of_two_kings_attacked_is_no_check() {
    let mut pos = spartan()
        .position("k6k/8/8/8/8/8/8/R3K3 w - - 0 1")
        .unwrap();
    assert!(moves(&pos).contains(&"a1a8".to_string()));
    let m = pos.parse_move("a1a8").unwrap();
    pos.make(m);
    assert!(pos.in_check());
}

/// Both Kings attacked (Rooks on the a- and h-files) is check, and a move
/// must free one of them: each King steps off its file (a8 to b7 or b8,
/// h8 to g7 or g8); a step along the file leaves both attacked.
#[test]
fn both_kings_attacked_is_check() {
    let pos = spartan()
        .position("k6k/8/8/8/8/8/8/R3K2R b - - 0 1")
        .unwrap();
    assert!(pos.in_check());
    assert_eq!(moves(&pos), ["a8b7", "a8b8", "h8g7", "h8g8"]);
}

/// The loader: several royal pieces only with check; the royal kind is a
/// promotion choice only where a side may have several.
#[test]
fn several_royals_are_checked() {
    let no_check = SPARTAN_FILE.replace(
        "several_royals = true",
        "several_royals = true\ncheck = false",
    );
    let e = load(&no_check).unwrap_err().to_string();
    assert!(
        e.contains("several royal pieces need a game with check"),
        "{e}"
    );
    let one = SPARTAN_FILE.replace("several_royals = true", "");
    let e = load(&one).unwrap_err().to_string();
    assert!(e.contains("'K' cannot be promoted to"), "{e}");
    // A goal or extinction looks at one royal piece a side.
    let goal = SPARTAN_FILE.replace(
        "several_royals = true",
        "several_royals = true\nroyal_goal = [{ files = [3, 4], ranks = [3, 4] }]",
    );
    let e = load(&goal).unwrap_err().to_string();
    assert!(e.contains("several royal pieces and a royal goal"), "{e}");
}

/// Two Kings can mate a lone King (a1, against b2 and c3: b2 takes every
/// flight and is guarded by c3): the Spartans with Kings alone can still
/// win on time; with one King they cannot.
#[test]
fn two_kings_can_still_win() {
    let mut mate = spartan()
        .position("8/8/8/8/8/2k5/1k6/K7 w - - 0 1")
        .unwrap();
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Checkmate
        })
    );
    let two = spartan()
        .position("8/8/8/2k5/8/5k2/8/K7 w - - 0 1")
        .unwrap();
    assert!(two.can_still_win(Side::Black));
    let one = spartan().position("8/8/8/2k5/8/8/8/K7 w - - 0 1").unwrap();
    assert!(!one.can_still_win(Side::Black));
}

/// En passant with several royal pieces (chess's file with
/// `several_royals`, a review's case): White's Kings a5 and h8, b5xc6 e.p.
/// opens the fifth rank from the Rook g5 to a5, but h8 stays safe, so the
/// capture is legal, and the position string keeps c6. With one King on
/// a5 it would not be.
#[test]
fn en_passant_leaving_one_king_attacked_is_legal() {
    let chess = include_str!("../../../../games/chess.toml").replace(
        "black_mirror = [1, -1, 1]",
        "black_mirror = [1, -1, 1]\nseveral_royals = true",
    );
    let game = tiny_file(&chess);
    let pos = game.position("7K/8/8/KPp3r1/8/8/8/4k3 w - c6 0 2").unwrap();
    assert!(moves(&pos).contains(&"b5c6".to_string()));
    assert!(pos.to_text().contains(" w - c6 0 2"), "{}", pos.to_text());
    // One King: the capture would expose it, so there is none (and the
    // position string drops c6, as FIDE's repetition rule counts it).
    let one = tiny_file(include_str!("../../../../games/chess.toml"));
    let pos = one.position("8/8/8/KPp3r1/8/8/8/4k3 w - c6 0 2").unwrap();
    assert!(!moves(&pos).contains(&"b5c6".to_string()));
    assert!(pos.to_text().contains(" w - - 0 2"), "{}", pos.to_text());
}
