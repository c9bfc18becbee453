//! Game records: a PGN-style text of tags and moves in canonical notation.
//!
//! ```text
//! [Game "chess"]
//! [White "chess3d depth=3"]
//! [Black "random"]
//! [Result "1-0"]
//!
//! 1. e2e4 e7e5 2. d1h5 b8c6 ... 1-0
//! ```
//!
//! Tags come in the order given; a position not from the game's start has
//! `[FEN "..."]`, options other than the defaults `[Options "a=on b=off"]`.

use crate::{Outcome, Side};

/// A finished or unfinished game as text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    /// The side to move before the first move (the move numbers start
    /// with `1...` for Black).
    pub first_mover: Option<Side>,
    pub moves: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

/// The result token of a game that ended so, or is unfinished (`*`).
pub fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Win {
            winner: Side::White,
            ..
        }) => "1-0",
        Some(Outcome::Win {
            winner: Side::Black,
            ..
        }) => "0-1",
        Some(Outcome::Draw(_)) => "1/2-1/2",
        None => "*",
    }
}

impl Record {
    /// The text, moves wrapped at 80 columns, ending with a blank line.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (name, value) in &self.tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{name} \"{value}\"]\n"));
        }
        out.push('\n');
        let mut tokens = Vec::new();
        let black_first = self.first_mover == Some(Side::Black);
        for (i, m) in self.moves.iter().enumerate() {
            let ply = i + usize::from(black_first);
            if ply % 2 == 0 {
                tokens.push(format!("{}.", ply / 2 + 1));
            } else if i == 0 {
                tokens.push("1...".to_string());
            }
            tokens.push(m.clone());
        }
        tokens.push(self.result.clone());
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > 80 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DrawReason, WinReason};

    #[test]
    fn tags_moves_and_result() {
        let r = Record {
            tags: vec![
                ("Game".into(), "chess".into()),
                ("White".into(), "say \"hi\"".into()),
            ],
            first_mover: Some(Side::White),
            moves: vec!["e2e4".into(), "e7e5".into(), "g1f3".into()],
            result: "*".into(),
        };
        assert_eq!(
            r.to_text(),
            "[Game \"chess\"]\n[White \"say \\\"hi\\\"\"]\n\n1. e2e4 e7e5 2. g1f3 *\n\n"
        );
    }

    #[test]
    fn black_first_and_wrapping() {
        let r = Record {
            tags: vec![],
            first_mover: Some(Side::Black),
            moves: vec!["a7a6".into(); 30],
            result: "1/2-1/2".into(),
        };
        let text = r.to_text();
        assert!(text.starts_with("\n1... a7a6 2. a7a6 a7a6 3."), "{text}");
        assert!(text.lines().all(|l| l.len() <= 80));
        assert!(text.trim_end().ends_with("1/2-1/2"));
        // 30 moves, 16 move numbers (1... then 2. to 16.), one result.
        assert_eq!(text.split_whitespace().count(), 30 + 16 + 1);
    }

    #[test]
    fn result_tokens() {
        let win = |winner| {
            Some(Outcome::Win {
                winner,
                reason: WinReason::Checkmate,
            })
        };
        assert_eq!(result_token(win(Side::White)), "1-0");
        assert_eq!(result_token(win(Side::Black)), "0-1");
        assert_eq!(
            result_token(Some(Outcome::Draw(DrawReason::Stalemate))),
            "1/2-1/2"
        );
        assert_eq!(result_token(None), "*");
    }
}
