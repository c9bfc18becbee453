//! Moves as players type them: the canonical form of RULINGS.md, and the
//! shorter forms the seeds and chess players use, resolved against the
//! legal moves. A form that fits several legal moves is refused with them
//! listed, never guessed.
//!
//! Accepted besides the canonical text:
//! - check and comment marks at the end: `+`, `#`, `!`, `?`;
//! - any case, and the separators `-`, `x`, `:` and `=` left out or
//!   swapped: `0e4-0d5` for the capture `0e4x0d5`, `e7e8=Q` for `e7e8q`;
//! - a leading piece letter: `Pb2(2)-b4(2)` (Star Trek), `Ng1f3`;
//! - a piece letter and the destination alone: `O2a3` (Elevator's leap),
//!   `Nf3`, or the destination alone for a pawn: `e4`; Elevator's push
//!   `O2a3/Pa4` names the pushed piece after a `/`.

use chess3d_core::{Move, MoveKind, MoveList, Position, Rules};

/// The legal move `text` stands for, or why there is none.
pub fn read_move<R: Rules>(pos: &mut Position<R>, text: &str) -> Result<Move, String> {
    if text.len() > chess3d_core::MAX_MOVE_TEXT {
        return Err(chess3d_core::MoveError::TooLong {
            len: text.len(),
            max: chess3d_core::MAX_MOVE_TEXT,
        }
        .to_string());
    }
    let text = text.trim();
    let canonical_error = match pos.parse_move(text) {
        Ok(m) => return Ok(m),
        Err(e) => e.to_string(),
    };
    let mut legal = MoveList::new();
    if pos.outcome().is_none() {
        pos.legal_moves(&mut legal);
    }
    let stripped = text.trim_end_matches(['+', '#', '!', '?']);
    let (body, pushed) = match stripped.split_once('/') {
        Some((body, pushed)) if !pushed.is_empty() => (body, true),
        _ => (stripped, false),
    };
    let wanted = squeeze(body);
    let letter = body.chars().next().filter(char::is_ascii_uppercase);
    // The text after a leading piece letter (an ASCII letter: one byte).
    let after_letter = squeeze(body.get(1..).unwrap_or(""));
    let t = pos.tables();
    // Board and elevator moves may start from an empty square: no mover.
    let mover = |m: &Move| {
        let p = pos.piece_at(m.from);
        (!p.is_empty()).then(|| &t.kinds[p.kind() as usize].def)
    };
    let mover_letter = |m: &Move| mover(m).map(|d| d.letter);
    let is_pawn = |m: &Move| mover(m).is_some_and(|d| d.pawn.is_some());
    let fits = |m: &Move| -> bool {
        if pushed != (m.kind == MoveKind::Push) {
            return false;
        }
        let full = squeeze(&pos.move_text(*m));
        let to = squeeze(t.geo.name(m.to));
        let promo = m
            .promotion
            .map(|k| {
                t.kinds[k as usize]
                    .def
                    .letter
                    .to_ascii_lowercase()
                    .to_string()
            })
            .unwrap_or_default();
        let from = squeeze(t.geo.name(m.from));
        // Destination and promotion, after part of the origin (a file, a
        // rank, or nothing) as chess players disambiguate.
        let short = |s: &str| {
            s.strip_suffix(&format!("{to}{promo}"))
                .is_some_and(|part| from.contains(part))
        };
        let by_letter = letter.is_some_and(|l| Some(l) == mover_letter(m));
        // A capital letter names a piece, unless it begins a square's name
        // (Polyhedron's levels): `Bb3` is no pawn move in chess.
        let starts_square =
            |l: char| t.geo.name(m.from).starts_with(l) || t.geo.name(m.to).starts_with(l);
        let pawn_form = letter.is_none_or(starts_square);
        full == wanted
            || (by_letter && (full == after_letter || short(&after_letter)))
            || (pawn_form && is_pawn(m) && short(&wanted))
    };
    let found: Vec<Move> = legal.iter().copied().filter(|m| fits(m)).collect();
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(canonical_error),
        several => {
            let mut texts: Vec<String> = several.iter().map(|&m| pos.move_text(m)).collect();
            texts.sort();
            Err(format!(
                "'{}' is ambiguous: it could be {}",
                text.escape_debug(),
                texts.join(" or ")
            ))
        }
    }
}

