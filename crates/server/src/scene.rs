//! What the page draws: every cell of a position with its place in 3-D,
//! its coordinates and its piece, the legal moves with their text and a
//! description in words, the status, the posts that hold a board up (Star
//! Trek's pins, Elevator's poles) and where the camera stands for each
//! side. Places are in board squares: x to the right, y up, z
//! toward Black; the page needs no knowledge of any game.

use chess3d_core::def::GameDef;
use chess3d_core::{BitSet, Move, MoveKind, MoveList, Position, Rules, Side, V3};
use chess3d_games::elevator::POLES;
use chess3d_games::startrek::board::PINS;
use chess3d_play::words::{board_cells, cell_label, move_words};
use serde::Serialize;

/// A cell of the board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CellView {
    /// The cell's name in the game's notation (`2c1`, `b2(2)`, `Bc2`).
    pub name: String,
    /// Level, file and rank in words, for the status line.
    pub label: String,
    /// The labels of its file and rank, as the board's edges show them.
    pub file: String,
    pub rank: String,
    /// Its board coordinates (file, rank, level as the rules number them).
    pub at: V3,
    /// Its centre in 3-D, in squares: `[x, height, depth]`.
    pub place: [f32; 3],
    pub light: bool,
    /// False for a cell that is not there now (an attack board's or an
    /// elevator's square elsewhere) but where a move would put one.
    pub present: bool,
    pub piece: Option<PieceView>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PieceView {
    /// The piece's letter in upper case.
    pub letter: char,
    /// 0 for the side that moves first, 1 for the other.
    pub side: usize,
    pub name: &'static str,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MoveView {
    pub from: String,
    pub to: String,
    /// The canonical text, which the page sends back to play it.
    pub text: String,
    /// As players read it (SAN for chess, `+` and `#`).
    pub label: String,
    /// The move in a player's words ("Pawn to a8, promoting to Queen",
    /// "Ox pushes: the Pawn goes to 2a4").
    pub words: String,
    /// Whether it captures (a shot, en passant, a push that drops a piece).
    pub capture: bool,
    /// For a move of an attack board or an elevator: the cells it leaves
    /// and the cells it lands on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardMove>,
    /// For a drop from the hand: the letter of the kind dropped (`from`
    /// and `to` are then both the cell it goes to).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drop: Option<char>,
}

/// Pieces of one kind in a side's hand.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct HandView {
    pub letter: char,
    pub name: &'static str,
    pub count: u8,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BoardMove {
    pub leaves: Vec<String>,
    pub lands: Vec<String>,
}

/// A post at (x, depth), in the same units as places, between two
/// heights; `levels` gives the same span in level numbers (fractions
/// between levels), for a page that spreads the levels apart.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Post {
    pub x: f32,
    pub z: f32,
    pub from: f32,
    pub to: f32,
    pub levels: [f32; 2],
}

