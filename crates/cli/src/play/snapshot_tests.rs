//! Snapshots of the terminal interface for every game, drawn on ratatui's
//! TestBackend, with a piece selected and its destinations highlighted.
//! Each snapshot is the screen's text and a map of the board's highlights
//! (`S` selected, `D` destination, `X` capture, `.` other squares). Besides
//! the snapshot, each test checks that the highlighted squares are exactly
//! the rules' legal destinations of the selected piece.

use chess3d_core::{Cell, Game, MoveList, Position};
use chess3d_engine::{with_engine_game, EngineVisitor, Evaluate};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

use super::board::{self, CAPTURE, DESTINATION, SELECTED};
use super::session::{Seat, Session};
use super::tui::App;

const WIDTH: u16 = 132;
const HEIGHT: u16 = 44;

/// The White piece with the most destinations (the first in cell order on
/// a tie): it shows the most highlighting.
fn busiest_piece<R: Evaluate>(pos: &mut Position<R>) -> Cell {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut best = (0, Cell::MAX);
    for m in moves.iter() {
        let mut dests: Vec<Cell> = moves
            .iter()
            .filter(|n| n.from == m.from)
            .map(|n| n.to)
            .collect();
        dests.sort_unstable();
        dests.dedup();
        if dests.len() > best.0 || (dests.len() == best.0 && m.from < best.1) {
            best = (dests.len(), m.from);
        }
    }
    best.1
}

struct Snapshot;

