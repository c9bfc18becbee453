//! Nothing played or offered out of sight: marks on levels the window
//! leaves out are named on the status line and reached with Tab, and the
//! levels shown follow the last move, never a selection.

use chess3d_core::{BuiltIn, Position};
use chess3d_engine::Evaluate;
use chess3d_games::elevator::ElevatorRules;
use chess3d_games::polyhedron::PolyhedronRules;
use chess3d_games::ziggurat::ZigguratRules;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

use super::board::{self, Colours};
use super::session::{Seat, Session};
use super::snapshot_tests::screen;
use super::tui::App;

fn app<R: Evaluate + BuiltIn>() -> App<R> {
    let game = Position::<R>::variant_of_type();
    App::with_colours(
        Session::new(game.start(), [Seat::Human, Seat::Human], None),
        Colours::Mono,
    )
}

fn legal<R: Evaluate>(app: &App<R>) -> Vec<chess3d_core::Move> {
    let mut moves = chess3d_core::MoveList::new();
    app.session.pos.clone().legal_moves(&mut moves);
    moves.to_vec()
}

fn cell<R: Evaluate>(app: &App<R>, name: &str) -> chess3d_core::Cell {
    app.session
        .pos
        .tables()
        .geo
        .parse_cell(name)
        .expect("a square")
}

/// The case: Polyhedron at 80×24, the piece on Bc2 selected. The
/// issue counted five destinations of which only Ae4 was drawn (levels A
/// and B are): the status line names the other 4, on C and D, and Tab
/// brings each into view.
#[test]
fn destinations_out_of_sight_are_named_and_reached_with_tab() {
    let mut app = app::<PolyhedronRules>();
    let from = cell(&app, "Bc2");
    app.marks.cursor = Some(from);
    app.select(from);
    // The screen itself is snapshot_tests' polyhedron-mono-80x24.
    let shown = screen(&mut app, 80, 24);
    assert_eq!(app.marks.destinations.len(), 5, "{shown}");
    assert!(shown.contains("4 more on levels C, D: Tab"), "{shown}");
    // Tab after Tab: every destination comes under the cursor and into
    // view, from the first out of sight.
    let mut reached = Vec::new();
    for _ in 0..5 {
        app.key(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE));
        let at = app.marks.cursor.expect("a cursor");
        let lay = board::layout(&app.session.pos, &app.marks, app.board_area());
        assert!(lay.shows(at), "Tab went to a square not drawn");
        reached.push(at);
    }
    reached.sort_unstable();
    let mut dests: Vec<_> = app.marks.destinations.iter().map(|d| d.0).collect();
    dests.sort_unstable();
    assert_eq!(reached, dests);
}

/// Selecting a piece never moves the levels: the Ox on 2a1 of Elevator,
/// whose elevator could go down to level 1, used to re-lay the board from
/// four levels to two.
#[test]
fn selecting_a_piece_does_not_move_the_levels() {
    let mut app = app::<ElevatorRules>();
    let ox = cell(&app, "2a1");
    app.marks.cursor = Some(ox);
    let before = screen(&mut app, 80, 24);
    app.select(ox);
    assert!(
        !app.marks.ghosts.is_empty(),
        "the elevator's squares are offered"
    );
    let after = screen(&mut app, 80, 24);
    let titles = |s: &str| -> Vec<(usize, usize)> {
        s.lines()
            .enumerate()
            .flat_map(|(y, l)| l.match_indices("Level ").map(move |(x, _)| (y, x)))
            .collect()
    };
    assert_eq!(titles(&before), titles(&after), "{before}\n{after}");
}

/// The last move is shown where it was played when there is room: Black's
/// 2c6-5c3 in Ziggurat (the engine move) with the cursor on
/// White's 2c1, in a board 40 rows high. The lowest levels with the
/// cursor's, 0 to 4, leave level 5 out; levels 1 to 5 fit as well (9 + 8 +
/// 7 + 6 + 5 rows with titles and file letters).
#[test]
fn the_last_move_is_drawn_on_its_level() {
    let app = app::<ZigguratRules>();
    let mut marks = app.marks.clone();
    marks.cursor = Some(cell(&app, "2c1"));
    let (from, to) = (cell(&app, "2c6"), cell(&app, "5c3"));
    let area = Rect::new(0, 1, 60, 40);
    let lowest = board::layout(&app.session.pos, &marks, area);
    assert!(!lowest.shows(to));
    marks.last_move = Some((from, to));
    let lay = board::layout(&app.session.pos, &marks, area);
    assert!(lay.shows(to) && lay.shows(marks.cursor.unwrap()));
}

/// Where there is no room for both, the engine's move brings the view to
/// it: at 80×24 Ziggurat shows two levels, and a Black reply played on a
/// level out of sight takes the cursor there, said in the message.
#[test]
fn the_engines_move_out_of_sight_brings_the_view_to_it() {
    let mut app = app::<ZigguratRules>();
    let first = legal(&app)[0];
    app.session.play_move(first);
    app.marks.cursor = Some(cell(&app, "2c1"));
    screen(&mut app, 80, 24);
    let lay = board::layout(&app.session.pos, &app.marks, app.board_area());
    let reply = legal(&app)
        .into_iter()
        .find(|m| !lay.shows(m.to))
        .expect("a reply out of sight");
    app.engine_played(reply);
    let shown = screen(&mut app, 80, 24);
    let lay = board::layout(&app.session.pos, &app.marks, app.board_area());
    assert!(lay.shows(reply.to), "{shown}");
    assert_eq!(app.marks.cursor, Some(reply.to));
}

/// Star Trek's level 7 holds attack-board squares over both ends of the
/// top main board, ranks 9-8 and 5-4: with boards at both, a blank row
/// stands between ranks 8 and 5, which are not neighbours (the issue saw
/// them drawn as neighbouring rows).
#[test]
fn ranks_that_are_not_neighbours_have_a_gap_between_them() {
    let app = app::<chess3d_games::startrek::StarTrekRules>();
    let t = app.session.pos.tables();
    let level = t
        .geo
        .levels()
        .iter()
        .find(|l| l.name == "7")
        .expect("level 7");
    let mut marks = app.marks.clone();
    // Every square of level 7 drawn, as if boards stood on every pin (or
    // could come to it).
    marks.ghosts = level.rows.iter().flat_map(|r| r.cells.clone()).collect();
    marks.may_arrive = marks.ghosts.clone();
    let labels: Vec<&str> = level.rows.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels, ["9", "8", "5", "4"]);
    let lay = board::layout(&app.session.pos, &marks, Rect::new(0, 0, 200, 60));
    let panel = lay
        .panels
        .iter()
        .find(|p| p.title == "Level 7")
        .expect("level 7 drawn");
    let rows: Vec<&str> = panel.ranks.iter().map(|(_, l)| l.as_str()).collect();
    assert_eq!(rows, ["9", "8", "", "5", "4"]);
}
