//! A kind confined to a zone (`confined`) and a leap allowed only from
//! one (`from`) with the rest of the format (xiangqi, their first game,
//! has its own tests: `xiangqi.rs`): the rules that could take a confined
//! piece out of its zone are refused at load, and a confined piece's
//! shots stay in its zone as its moves do. Chess's file, changed.

use chess3d_games::file::load;

use crate::common::{moves_from, tiny_file};

const CHESS_FILE: &str = include_str!("../../../../games/chess.toml");

const ROOK: &str = "moves = [{ slide = [1, 0, 0], sym = \"perms-xy\" }]";
const KNIGHT: &str = "moves = [{ leap = [1, 2, 0], sym = \"perms-xy\" }]";
const KING: &str = "    { leap = [1, 1, 0], sym = \"signs\" },\n]\n";
const PAWN: &str = "from = [{ ranks = [1, 1] }] } }";

/// Chess's file with `add` written after `after` (there once).
fn with(after: &str, add: &str) -> String {
    assert_eq!(CHESS_FILE.matches(after).count(), 1, "{after}");
    CHESS_FILE.replacen(after, &format!("{after}\n{add}"), 1)
}

/// `text` must be refused at the line of `at` (its first occurrence),
/// saying `says`.
fn refused(text: &str, at: &str, says: &str) {
    let e = load(text).expect_err(says);
    let line = text[..text.find(at).unwrap()].matches('\n').count() + 1;
    assert_eq!(e.line, line, "{e}");
    assert!(e.message.contains(says), "{e}");
}

/// Every rule that moves a piece by other means than its own moves would
/// put a confined kind outside its zone: a promotion to it, the kind
/// another becomes, en passant, castling to a cell outside. Each is
/// refused at the confinement.
#[test]
fn rules_that_would_take_a_confined_piece_out_are_refused() {
    let low = "confined = [{ ranks = [0, 3] }]";
    refused(
        &with(KNIGHT, low),
        low,
        "'N' is confined to a zone, so it cannot be a promotion choice",
    );
    let king = "confined = [{ files = [2, 5] }]";
    refused(
        &with(KING, king),
        king,
        "castling O-O cannot take it to g1, outside",
    );
    refused(
        &with(PAWN, "confined = [{ ranks = [1, 4] }]"),
        "confined = [{ ranks = [1, 4] }]",
        "it cannot take en passant",
    );
    // Kept within the zone, castling is no reason to refuse: the King on
    // files c to g.
    assert!(load(&with(KING, "confined = [{ files = [2, 6] }]")).is_ok());
    // A leap's start cells must be on the board for both sides.
    let nowhere = "moves = [{ leap = [1, 2, 0], sym = \"perms-xy\", from = [{ ranks = [8, 9] }] }]";
    refused(
        &CHESS_FILE.replacen(KNIGHT, nowhere, 1),
        nowhere,
        "the leap's from has no cell on the board for White",
    );
    // The flying General needs check; so does nothing else here.
    let xiangqi = include_str!("../../../../games/xiangqi.toml");
    refused(
        &xiangqi.replacen(
            "stalemate = \"loss\"",
            "stalemate = \"loss\"\ncheck = false",
            1,
        ),
        "royals_may_not_face",
        "need a game with check",
    );
}

/// A Rook that shoots (captures without moving) confined to the first
/// four ranks attacks only them: Black's King a5, on its file beyond,
/// is not in check and cannot be shot; the Knight a4, inside, can.
#[test]
fn a_confined_shooter_shoots_only_into_its_zone() {
    let shooter = "moves = [{ slide = [1, 0, 0], sym = \"perms-xy\", mode = \"shoot\" }]\n\
                   confined = [{ ranks = [0, 3] }]";
    let text = CHESS_FILE.replacen(ROOK, shooter, 1).replacen(
        "choices = [\"Q\", \"R\", \"B\", \"N\"]",
        "choices = [\"Q\", \"B\", \"N\"]",
        1,
    );
    let game = tiny_file(&text);
    let pos = game.position("8/8/8/k7/8/8/8/R6K w - - 0 1").unwrap();
    assert_eq!(moves_from(&pos, "a1"), Vec::<String>::new());
    let pos = game.position("8/8/8/k7/n7/8/8/R6K w - - 0 1").unwrap();
    let shots: Vec<String> = moves_from(&pos, "a1");
    assert_eq!(shots.len(), 1, "{shots:?}");
    assert!(game.position("8/8/8/8/k7/8/8/R6K w - - 0 1").is_err());
}