impl EngineVisitor for Snapshot {
    type Output = (String, Vec<Cell>, Vec<Cell>);
    /// The snapshot text, the highlighted squares, and the rules' legal
    /// destinations of the selected piece.
    fn visit<R: Evaluate>(self) -> Self::Output {
        let mut pos = Position::<R>::start();
        let from = busiest_piece(&mut pos);
        let session = Session::new(pos.clone(), [Seat::Human, Seat::Human], None);
        let mut app = App::new(session);
        app.marks.cursor = Some(from);
        app.select(from);
        let mut terminal = Terminal::new(TestBackend::new(WIDTH, HEIGHT)).expect("a test terminal");
        terminal.draw(|f| app.draw(f)).expect("drawn");
        let buffer = terminal.backend().buffer().clone();
        let lay = board::layout(&pos, &app.marks, app.board_area);
        let mut highlighted = Vec::new();
        let mut map = vec![vec![' '; WIDTH as usize]; HEIGHT as usize];
        for sq in lay.panels.iter().flat_map(|p| &p.squares) {
            let bg = buffer[(sq.x, sq.y)].bg;
            let mark = match bg {
                b if b == SELECTED => 'S',
                b if b == DESTINATION => 'D',
                b if b == CAPTURE => 'X',
                _ => '.',
            };
            if matches!(mark, 'D' | 'X') {
                highlighted.push(sq.cell);
            }
            map[sq.y as usize][sq.x as usize + 1] = mark;
        }
        let mut text = format!(
            "{}: selected {}\n",
            Position::<R>::id(),
            pos.tables().geo.name(from)
        );
        for y in 0..HEIGHT {
            let line: String = (0..WIDTH).map(|x| buffer[(x, y)].symbol()).collect();
            text += line.trim_end();
            text.push('\n');
        }
        text += "highlights:\n";
        for row in map {
            let line: String = row.into_iter().collect();
            if !line.trim().is_empty() {
                text += line.trim_end();
                text.push('\n');
            }
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut legal: Vec<Cell> = moves
            .iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect();
        legal.sort_unstable();
        legal.dedup();
        highlighted.sort_unstable();
        (text, highlighted, legal)
    }
}

fn check(game: &str) -> usize {
    let (text, highlighted, legal) = with_engine_game(game, Snapshot).expect("a game");
    assert!(!legal.is_empty());
    assert_eq!(
        highlighted, legal,
        "{game}: highlighted squares are the legal destinations"
    );
    insta::assert_snapshot!(game, text);
    legal.len()
}

#[test]
fn chess_board() {
    // At the start the busiest White pieces are the Knights and the pawns,
    // two destinations each (counted by hand: Nb1 to a3 or c3); b1 comes
    // first.
    assert_eq!(check("chess"), 2);
}

#[test]
fn ziggurat_board() {
    check("ziggurat");
}

#[test]
fn ziggurat43_board() {
    check("ziggurat43");
}

#[test]
fn startrek_board() {
    check("startrek");
}

#[test]
fn elevator_board() {
    check("elevator");
}

#[test]
fn polyhedron_board() {
    check("polyhedron");
}

#[test]
fn a_window_too_small_says_so() {
    // Polyhedron's widest level needs more than 20 columns.
    let pos = chess3d_games::polyhedron::Polyhedron::start();
    let session = Session::new(pos, [Seat::Human, Seat::Human], None);
    let mut app = App::new(session);
    let mut terminal = Terminal::new(TestBackend::new(60, 12)).expect("a test terminal");
    terminal.draw(|f| app.draw(f)).expect("drawn");
    let text: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(text.contains("the window is too small"), "{text}");
}

#[test]
fn the_moves_command_opens_a_window_with_every_legal_move() {
    let session = Session::new(
        Position::<chess3d_games::chess::ChessRules>::start(),
        [Seat::Human, Seat::Human],
        None,
    );
    let mut app = App::new(session);
    app.command(super::command::Typed::Moves);
    let mut terminal = Terminal::new(TestBackend::new(WIDTH, HEIGHT)).expect("a test terminal");
    terminal.draw(|f| app.draw(f)).expect("drawn");
    let text: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    // Chess's 20 opening moves, all shown.
    assert!(text.contains("20 legal moves"), "{text}");
    // In SAN, as they are typed and shown.
    for m in ["Na3", "Nh3", "Nf3"] {
        assert!(text.contains(m), "{m}");
    }
    assert!(!text.contains("g1f3"), "{text}");
}

/// The screen's text.
fn screen<R: Evaluate>(app: &mut App<R>, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal.draw(|f| app.draw(f)).expect("drawn");
    let buffer = terminal.backend().buffer().clone();
    (0..height)
        .map(|y| {
            let line: String = (0..width).map(|x| buffer[(x, y)].symbol()).collect();
            line.trim_end().to_string() + "\n"
        })
        .collect()
}

#[test]
fn review_steps_through_the_game_and_comes_back() {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let key = |code| KeyEvent::new(code, KeyModifiers::NONE);
    let shift = |code| KeyEvent::new(code, KeyModifiers::SHIFT);
    let session = Session::new(
        Position::<chess3d_games::chess::ChessRules>::start(),
        [Seat::Human, Seat::Human],
        None,
    );
    let mut app = App::new(session);
    for m in ["e4", "e5", "Nf3"] {
        app.command(super::command::Typed::Move(m.to_string()));
    }
    let live = screen(&mut app, 80, 24);
    assert!(
        live.contains("1. e4  e5") && live.contains("2. Nf3"),
        "{live}"
    );
    // Home: the start; the pawns back on rank 2, the status says so.
    app.key(key(KeyCode::Home));
    let start = screen(&mut app, 80, 24);
    assert!(
        start.contains("REVIEWING the start (White to move)"),
        "{start}"
    );
    assert_eq!(app.review.as_ref().map(|r| r.0), Some(0));
    // Shift+→ twice: after 1... e5, Black's move in brackets.
    app.key(shift(KeyCode::Right));
    app.key(key(KeyCode::Right));
    let after = screen(&mut app, 80, 24);
    assert!(
        after.contains("REVIEWING move 1... e5 (White to move)"),
        "{after}"
    );
    assert!(after.contains("[e5]"), "{after}");
    // Nothing is played on a past position.
    app.key(key(KeyCode::Enter));
    assert_eq!(app.session.moves.len(), 3);
    assert!(app.message.contains("past position"), "{}", app.message);
    // End: the live game again.
    app.key(key(KeyCode::End));
    assert!(app.review.is_none());
    assert!(!screen(&mut app, 80, 24).contains("REVIEWING"));
    // `continue` from move 1 takes back the two moves after it; redo
    // brings them back.
    app.key(key(KeyCode::Home));
    app.key(key(KeyCode::Right));
    app.command(super::command::Typed::Continue);
    assert_eq!(app.session.moves, ["e2e4"]);
    assert!(app.review.is_none());
    app.command(super::command::Typed::Redo);
    assert_eq!(app.session.moves.len(), 2);
}

#[test]
fn clocks_show_beside_the_moves() {
    let mut session = Session::new(
        Position::<chess3d_games::chess::ChessRules>::start(),
        [Seat::Human, Seat::Human],
        None,
    );
    session.set_clock(chess3d_play::clock::TimeControl::parse("5+3").unwrap());
    let mut app = App::new(session);
    let text = screen(&mut app, 80, 24);
    // Nothing runs before the first move; both at 5:00.
    let clock = |side: &str| {
        text.lines()
            .any(|l| l.contains(&format!(" {side} ")) && l.ends_with(" 5:00"))
    };
    assert!(clock("White") && clock("Black"), "{text}");
    app.command(super::command::Typed::Move("e4".to_string()));
    let text = screen(&mut app, 80, 24);
    // Black's clock runs now, marked without colour.
    assert!(text.contains("▶ Black"), "{text}");
}
