//! Snapshots of the terminal interface for every game, drawn on ratatui's
//! TestBackend at 80×24 and 200×50, in monochrome and in colour, with a
//! piece selected and its destinations marked. A monochrome snapshot is the
//! screen's text, where every mark is a glyph; a colour snapshot adds a map
//! of the board's highlights by background (`S` selected, `D` destination,
//! `X` capture, `.` other squares). Besides the snapshots, each test checks
//! that the marked squares are exactly the rules' legal destinations of the
//! selected piece, in both renderings.

use chess3d_core::{BitSet, BuiltIn, Cell, Move, MoveKind, MoveList, Position, Variant};
use chess3d_engine::{with_engine_game, EngineVisitor, Evaluate};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;

use super::board::{self, Colours};
use super::command::Typed;
use super::session::{Seat, Session};
use super::tui::App;

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

/// The squares a layout draws.
fn drawn(lay: &board::Layout) -> Vec<Cell> {
    lay.panels
        .iter()
        .flat_map(|p| &p.squares)
        .map(|s| s.cell)
        .collect()
}

/// Two humans at the start, drawn in these colours.
fn app<R: Evaluate + BuiltIn>(colours: Colours) -> App<R> {
    app_of(Position::<R>::variant_of_type(), colours)
}

/// Two humans at the start of `game`, drawn in these colours.
fn app_of<R: Evaluate>(game: Variant<R>, colours: Colours) -> App<R> {
    let session = Session::new(game.start(), [Seat::Human, Seat::Human], None);
    App::with_colours(session, colours)
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

struct Snapshot {
    colours: Colours,
    size: (u16, u16),
}

impl EngineVisitor for Snapshot {
    type Output = (String, Vec<Cell>, Vec<Cell>);
    /// The snapshot text, the marked squares, and the rules' legal
    /// destinations of the selected piece.
    fn visit<R: Evaluate>(self, game: Variant<R>) -> Self::Output {
        let (width, height) = self.size;
        let mut pos = game.start();
        let from = busiest_piece(&mut pos);
        let mut app = app_of(game, self.colours);
        app.marks.cursor = Some(from);
        app.select(from);
        app.resize(width, height);
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
        terminal.draw(|f| app.draw(f)).expect("drawn");
        let buffer = terminal.backend().buffer().clone();
        let lay = board::layout(&pos, &app.marks, app.board_area());
        let palette = &app.palette;
        let mut marked = Vec::new();
        let mut map = vec![vec![' '; width as usize]; height as usize];
        for sq in lay.panels.iter().flat_map(|p| &p.squares) {
            let mark = if self.colours == Colours::Mono {
                // The glyphs: `*` an empty destination, `×` a capture.
                let text: String = (0..3).map(|i| buffer[(sq.x + i, sq.y)].symbol()).collect();
                if text.contains('*') || text.starts_with('×') {
                    // `*` and `×` mark destinations only.
                    'D'
                } else {
                    '.'
                }
            } else {
                match buffer[(sq.x, sq.y)].bg {
                    b if b == palette.selected => 'S',
                    b if b == palette.destination => 'D',
                    b if b == palette.capture => 'X',
                    _ => '.',
                }
            };
            if matches!(mark, 'D' | 'X') {
                marked.push(sq.cell);
            }
            map[sq.y as usize][sq.x as usize + 1] = mark;
        }
        let mut text = format!("{}: selected {}\n", game.id(), pos.tables().geo.name(from));
        for y in 0..height {
            let line: String = (0..width).map(|x| buffer[(x, y)].symbol()).collect();
            text += line.trim_end();
            text.push('\n');
        }
        if self.colours != Colours::Mono {
            text += "highlights:\n";
            for row in map {
                let line: String = row.into_iter().collect();
                if !line.trim().is_empty() {
                    text += line.trim_end();
                    text.push('\n');
                }
            }
        }
        // The legal destinations on the levels drawn (a small window leaves
        // some levels out).
        let drawn = drawn(&lay);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut legal: Vec<Cell> = moves
            .iter()
            .filter(|m| m.from == from && drawn.contains(&m.to))
            .map(|m| m.to)
            .collect();
        legal.sort_unstable();
        legal.dedup();
        marked.sort_unstable();
        (text, marked, legal)
    }
}

/// Every game's four snapshots; the number of the selected piece's
/// destinations.
fn check(game: &str) -> usize {
    let mut count = 0;
    for (colours, name) in [(Colours::Mono, "mono"), (Colours::TrueColour, "colour")] {
        for size in [(80, 24), (200, 50)] {
            let (text, marked, legal) =
                with_engine_game(game, Snapshot { colours, size }).expect("a game");
            assert!(
                !legal.is_empty() || size.0 < 200,
                "{game}: destinations drawn"
            );
            assert_eq!(
                marked, legal,
                "{game} {name} {size:?}: the marked squares are the legal destinations"
            );
            insta::assert_snapshot!(format!("{game}-{name}-{}x{}", size.0, size.1), text);
            count = legal.len();
        }
    }
    count
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
fn a_window_too_small_says_so_whole() {
    // At 60×15 no game fits a level and the move list (the smallest,
    // chess, needs 8 ranks + title + files + 6 rows = 16); the message is
    // whole, with the size it asks for.
    let mut app = app::<chess3d_games::polyhedron::PolyhedronRules>(Colours::Mono);
    let text = screen(&mut app, 60, 15);
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        joined.contains("This window is 60×15; Polyhedron Chess needs at least"),
        "{text}"
    );
    assert!(
        joined.ends_with("Make the window larger; Ctrl-C quits."),
        "{text}"
    );
    // And at the size it names, the board shows.
    let need = joined
        .split("needs at least ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .expect("a size");
    let (w, h) = need.split_once('×').expect("W×H");
    let (w, h): (u16, u16) = (w.parse().unwrap(), h.parse().unwrap());
    let fits = screen(&mut app, w, h);
    assert!(!fits.contains("This window is"), "{fits}");
    assert!(fits.contains("Level"), "{fits}");
}

#[test]
fn the_moves_command_opens_a_window_with_every_legal_move() {
    let session = Session::new(
        Position::<chess3d_games::chess::ChessRules>::start(),
        [Seat::Human, Seat::Human],
        None,
    );
    let mut app = App::with_colours(session, Colours::Mono);
    app.command(super::command::Typed::Moves);
    let mut terminal = Terminal::new(TestBackend::new(132, 44)).expect("a test terminal");
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
pub(super) fn screen<R: Evaluate>(app: &mut App<R>, width: u16, height: u16) -> String {
    app.resize(width, height);
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
    let mut app = App::with_colours(session, Colours::Mono);
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
    let mut app = App::with_colours(session, Colours::Mono);
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

/// The keys that take the cursor from `from` to `to` (arrows, PgUp,
/// PgDn), found by a breadth-first search over the cursor's own steps:
/// `None` if no sequence of at most 12 keys does.
fn keys_to<R: Evaluate>(app: &App<R>, from: Cell, to: Cell) -> Option<Vec<KeyCode>> {
    use board::Step;
    let keys = [
        (KeyCode::Left, Step::Left),
        (KeyCode::Right, Step::Right),
        (KeyCode::Up, Step::Up),
        (KeyCode::Down, Step::Down),
        (KeyCode::PageUp, Step::LevelUp),
        (KeyCode::PageDown, Step::LevelDown),
    ];
    // States: (cursor, the level steps' anchor), as the interface keeps them.
    let mut seen = vec![(from, None::<Cell>)];
    let mut frontier = vec![(from, None::<Cell>, Vec::new())];
    for _ in 0..12 {
        let mut next = Vec::new();
        for (cell, anchor, path) in frontier {
            if cell == to {
                return Some(path);
            }
            for (code, step) in keys {
                let level = matches!(step, Step::LevelUp | Step::LevelDown);
                let anchor = if level {
                    Some(anchor.unwrap_or(cell))
                } else {
                    None
                };
                let went = board::step(
                    &app.session.pos,
                    cell,
                    step,
                    app.marks.flipped,
                    &app.marks.ghosts,
                    anchor.or(Some(cell)),
                );
                if !seen.contains(&(went, anchor)) {
                    seen.push((went, anchor));
                    let mut p = path.clone();
                    p.push(code);
                    next.push((went, anchor, p));
                }
            }
        }
        frontier = next;
    }
    None
}

/// A position with a legal board or elevator move for the side to move:
/// the start, or the first reached by always playing the legal move at
/// index (7 × ply + 3) mod count (a fixed, arbitrary walk).
fn with_a_board_move<R: Evaluate>(start: Position<R>) -> Position<R> {
    walk_from(start, |moves| {
        moves.iter().any(|m| m.kind == MoveKind::Board)
    })
}

/// The first position of that walk whose legal moves pass `found`.
fn walk_to<R: Evaluate>(game: Variant<R>, found: impl Fn(&MoveList) -> bool) -> Position<R> {
    walk_from(game.start(), found)
}

/// The same walk from `pos`.
fn walk_from<R: Evaluate>(mut pos: Position<R>, found: impl Fn(&MoveList) -> bool) -> Position<R> {
    for ply in 0..400 {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if found(&moves) {
            return pos;
        }
        assert!(!moves.is_empty(), "the walk ended at ply {ply}");
        let m = moves[(7 * ply + 3) % moves.len()];
        pos.make(m);
    }
    panic!("not found in 400 plies");
}

/// Two humans from `pos`, in monochrome.
fn app_at<R: Evaluate>(pos: Position<R>) -> App<R> {
    App::with_colours(
        Session::new(pos, [Seat::Human, Seat::Human], None),
        Colours::Mono,
    )
}

/// A position with board moves, two humans at it, and its legal board
/// moves.
fn board_moves<R: Evaluate>(game: Variant<R>) -> (Position<R>, App<R>, Vec<Move>) {
    board_moves_from(game.start())
}

/// The same from `start`.
fn board_moves_from<R: Evaluate>(start: Position<R>) -> (Position<R>, App<R>, Vec<Move>) {
    let mut pos = with_a_board_move(start);
    let app = app_at(pos.clone());
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let boards = moves
        .iter()
        .copied()
        .filter(|m| m.kind == MoveKind::Board)
        .collect();
    (pos, app, boards)
}

/// The game's options turned on, and which board move to make: the
/// first, or the first whose text passes the test.
struct BoardMoveByCursor(&'static [&'static str], fn(&str) -> bool);

/// Any board move.
const FIRST: BoardMoveByCursor = BoardMoveByCursor(&[], |_| true);

impl EngineVisitor for BoardMoveByCursor {
    type Output = ();
    /// The first legal board or elevator move of the start (the first
    /// chosen one), made with the cursor alone: Enter on the board's
    /// corner, keys to a square it would bring (drawn, marked `+`), Enter.
    fn visit<R: Evaluate>(self, game: Variant<R>) {
        let mut start = game.start();
        for option in self.0 {
            start.set_option(option, true).unwrap();
        }
        let (mut pos, mut app, boards) = board_moves_from(start);
        let m = *boards
            .iter()
            .find(|&&m| self.1(&pos.move_text(m)))
            .expect("a board move of the kind asked for");
        let text = pos.move_text(m);
        app.marks.cursor = Some(m.from);
        app.key(key(KeyCode::Enter));
        assert_eq!(app.marks.selected, Some(m.from), "{}", app.message);
        assert!(
            !app.marks.ghosts.is_empty(),
            "{text}: squares to come are marked"
        );
        // The squares the board would bring: present after the move, not
        // before.
        let mut after = pos.clone();
        after.make(m);
        let present = |p: &Position<R>, c: Cell| R::present(p).contains(c);
        let brought: Vec<Cell> = pos
            .tables()
            .geo
            .cells()
            .filter(|&c| present(&after, c) && !present(&pos, c))
            .collect();
        assert!(!brought.is_empty());
        let mut ghosts = app.marks.ghosts.clone();
        ghosts.sort_unstable();
        // Every square of every board move from here is a ghost; this
        // move's among them.
        assert!(brought.iter().all(|c| ghosts.contains(c)), "{text}");
        // Drawn where a player sees them.
        let screen_text = screen(&mut app, 200, 50);
        let lay = board::layout(&app.session.pos, &app.marks, app.board_area());
        let drawn = drawn(&lay);
        assert!(ghosts.iter().all(|g| drawn.contains(g)), "{screen_text}");
        assert!(screen_text.contains(" + "), "{screen_text}");
        // Every ghost is in reach of the keys.
        for &g in &ghosts {
            assert!(
                keys_to(&app, m.from, g).is_some(),
                "{text}: ghost {g} out of reach"
            );
        }
        let target = brought[0];
        for code in keys_to(&app, m.from, target).expect("a way there") {
            app.key(key(code));
        }
        assert_eq!(app.marks.cursor, Some(target));
        app.key(key(KeyCode::Enter));
        // One move or a choice in words among the board's moves there.
        if !app.session.moves.is_empty() {
            assert_eq!(
                app.session.moves,
                std::slice::from_ref(&text),
                "{}",
                app.message
            );
        } else {
            assert!(
                app.message.contains("several moves go there"),
                "{}",
                app.message
            );
            let label = pos.move_label(m);
            let i = app_choice_index(&app.message, &format!("move the board ({label})"));
            app.key(key(KeyCode::Char(char::from(b'0' + i))));
            assert_eq!(
                app.session.moves,
                std::slice::from_ref(&text),
                "{}",
                app.message
            );
        }
        // The cursor is on the board where it went.
        let c = app.marks.cursor.expect("a cursor");
        assert!(R::present(&app.session.pos).contains(c));
    }
}

#[test]
fn attack_board_moves_are_made_with_the_cursor() {
    with_engine_game("startrek", FIRST).unwrap();
}

#[test]
fn elevator_moves_are_made_with_the_cursor() {
    with_engine_game("elevator", FIRST).unwrap();
}

/// Elevator's Wonkavator (RULINGS.md §4): a sideways elevator move
/// (`E2a1-a2`-like text) made with the cursor, its landing squares on the
/// elevator's own level drawn as `+`.
#[test]
fn sideways_elevator_moves_are_made_with_the_cursor() {
    with_engine_game(
        "elevator",
        BoardMoveByCursor(&["wonkavator"], |t| t.contains('-')),
    )
    .unwrap();
}

struct CursorFollowsTheBoard;

impl EngineVisitor for CursorFollowsTheBoard {
    type Output = ();
    /// A board moved (typed, as the engine's would be) with the cursor on
    /// its corner: the cursor rides along to the corner's new square.
    fn visit<R: Evaluate>(self, game: Variant<R>) {
        let (pos, mut app, boards) = board_moves(game);
        // A board move that leaves the corner's square: the corner's new
        // square is `to` (the games name a board move by the same corner
        // before and after).
        let m = *boards
            .iter()
            .find(|&&m| {
                let mut after = pos.clone();
                after.make(m);
                !R::present(&after).contains(m.from)
            })
            .expect("a board move");
        app.marks.cursor = Some(m.from);
        app.command(Typed::Move(pos.move_text(m)));
        assert_eq!(app.session.moves.len(), 1, "{}", app.message);
        let geo = &pos.tables().geo;
        let name = |c: Option<Cell>| c.map(|c| geo.name(c).to_string());
        assert_eq!(
            name(app.marks.cursor),
            name(Some(m.to)),
            "{}: {}",
            game.id(),
            pos.move_text(m)
        );
    }
}

#[test]
fn the_cursor_follows_a_board_that_moves() {
    with_engine_game("startrek", CursorFollowsTheBoard).unwrap();
    with_engine_game("elevator", CursorFollowsTheBoard).unwrap();
}

#[test]
fn level_up_and_down_come_back_to_the_same_square_on_every_ziggurat_cell() {
    use chess3d_games::ziggurat::ZigguratRules;
    let mut app = app::<ZigguratRules>(Colours::Mono);
    let cells: Vec<Cell> = {
        let pos = &app.session.pos;
        pos.tables().geo.cells().collect()
    };
    assert_eq!(cells.len(), 204, "the pyramid's 204 squares (seed 000)");
    let mut round_trips = 0;
    for &c in &cells {
        for (there, back) in [
            (KeyCode::PageUp, KeyCode::PageDown),
            (KeyCode::PageDown, KeyCode::PageUp),
        ] {
            app.marks.cursor = Some(c);
            app.key(key(KeyCode::Left));
            app.marks.cursor = Some(c);
            app.key(key(there));
            if app.marks.cursor == Some(c) {
                continue; // no level that way
            }
            app.key(key(back));
            assert_eq!(app.marks.cursor, Some(c), "from {c} and back");
            round_trips += 1;
        }
    }
    // Up from every square but the apex's (203) and down from every square
    // above level 0 (204 - 64 = 140).
    assert_eq!(round_trips, 203 + 140);
    // And the drift the issue saw: 0e4 up, down, up, down is 0e4 again.
    let e4 = app.session.pos.tables().geo.cell_at([8, 6, 0]);
    let e4 = e4.or_else(|| {
        let geo = &app.session.pos.tables().geo;
        geo.cells().find(|&c| geo.name(c) == "0e4")
    });
    let e4 = e4.expect("0e4");
    app.marks.cursor = Some(e4);
    app.key(key(KeyCode::Left));
    app.marks.cursor = Some(e4);
    for _ in 0..3 {
        app.key(key(KeyCode::PageUp));
        app.key(key(KeyCode::PageDown));
    }
    assert_eq!(app.marks.cursor, Some(e4));
}

#[test]
fn an_ox_that_can_leap_or_push_to_one_square_is_asked_in_words() {
    use chess3d_games::elevator::ElevatorRules;
    // Elevator's Ox leaps or pushes (seed 003); both can end on one square.
    let push_with_a_leap = |moves: &MoveList| {
        moves.iter().copied().find(|p| {
            p.kind == MoveKind::Push
                && moves
                    .iter()
                    .any(|n| n.kind == MoveKind::Normal && (n.from, n.to) == (p.from, p.to))
        })
    };
    let mut pos = walk_to(Position::<ElevatorRules>::variant_of_type(), |moves| {
        push_with_a_leap(moves).is_some()
    });
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let push = push_with_a_leap(&moves).expect("the walk's position has one");
    let mut app = app_at(pos.clone());
    app.marks.cursor = Some(push.from);
    app.key(key(KeyCode::Enter));
    app.marks.cursor = Some(push.to);
    app.key(key(KeyCode::Enter));
    assert!(app.session.moves.is_empty());
    let m = &app.message;
    assert!(m.contains("several moves go there"), "{m}");
    let leap_label = pos.move_label(Move {
        kind: MoveKind::Normal,
        extra: 0,
        ..push
    });
    assert!(m.contains(&format!("leap ({leap_label})")), "{m}");
    let push_label = pos.move_label(push);
    assert!(
        m.contains(&format!("push the pieces ahead ({push_label})")),
        "{m}"
    );
    // The digit before the push plays the push.
    let index = app_choice_index(m, "push the pieces ahead");
    app.key(key(KeyCode::Char(char::from(b'0' + index))));
    assert_eq!(app.session.moves, [pos.move_text(push)]);
}

/// The digit the choice message gives the option containing `words`.
fn app_choice_index(message: &str, words: &str) -> u8 {
    let options = message.split_once(" for ").expect("options").1;
    for (i, part) in options.split(", ").enumerate() {
        if part.contains(words) {
            assert!(part.starts_with(&format!("{} ", i + 1)), "{part}");
            return i as u8 + 1;
        }
    }
    panic!("no '{words}' in {message}")
}

#[test]
fn colours_follow_the_terminal() {
    use Colours::*;
    // NO_COLOR set and not empty wins (no-color.org); TERM=dumb too.
    assert_eq!(
        Colours::from_vars(Some("1"), Some("truecolor"), Some("xterm-256color")),
        Mono
    );
    assert_eq!(Colours::from_vars(Some(""), None, Some("xterm")), Ansi16);
    assert_eq!(Colours::from_vars(None, None, Some("dumb")), Mono);
    // 24-bit only when the terminal says so.
    assert_eq!(Colours::from_vars(None, None, Some("xterm")), Ansi16);
    assert_eq!(
        Colours::from_vars(None, None, Some("xterm-256color")),
        Indexed256
    );
    assert_eq!(
        Colours::from_vars(None, Some("24bit"), Some("xterm")),
        TrueColour
    );
    // No 24-bit colour reaches a 256-colour terminal.
    let p = board::Palette::new(Indexed256, ["White", "Black"]);
    for c in [p.light, p.dark, p.destination, p.pieces[0], p.pieces[1]] {
        assert!(matches!(c, ratatui::style::Color::Indexed(_)), "{c:?}");
    }
    // The 43-square Ziggurat's armies are red and gold, not white.
    let p = board::Palette::new(TrueColour, ["Red", "Gold"]);
    assert_ne!(p.pieces[0], ratatui::style::Color::Rgb(255, 255, 255));
}

#[test]
fn resigning_and_a_new_game_ask_first() {
    let mut app = app::<chess3d_games::chess::ChessRules>(Colours::Mono);
    app.command(Typed::Move("e4".into()));
    app.command(Typed::Resign);
    assert!(
        app.message.starts_with("Resign the game?"),
        "{}",
        app.message
    );
    app.key(key(KeyCode::Char('n')));
    assert!(app.session.result().is_none(), "not resigned");
    app.command(Typed::Resign);
    app.key(key(KeyCode::Char('y')));
    // Two humans: the side to move (Black) resigns.
    assert_eq!(app.session.result().map(|r| r.0), Some("1-0"));
    // The result ends the move list (right of the board's edge).
    let text = screen(&mut app, 80, 24);
    let listed = text
        .lines()
        .filter_map(|l| l.split_once('│'))
        .any(|(_, list)| list.trim() == "1-0");
    assert!(listed, "{text}");
    // No moves file and nothing saved: a new game and quitting say the
    // game would be lost.
    app.command(Typed::New);
    assert!(app.message.contains("it will be lost"), "{}", app.message);
    app.key(key(KeyCode::Esc));
    assert_eq!(app.session.moves.len(), 1);
    app.command(Typed::Quit);
    assert!(app.message.starts_with("Quit?"), "{}", app.message);
    app.key(key(KeyCode::Char('x')));
    assert!(!app.quit, "any key but y keeps the game");
    app.command(Typed::Quit);
    app.key(key(KeyCode::Char('y')));
    assert!(app.quit, "y quits");
    app.quit = false;
    // Saved: nothing to lose, no question.
    let dir = std::env::temp_dir().join(format!("chess3d-confirm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.pgn");
    app.command(Typed::Save(Some(file.display().to_string())));
    assert!(app.message.starts_with("Saved"), "{}", app.message);
    app.command(Typed::Quit);
    assert!(!app.message.starts_with("Quit?"), "{}", app.message);
    // A folder that does not exist is an error, not made.
    let missing = dir.join("no/such/dir/x.pgn");
    app.command(Typed::Save(Some(missing.display().to_string())));
    assert!(
        app.message.contains("there is no folder"),
        "{}",
        app.message
    );
    assert!(!dir.join("no").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn messages_do_not_outlive_what_they_say() {
    let mut app = app::<chess3d_games::chess::ChessRules>(Colours::Mono);
    let geo = |app: &App<chess3d_games::chess::ChessRules>, name: &str| {
        let g = &app.session.pos.tables().geo;
        g.cells().find(|&c| g.name(c) == name).unwrap()
    };
    // d1: the Queen cannot move; then the Knight on g1 is selected.
    app.marks.cursor = Some(geo(&app, "d1"));
    app.key(key(KeyCode::Enter));
    assert!(app.message.contains("no legal move"), "{}", app.message);
    app.marks.cursor = Some(geo(&app, "g1"));
    app.key(key(KeyCode::Enter));
    assert!(!app.message.contains("no legal move"), "{}", app.message);
    assert!(app.message.starts_with("g1 selected"), "{}", app.message);
}

#[test]
fn a_king_in_check_is_marked() {
    let mut app = app::<chess3d_games::chess::ChessRules>(Colours::Mono);
    for m in ["e4", "f5", "Qh5"] {
        app.command(Typed::Move(m.into()));
    }
    let text = screen(&mut app, 80, 24);
    // Black's King on e8 in check from h5: `!k!` (and the status says so).
    assert!(text.contains("!k!"), "{text}");
    assert!(text.contains("check"), "{text}");
}

#[test]
fn a_hint_does_not_stop_the_interface_and_shows_on_the_board() {
    let mut app = app::<chess3d_games::chess::ChessRules>(Colours::Mono);
    // Two people who allowed hints (--hints).
    app.session.hints_allowed = true;
    // After 1. e4 f6 2. d4 g5, White mates with Qh5 (Fool's mate turned
    // round).
    for m in ["e4", "f6", "d4", "g5"] {
        app.command(Typed::Move(m.into()));
    }
    let asked = std::time::Instant::now();
    app.command(Typed::Hint);
    // The command returns at once, saying the engine thinks.
    assert!(app.message.contains("thinking"), "{}", app.message);
    // Keys still move the cursor meanwhile.
    let before = app.marks.cursor;
    app.key(key(KeyCode::Up));
    assert_ne!(app.marks.cursor, before);
    while app.marks.hint.is_none() {
        assert!(asked.elapsed().as_secs() < 30, "no hint: {}", app.message);
        std::thread::sleep(std::time::Duration::from_millis(20));
        app.tick().unwrap();
    }
    assert!(app.message.starts_with("hint: Qh5#"), "{}", app.message);
    assert!(app.message.contains("for White"), "{}", app.message);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("{Q}"), "{text}");
}

#[test]
fn the_help_window_scrolls_to_its_last_line_in_a_small_window() {
    let mut app = app::<chess3d_games::chess::ChessRules>(Colours::Mono);
    app.key(key(KeyCode::F(1)));
    let top = screen(&mut app, 50, 16);
    assert!(top.contains("Chess (chess)"), "{top}");
    app.key(key(KeyCode::End));
    let bottom = screen(&mut app, 50, 16);
    // The help's last sentence, wrapped at the window's width.
    let joined = bottom
        .lines()
        .map(|l| l.trim_matches(|c: char| c == '│' || c.is_whitespace()))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(joined.contains("'save FILE' keeps it."), "{bottom}");
    // A key other than the scrolling ones closes it.
    app.key(key(KeyCode::Char('x')));
    assert!(!screen(&mut app, 50, 16).contains("any other key closes"));
}

#[test]
fn a_hint_asked_before_the_game_changed_is_dropped() {
    let mut app = app::<chess3d_games::chess::ChessRules>(Colours::Mono);
    app.session.hints_allowed = true;
    app.command(Typed::Hint);
    // A move played meanwhile, then taken back: the same number of moves,
    // but the hint's search was stopped with the move.
    app.command(Typed::Move("e4".into()));
    app.command(Typed::Undo);
    std::thread::sleep(std::time::Duration::from_millis(1500));
    app.tick().unwrap();
    assert_eq!(app.marks.hint, None);
    assert!(!app.message.starts_with("hint:"), "{}", app.message);
}

/// Two people without --hints: no hint and no analysis while they play
/// (issue 57); once the game is over, `analyse` runs on its own thread and
/// opens a window of the moves judged. The scholar's mate: 3... Nf6 lets
/// Qxf7 mate at once, a blunder by any measure.
#[test]
fn analysis_between_people_waits_for_the_end_then_shows_the_blunder() {
    let mut app = app::<chess3d_games::chess::ChessRules>(Colours::Mono);
    for m in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"] {
        app.command(Typed::Move(m.into()));
    }
    for refused in [Typed::Hint, Typed::Analyse] {
        app.command(refused);
        assert!(
            app.message
                .starts_with("no engine help in a game between two people"),
            "{}",
            app.message
        );
    }
    app.command(Typed::Move("Qxf7#".into()));
    let asked = std::time::Instant::now();
    app.command(Typed::Analyse);
    assert!(
        app.message.starts_with("analysing: move 1 of 7"),
        "{}",
        app.message
    );
    while !app.message.starts_with("analysis done") {
        assert!(asked.elapsed().as_secs() < 60, "{}", app.message);
        std::thread::sleep(std::time::Duration::from_millis(20));
        app.tick().unwrap();
    }
    let text = screen(&mut app, 120, 30);
    assert!(text.contains("3... Nf6?? #1"), "{text}");
    assert!(text.contains("Blunder, refuted by Qxf7#"), "{text}");
    assert!(
        text.contains("Black: 0 inaccuracies, 0 mistakes, 1 blunder"),
        "{text}"
    );
}

struct BoardMoveByMouse;

impl EngineVisitor for BoardMoveByMouse {
    type Output = ();
    /// A click on a board's square, then on a `+` square it would bring:
    /// the board moves there.
    fn visit<R: Evaluate>(self, game: Variant<R>) {
        use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
        let (pos, mut app, boards) = board_moves(game);
        let m = boards[0];
        let click = |app: &mut App<R>, cell: Cell| {
            screen(app, 200, 50);
            let lay = board::layout(&app.session.pos, &app.marks, app.board_area());
            let sq = lay
                .panels
                .iter()
                .flat_map(|p| &p.squares)
                .find(|s| s.cell == cell)
                .copied()
                .expect("drawn");
            app.mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: sq.x + 1,
                row: sq.y,
                modifiers: KeyModifiers::NONE,
            });
        };
        click(&mut app, m.from);
        assert_eq!(app.marks.selected, Some(m.from), "{}", app.message);
        // A ghost that only this move brings.
        let ghost = *app
            .marks
            .ghosts
            .iter()
            .find(|&&g| {
                boards.iter().all(|&o| {
                    o == m || {
                        let mut after = pos.clone();
                        after.make(o);
                        !R::present(&after).contains(g)
                    }
                })
            })
            .expect("a square only this move brings");
        click(&mut app, ghost);
        assert_eq!(app.session.moves, [pos.move_text(m)], "{}", app.message);
    }
}

#[test]
fn boards_and_elevators_move_with_the_mouse() {
    with_engine_game("startrek", BoardMoveByMouse).unwrap();
    with_engine_game("elevator", BoardMoveByMouse).unwrap();
}
