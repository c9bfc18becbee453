//! The full-screen interface's input line, driven by keys and pastes as
//! the terminal sends them.

use chess3d_core::Position;
use chess3d_games::chess::ChessRules as Chess;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use super::board::Colours;
use super::session::{Seat, Session};
use super::tui::App;

fn chess() -> App<Chess> {
    let game = Position::<Chess>::variant_of_type();
    App::with_colours(
        Session::new(game.start(), [Seat::Human, Seat::Human], None),
        Colours::Mono,
    )
}

fn press(app: &mut App<Chess>, code: KeyCode, modifiers: KeyModifiers) {
    app.event(Event::Key(KeyEvent::new(code, modifiers)));
}

fn type_text(app: &mut App<Chess>, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c), KeyModifiers::NONE);
    }
}

/// Mistakes mended with readline's keys before Enter: the move played is
/// the mended text.
#[test]
fn the_typed_line_is_edited_with_a_shells_keys() {
    let mut app = chess();
    // "xe4": Ctrl-A to its start, Delete the x.
    type_text(&mut app, "xe4");
    press(&mut app, KeyCode::Char('a'), KeyModifiers::CONTROL);
    press(&mut app, KeyCode::Delete, KeyModifiers::NONE);
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.session.labels, ["e4"]);
    // "Nc6 e5": Ctrl-W takes "e5"; three ← and Backspace take the N.
    type_text(&mut app, "Nc6 e5");
    press(&mut app, KeyCode::Char('w'), KeyModifiers::CONTROL);
    for _ in 0..3 {
        press(&mut app, KeyCode::Left, KeyModifiers::NONE);
    }
    press(&mut app, KeyCode::Backspace, KeyModifiers::NONE);
    // Left with text typed moves in the text, not the board's cursor.
    assert_eq!(app.input.text(), "c6 ");
    press(&mut app, KeyCode::Char('e'), KeyModifiers::CONTROL);
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.session.labels, ["e4", "c6"]);
    // Ctrl-U clears what is typed; Enter on nothing plays nothing.
    type_text(&mut app, "Qh5");
    press(&mut app, KeyCode::Char('u'), KeyModifiers::CONTROL);
    assert!(app.input.is_empty());
}

/// A paste is text, never keys: its line break does not play it, and
/// what does not fit is said.
#[test]
fn a_paste_is_typed_text_cut_at_the_lines_bound() {
    let mut app = chess();
    app.event(Event::Paste("e4\n".to_string()));
    assert_eq!(app.input.text(), "e4 ");
    assert!(app.session.labels.is_empty());
    // 3 characters typed and 1,000 pasted: 253 fit, 747 do not.
    app.event(Event::Paste("x".repeat(1000)));
    assert_eq!(app.input.text().chars().count(), super::line::MAX_CHARS);
    assert!(
        app.message.contains("at most 256 characters: 747 left out"),
        "{}",
        app.message
    );
    // Typed one by one, as a terminal without bracketed paste sends a
    // paste, the count goes on.
    type_text(&mut app, "yyy");
    assert!(app.message.contains("750 left out"), "{}", app.message);
}

/// A window too small to show the board plays nothing typed into it (the
/// issue saw a move typed there played unseen); Ctrl-C still quits.
#[test]
fn nothing_is_played_while_the_window_is_too_small() {
    let mut app = chess();
    // Chess needs a level (8 squares of 3 columns and its labels) and the
    // 20-column move list: 30×10 is too small.
    app.resize(30, 10);
    type_text(&mut app, "e4");
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    app.event(Event::Paste("e4".to_string()));
    assert!(app.session.labels.is_empty() && app.input.is_empty());
    press(&mut app, KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(app.quit);
    // Made larger, the same keys play.
    let mut app = chess();
    app.resize(80, 24);
    type_text(&mut app, "e4");
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.session.labels, ["e4"]);
}