/// Where the camera stands by default: degrees above the horizon, and for
/// each side the direction it looks from, in degrees counter-clockwise
/// seen from above, 0 being behind the first side's edge (rank 1).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Camera {
    pub elevation: f32,
    pub azimuth: [f32; 2],
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct View {
    pub cells: Vec<CellView>,
    pub legal: Vec<MoveView>,
    pub posts: Vec<Post>,
    /// Names of the levels, lowest first, with their z.
    pub levels: Vec<(i32, String)>,
    pub to_move: usize,
    pub check: bool,
    /// The cell of the King in check, if the side to move is in check.
    pub checked: Option<String>,
    /// The last move's from and to cells.
    pub last: Option<(String, String)>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`) and why.
    pub result: Option<(String, String)>,
    /// The position string.
    pub position: String,
    /// Each side's checks still to give, in a game that counts them
    /// (three-check chess).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checks_left: Option<[u8; 2]>,
    /// Each side's hand, in a game with drops: the kinds held, in the
    /// game's order of kinds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hands: Option<[Vec<HandView>; 2]>,
    /// Whether the hands' pieces are gated, never dropped (Seirawan
    /// chess): the page shows them, and offers them in the move menu.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub gated_only: bool,
    pub camera: Camera,
}

/// The view of `pos`; `result` is the game's (it may have ended off the
/// board, by resignation or agreement).
pub fn view<R: Rules>(pos: &Position<R>, result: Option<(&'static str, String)>) -> View {
    build(pos, result, true)
}

/// A past position of a game, for review: its board, whose move it was,
/// check and the move that led to it, without legal moves or a result.
pub fn past_view<R: Rules>(pos: &Position<R>) -> View {
    build(pos, None, false)
}

fn build<R: Rules>(pos: &Position<R>, result: Option<(&'static str, String)>, moves: bool) -> View {
    let t = pos.tables();
    let geo = &t.geo;
    let mut list = MoveList::new();
    if moves && result.is_none() {
        pos.clone().legal_moves(&mut list);
    }
    let legal = move_views(pos, &list);
    let present = R::present(pos);
    // Cells that are not there now are drawn where a move would put them.
    let arriving = |name: &str| {
        legal.iter().any(|m| {
            m.to == name
                || m.board
                    .as_ref()
                    .is_some_and(|b| b.lands.iter().any(|c| c == name))
        })
    };
    // Coordinate units per square: the pyramid's levels sit half a square
    // over the one below, so its coordinates count half squares.
    let step = t.def.naming.spacing;
    let mut cells = Vec::new();
    for cell in geo.cells() {
        let name = geo.name(cell);
        let here = present.contains(cell);
        if !here && !arriving(name) {
            continue;
        }
        let at = geo.coord(cell);
        let piece = pos.piece_at(cell);
        cells.push(CellView {
            name: name.to_string(),
            label: cell_label(&t.def.naming, name, at),
            file: t.def.naming.file(at[2], at[0]),
            rank: t.def.naming.row(at[2], at[1]),
            at,
            place: place(t.def, at),
            light: ((at[0] + at[1]) / step).rem_euclid(2) == 1,
            present: here,
            piece: (!piece.is_empty()).then(|| {
                let def = &t.def.pieces[piece.kind() as usize];
                PieceView {
                    letter: def.letter,
                    side: piece.side().index(),
                    name: def.name,
                }
            }),
        });
    }
    let mut levels: Vec<(i32, String)> = geo
        .levels()
        .iter()
        .map(|l| {
            let z = geo.coord(l.rows[0].cells[0])[2];
            (z, t.def.naming.level(z))
        })
        .collect();
    levels.sort();
    levels.dedup();
    let check = result.is_none() && pos.in_check();
    View {
        cells,
        legal,
        posts: posts(t.def),
        levels,
        to_move: pos.side_to_move().index(),
        check,
        checked: check
            .then(|| pos.royal_cell(pos.side_to_move()))
            .flatten()
            .map(|c| geo.name(c).to_string()),
        last: pos
            .moves_played()
            .last()
            .map(|m| (geo.name(m.from).to_string(), geo.name(m.to).to_string())),
        result: result.map(|(r, why)| (r.to_string(), why)),
        position: pos.to_text(),
        checks_left: pos
            .checks_left(Side::White)
            .zip(pos.checks_left(Side::Black))
            .map(|(w, b)| [w, b]),
        hands: pos.hands().map(|_| {
            Side::BOTH.map(|side| {
                pos.held(side)
                    .map(|(k, count)| HandView {
                        letter: t.def.pieces[k as usize].letter,
                        name: t.def.pieces[k as usize].name,
                        count,
                    })
                    .collect()
            })
        }),
        gated_only: t.def.gating_alone(),
        camera: Camera {
            elevation: t.def.drawing.elevation,
            azimuth: t.def.drawing.azimuth,
        },
    }
}

/// The moves of `list`, legal in `pos`, as the page shows them.
pub(crate) fn move_views<R: Rules>(pos: &Position<R>, list: &[Move]) -> Vec<MoveView> {
    let geo = &pos.tables().geo;
    let mut labeller = pos.clone();
    list.iter()
        .map(|&m| MoveView {
            from: geo.name(m.from).to_string(),
            to: geo.name(click_to(pos, m)).to_string(),
            text: pos.move_text(m),
            label: labeller.move_label(m),
            words: move_words(pos, m, list),
            capture: pos.is_capture(m),
            board: (m.kind == MoveKind::Board).then(|| board_move(pos, m)),
            drop: (m.kind == MoveKind::Drop)
                .then(|| pos.tables().def.pieces[m.extra as usize].letter),
        })
        .collect()
}

/// The cell a player clicks or drops on for a move: its end, but for a
/// castling from any file (Chess960) the King's own Rook, as UCI_Chess960
/// writes it and as chess sites take it; the King may end where it
/// starts, and a click on the selected King must not castle.
fn click_to<R: Rules>(pos: &Position<R>, m: Move) -> chess3d_core::Cell {
    if m.kind != MoveKind::Castle {
        return m.to;
    }
    let rule = &pos.tables().castling.rules[m.extra as usize];
    if rule.any_file {
        rule.rook_from
    } else {
        m.to
    }
}

/// The cells a board move leaves and lands on, by name.
fn board_move<R: Rules>(pos: &Position<R>, m: Move) -> BoardMove {
    let geo = &pos.tables().geo;
    let (leaves, lands) = board_cells(pos, m);
    let names =
        |cells: Vec<chess3d_core::Cell>| cells.iter().map(|&c| geo.name(c).to_string()).collect();
    BoardMove {
        leaves: names(leaves),
        lands: names(lands),
    }
}

/// How far Star Trek's attack boards are drawn out from the main boards,
/// in squares: a board on a pin covers the main board's corner column, so
/// drawn where it stands it would hide that column's squares; moved out,
/// every square of both shows.
const ATTACK_BOARD_OUT: f32 = 1.5;

/// A cell's centre in 3-D, in squares: where the game's drawing data puts
/// it, Star Trek's attack boards (files a–b and e–f on the odd levels)
/// drawn out from the main boards.
fn place(def: &GameDef, at: V3) -> [f32; 3] {
    let [x, y, z] = def.drawing.place(at);
    let out = match (def.id, at[2] % 2 == 1, at[0]) {
        ("startrek", true, 0 | 1) => -ATTACK_BOARD_OUT,
        ("startrek", true, _) => ATTACK_BOARD_OUT,
        _ => 0.0,
    };
    [x + out, y, z]
}

/// The posts that hold the boards: Star Trek's pins, Elevator's poles.
fn posts(def: &GameDef) -> Vec<Post> {
    let height = |z: f32| {
        let [_, h, _] = place(def, [0, 0, z.floor() as i32]);
        let [_, h1, _] = place(def, [0, 0, z.floor() as i32 + 1]);
        h + (h1 - h) * z.fract()
    };
    let post = |x: f32, z: f32, from: f32, to: f32| Post {
        x,
        z,
        from: height(from),
        to: height(to),
        levels: [from, to],
    };
    match def.id {
        "startrek" => {
            // A pin stands at the main board's corner, from the inverted
            // board's level to the upright one's, beside the drawn-out
            // attack boards.
            PINS.iter()
                .map(|pin| {
                    let [(x0, y0), ..] = pin.columns();
                    let x = if x0 == 0 {
                        0.5 - ATTACK_BOARD_OUT / 2.0
                    } else {
                        4.5 + ATTACK_BOARD_OUT / 2.0
                    };
                    let z = if y0 < pin.y {
                        pin.y as f32 - 0.5
                    } else {
                        pin.y as f32 + 0.5
                    };
                    let level = pin.level as f32;
                    post(x, z, level - 1.0, level + 1.0)
                })
                .collect()
        }
        "elevator" => (0..POLES)
            .map(|p| {
                post(
                    (p % 4 * 2) as f32 + 0.5,
                    (p / 4 * 2) as f32 + 0.5,
                    0.75,
                    4.45,
                )
            })
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess3d_games::chess::ChessRules;
    use chess3d_games::elevator::ElevatorRules;
    use chess3d_games::startrek::StarTrekRules;

    #[test]
    fn chess_start_has_64_cells_and_20_moves_and_a1_is_dark() {
        let v = view(&Position::<ChessRules>::start(), None);
        assert_eq!(v.cells.len(), 64);
        assert_eq!(v.legal.len(), 20);
        let a1 = v.cells.iter().find(|c| c.name == "a1").unwrap();
        let h1 = v.cells.iter().find(|c| c.name == "h1").unwrap();
        // a1 is a dark square and h1 a light one on every chessboard.
        assert!(!a1.light && h1.light);
        assert_eq!(a1.piece.as_ref().map(|p| p.letter), Some('R'));
        assert_eq!((a1.file.as_str(), a1.rank.as_str()), ("a", "1"));
    }

    fn words_of(v: &View, text: &str) -> String {
        v.legal
            .iter()
            .find(|m| m.text == text)
            .unwrap()
            .words
            .clone()
    }

    #[test]
    fn moves_are_described_in_words() {
        let mut pos =
            Position::<ChessRules>::from_text("4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
        let v = view(&pos, None);
        assert_eq!(words_of(&v, "a7a8q"), "Pawn to a8, promoting to Queen");
        assert_eq!(words_of(&v, "a7a8n"), "Pawn to a8, promoting to Knight");
        assert_eq!(words_of(&v, "e1g1"), "castle on the King's side");
        assert_eq!(words_of(&v, "e1c1"), "castle on the Queen's side");
        assert_eq!(words_of(&v, "a1a2"), "Rook to a2");
        assert_eq!(v.checked, None);
        // Rh8+: the Black King on e8 is the checked cell.
        pos.play("h1h8").unwrap();
        let v = view(&pos, None);
        assert!(v.check);
        assert_eq!(v.checked.as_deref(), Some("e8"));
    }

    #[test]
    fn the_seeds_ox_on_2a1_pushes_or_leaps_to_2a3() {
        // Seed 003's example: the White Ox on 2a1 with a White Pawn on 2a2
        // moves to 2a3 either by leaping over the Pawn or by pushing it to
        // 2a4.
        let v = view(&Position::<ElevatorRules>::start(), None);
        assert_eq!(
            words_of(&v, "2a1>2a3"),
            "Ox pushes to 2a3: the Pawn goes to 2a4"
        );
        assert_eq!(words_of(&v, "2a1-2a3"), "Ox leaps to 2a3, pushing nothing");
        // Pushing the Pawn to 2a4 drops nothing: not a capture.
        assert!(!v
            .legal
            .iter()
            .any(|m| m.text.starts_with("2a1") && m.capture));
    }

    #[test]
    fn a_push_says_which_pieces_move_on_and_which_fall() {
        // elevator_rules.rs's chain from the seed: the Ox on 4c3 pushes a
        // White Pawn, a Black Camel and a Black Knight two cells up 4c; the
        // Knight, then the Camel fall into the shaft, the Pawn ends on 4c6.
        let pos = Position::<ElevatorRules>::from_text(
            "K7/7k/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/2n5/2c5/2P5/2O5/8/8 \
             w - - 0 1 - 4444/2323/3232/1111",
        )
        .unwrap();
        let v = view(&pos, None);
        assert_eq!(
            words_of(&v, "4c3>4c5"),
            "Ox pushes to 4c5: the Pawn goes to 4c6, the Black Walking Knight falls, \
             the Black Walking Camel falls"
        );
        let capture = |text: &str| v.legal.iter().find(|m| m.text == text).unwrap().capture;
        assert!(capture("4c3>4c5") && capture("4c3>4c4"));
        assert_eq!(
            words_of(&v, "4c3>4c4"),
            "Ox pushes to 4c4: the Pawn goes to 4c5, the Walking Camel goes to 4c6, \
             the Black Walking Knight falls"
        );
    }

    #[test]
    fn board_moves_say_where_the_board_goes_and_which_cells_it_takes() {
        // Black's E3c4U on move 1 (RULINGS.md §4): the elevator at level 3
        // on pole c4 (files e–f, ranks 7–8) rises into the shaft at level 4.
        let mut pos = Position::<ElevatorRules>::start();
        pos.play("2a2-2a3").unwrap();
        let v = view(&pos, None);
        let up = v.legal.iter().find(|m| m.text == "E3c4U").unwrap();
        assert_eq!(up.words, "the elevator up to level 4, with its pieces");
        let board = up.board.as_ref().unwrap();
        let sorted = |v: &[String]| {
            let mut v = v.to_vec();
            v.sort();
            v
        };
        assert_eq!(sorted(&board.leaves), ["3e7", "3e8", "3f7", "3f8"]);
        assert_eq!(sorted(&board.lands), ["4e7", "4e8", "4f7", "4f8"]);
        // Every landing cell is in the view, drawn where it would be.
        for cell in &board.lands {
            let c = v.cells.iter().find(|c| &c.name == cell).unwrap();
            assert!(!c.present);
        }
        // Star Trek: White's board on b1(2), emptied, may turn over or
        // move to its neighbour pin b3(4) (RULINGS.md §3).
        let pos = Position::<StarTrekRules>::from_text(
            "4/4/4/4|4/4/PPPP/NBBN|4/4/4/4/4/4/2PP/2KR|4/4/4/4|4/4/4/4/4/4/4/4|nbbn/pppp/4/4\
             |rqkr/pppp/4/4 w Kkq - 0 1 b1(2):w,e1(2):w,b8(6):b,e8(6):b - -",
        )
        .unwrap();
        let v = view(&pos, None);
        assert_eq!(
            words_of(&v, "Lb1(2)-b3(4)"),
            "the attack board to pin b3(4), upright"
        );
        assert_eq!(
            words_of(&v, "Lb1(2)-b1(2)i"),
            "the attack board turned over (inverted)"
        );
    }

    #[test]
    fn star_trek_attack_boards_are_drawn_clear_of_the_main_boards() {
        let v = view(&Position::<StarTrekRules>::start(), None);
        let main_x = |c: &CellView| c.at[2] % 2 == 0;
        let (mains, attacks): (Vec<&CellView>, Vec<&CellView>) =
            v.cells.iter().partition(|c| main_x(c));
        // Tiles are a square wide: no attack-board tile overlaps a
        // main-board tile seen from above.
        for a in &attacks {
            for m in &mains {
                assert!(
                    (a.place[0] - m.place[0]).abs() >= 1.2,
                    "{} {}",
                    a.name,
                    m.name
                );
            }
        }
    }
}