/// Lower case without the separators players leave out or swap.
fn squeeze(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X' | ':' | '='))
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess3d_games::{chess::ChessRules, elevator::ElevatorRules, startrek::StarTrekRules};

    fn read<R: Rules>(moves: &[&str], text: &str) -> Result<String, String> {
        let mut pos = Position::<R>::start();
        for m in moves {
            pos.play(m).unwrap();
        }
        read_move(&mut pos, text).map(|m| pos.move_text(m))
    }

    #[test]
    fn chess_forms() {
        assert_eq!(read::<ChessRules>(&[], "e2e4").unwrap(), "e2e4");
        assert_eq!(read::<ChessRules>(&[], "e4").unwrap(), "e2e4");
        // A capital letter is a piece: no Bishop reaches b3, no pawn move.
        assert!(read::<ChessRules>(&[], "Bb3").is_err());
        assert_eq!(read::<ChessRules>(&[], "Nf3").unwrap(), "g1f3");
        assert_eq!(read::<ChessRules>(&[], "Ng1-f3+").unwrap(), "g1f3");
        assert_eq!(read::<ChessRules>(&[], "E2-E4").unwrap(), "e2e4");
        let ex = ["e2e4", "d7d5"];
        assert_eq!(read::<ChessRules>(&ex, "e4xd5").unwrap(), "e4d5");
        assert_eq!(read::<ChessRules>(&ex, "exd5").unwrap(), "e4d5");
        assert_eq!(read::<ChessRules>(&ex, "e4d5").unwrap(), "e4d5");
        // The King on e1 cannot go to e2 at the start: the usual error.
        let err = read::<ChessRules>(&[], "Ke2").unwrap_err();
        assert!(
            err.contains("cannot read") || err.contains("illegal"),
            "{err}"
        );
        assert!(read::<ChessRules>(&[], "hello").is_err());
    }

    #[test]
    fn chess_ambiguity_is_refused() {
        // Two Knights, on c3 and g1, both reach e2 once e2 is empty.
        let moves = ["b1c3", "b8c6", "e2e4", "e7e5"];
        let err = read::<ChessRules>(&moves, "Ne2").unwrap_err();
        assert!(
            err.contains("ambiguous") && err.contains("c3e2") && err.contains("g1e2"),
            "{err}"
        );
        assert_eq!(read::<ChessRules>(&moves, "Nce2").unwrap(), "c3e2");
    }

    proptest::proptest! {
        /// Any typed text: a move or an error, never a panic.
        #[test]
        fn any_text_is_read_or_refused(text in ".{0,12}") {
            let mut pos = Position::<ElevatorRules>::start();
            if let Ok(m) = read_move(&mut pos, &text) {
                let mut legal = MoveList::new();
                pos.legal_moves(&mut legal);
                proptest::prop_assert!(legal.contains(&m));
            }
        }
    }

    #[test]
    fn star_trek_piece_letter() {
        // RULINGS.md §3 Notation: "a leading piece letter such as
        // `Pb2(2)-b4(2)` may be accepted as input".
        assert_eq!(
            read::<StarTrekRules>(&[], "Pb2(2)-b4(2)").unwrap(),
            "b2(2)-b4(2)"
        );
    }

    #[test]
    fn elevator_seed_forms() {
        // RULINGS.md §4: plain `O2a3` is the leap; a push names the pushed
        // piece after a slash. The Ox on 2a1 leaps to 2a3 at the start.
        let leap = read::<ElevatorRules>(&[], "O2a3");
        assert_eq!(leap.unwrap(), "2a1-2a3");
        // The push of the same Ox to 2a3 drives the Pawn from 2a2 to 2a4.
        assert_eq!(read::<ElevatorRules>(&[], "O2a3/Pa4").unwrap(), "2a1>2a3");
        // After the leap, the elevator move from the emptied 2a1 is legal:
        // short forms must cope with a move without a mover.
        let err = read::<ElevatorRules>(&["2a1-2a3", "3a7-3a6"], "zz").unwrap_err();
        assert!(err.contains("cannot read"), "{err}");
        assert!(read::<ElevatorRules>(&["2a1-2a3", "3a7-3a6"], "2b3").is_ok_and(|m| m == "2b2-2b3"));
    }
}