/// `load` in the middle of a game recorded to a moves file asks first
/// (it used to replace the game at once), and leaving names both files.
#[test]
fn loading_over_a_game_in_progress_asks_and_both_files_are_named() {
    use super::command::Typed;
    let dir = std::env::temp_dir().join(format!("chess3d-load-asks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (live, other) = (dir.join("live.pgn"), dir.join("other.pgn"));
    std::fs::write(&other, "[Game \"chess\"]\n\n1. d4 d5 *\n").unwrap();
    let game = Position::<Chess>::variant_of_type();
    let session = Session::new(game.start(), [Seat::Human, Seat::Human], Some(live.clone()));
    let mut app = App::with_colours(session, Colours::Mono);
    app.command(Typed::Move("e4".into()));
    let load = Typed::Load(other.display().to_string());
    app.command(load.clone());
    assert!(
        app.message
            .starts_with(&format!("Load {} in place of this game?", other.display()))
            && app
                .message
                .contains(&format!("This game stays in {}", live.display())),
        "{}",
        app.message
    );
    press(&mut app, KeyCode::Char('n'), KeyModifiers::NONE);
    assert_eq!(app.session.labels, ["e4"], "no: the game goes on");
    app.command(load);
    press(&mut app, KeyCode::Char('y'), KeyModifiers::NONE);
    assert_eq!(app.session.labels, ["d4", "d5"], "{}", app.message);
    let kept = app.session.files_kept();
    assert_eq!(kept.first(), Some(&live), "{kept:?}");
    assert_eq!(kept.len(), 2, "{kept:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ctrl-C quits from a small window, from an open window and over another
/// question; a game that would be lost is asked about first (the question
/// shown on the small window's screen), and y or Ctrl-C again answers.
#[test]
fn ctrl_c_quits_from_anywhere() {
    use super::command::Typed;
    let ctrl_c = |app: &mut App<Chess>| press(app, KeyCode::Char('c'), KeyModifiers::CONTROL);
    // Too small, a move played and no moves file: asked, then y.
    let mut app = chess();
    app.command(Typed::Move("e4".into()));
    app.resize(30, 10);
    ctrl_c(&mut app);
    assert!(
        !app.quit && app.message.starts_with("Quit?"),
        "{}",
        app.message
    );
    let shown = super::snapshot_tests::screen(&mut app, 30, 10);
    assert!(shown.contains("Quit?"), "{shown}");
    press(&mut app, KeyCode::Char('y'), KeyModifiers::NONE);
    assert!(app.quit);
    // The help window open: closed, and quit (nothing to lose).
    let mut app = chess();
    app.command(Typed::Help);
    ctrl_c(&mut app);
    assert!(app.quit);
    // Another question asked (resign): withdrawn for quitting's, which
    // Ctrl-C again answers.
    let mut app = chess();
    app.command(Typed::Move("e4".into()));
    app.command(Typed::Resign);
    ctrl_c(&mut app);
    assert!(
        !app.quit && app.message.starts_with("Quit?"),
        "{}",
        app.message
    );
    ctrl_c(&mut app);
    assert!(
        app.quit && app.session.result().is_none(),
        "quit, not resigned"
    );
}

/// A position under review stays the game's: undone moves end the review
/// (drawing it used to index a move no longer there and panic).
#[test]
fn undoing_past_a_reviewed_move_ends_the_review() {
    use super::command::Typed;
    let mut app = chess();
    for m in ["e4", "e5", "Nf3", "Nc6"] {
        app.command(Typed::Move(m.into()));
    }
    // The position after two moves, under review: one undo leaves three
    // moves played, two leave it the live position, and review ends (as
    // Right past the last move ends it).
    app.review_at(2);
    assert!(app.review.is_some());
    app.command(Typed::Undo);
    assert!(
        app.review.is_some(),
        "three moves played, the second reviewed"
    );
    app.command(Typed::Undo);
    assert!(app.review.is_none());
    // The third move reviewed, then two undone: the case that panicked.
    for m in ["Nf3", "Nc6"] {
        app.command(Typed::Move(m.into()));
    }
    app.review_at(3);
    app.command(Typed::Undo);
    app.command(Typed::Undo);
    assert!(app.review.is_none());
    let shown = super::snapshot_tests::screen(&mut app, 80, 24);
    assert!(shown.contains("White to move"), "{shown}");
}
