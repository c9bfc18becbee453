//! Spartan chess (games/spartan.toml): several royal pieces
//! (`several_royals`): the Spartans' two Kings, in check only when both
//! are attacked. Against Fairy-Stockfish's published perft and positions
//! worked out by hand.

use chess3d_core::perft::perft;
use chess3d_core::Variant;
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
}
