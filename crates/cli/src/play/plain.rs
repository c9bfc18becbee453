//! `chess3d play --plain`: the game as lines of text, for screen readers
//! and scripts. The board is printed when a human is to move; moves and
//! commands are read one per line; every line the program prints for an
//! event starts with a word saying what it is (`Move`, `Result`, `Error`,
//! `Hint`, `Saved`, ...), so a script can wait for it.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use chess3d_core::{MoveList, Variant};
use chess3d_engine::{Config, Engine, Evaluate, Limits};

use super::command::{help_text, Typed};
use super::session::{damage_text, EngineSeat, Seat, Session};
use super::thinker::{draw_answer, think_now};

/// Engines of both seats, and one for hints.
pub struct Engines<R: Evaluate> {
    pub seats: [Option<Box<Engine<R>>>; 2],
    pub hint: Option<Box<Engine<R>>>,
}

impl<R: Evaluate> Engines<R> {
    pub fn for_seats(seats: &[Seat; 2]) -> Self {
        let build = |s: &Seat| match s {
            Seat::Engine(e) => Some(Box::new(Engine::new(e.config))),
            Seat::Human => None,
        };
        Engines {
            seats: [build(&seats[0]), build(&seats[1])],
            hint: None,
        }
    }
}

/// Hints come from the engine at full strength, thinking one second.
pub fn hint_seat() -> EngineSeat {
    EngineSeat {
        config: Config::default(),
        limits: Limits::movetime(Duration::from_secs(1)),
        label: "hint".to_string(),
    }
}

pub fn run<R: Evaluate>(
    mut session: Session<R>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let mut engines = Engines::<R>::for_seats(&session.seats);
    writeln!(
        out,
        "Game {}: {} ({}) against {} ({})",
        session.game().name(),
        session.side_name(chess3d_core::Side::White),
        session.seats[0].label(),
        session.side_name(chess3d_core::Side::Black),
        session.seats[1].label()
    )?;
    if let Some(path) = &session.moves_file {
        writeln!(out, "Recording to {}", path.display())?;
    }
    session.begin();
    let mut shown_end = false;
    let mut board_due = true;
    loop {
        session.check_flag();
        if let Some((result, why)) = session.result() {
            if !shown_end {
                writeln!(out, "{}", session.pos.diagram().trim_end())?;
                writeln!(out, "Result {result} ({why})")?;
                shown_end = true;
            }
        } else if let Seat::Engine(seat) = session.seat_to_move().clone() {
            let side = session.pos.side_to_move();
            let engine = engines.seats[side.index()]
                .as_mut()
                .expect("an engine seat");
            let limits = session.engine_limits(&seat.limits);
            let (best, thought) = think_now(engine, &session.pos, &limits);
            // Out of time while it thought: the flag fall is the result.
            if session.check_flag() {
                continue;
            }
            let Some(m) = best else { break };
            let number = move_number(&session);
            session.play_move(m);
            let text = last_label(&session);
            let detail = thought.map(|t| t.summary()).unwrap_or_default();
            writeln!(out, "Move {number} {text} (engine: {detail})")?;
            if let Some(w) = session.take_warning() {
                writeln!(out, "Error {w}")?;
            }
            board_due = true;
            continue;
        } else if board_due {
            // The diagram ends with whose move it is.
            writeln!(out, "{}", session.pos.diagram().trim_end())?;
            board_due = false;
        } else {
            let side = session.side_name(session.pos.side_to_move());
            writeln!(out, "{side} to move")?;
        }
        out.flush()?;
        // Bytes, not text: a line that is not UTF-8 is one error, and the
        // game goes on.
        let mut bytes = Vec::new();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        let Ok(line) = String::from_utf8(bytes) else {
            writeln!(out, "Error the line is not UTF-8 text")?;
            continue;
        };
        if line.trim().is_empty() {
            continue;
        }
        let typed = match Typed::parse(&line) {
            Ok(t) => t,
            Err(e) => {
                writeln!(out, "Error {e}")?;
                continue;
            }
        };
        match handle(&mut session, &mut engines, typed) {
            Ok((flow, said)) => {
                for line in said {
                    writeln!(out, "{line}")?;
                }
                match flow {
                    Flow::Quit => break,
                    Flow::Changed => {
                        shown_end = false;
                        board_due = true;
                    }
                    Flow::Same => {}
                }
            }
            Err(e) => writeln!(out, "Error {e:#}")?,
        }
        if let Some(w) = session.take_warning() {
            writeln!(out, "Error {w}")?;
        }
    }
    for path in session.files_kept() {
        writeln!(out, "Game kept in {}", path.display())?;
    }
    out.flush()?;
    Ok(())
}

pub enum Flow {
    Same,
    Changed,
    Quit,
}

/// `12.` before White's move, `12...` before Black's: the next move's.
pub fn move_number<R: Evaluate>(session: &Session<R>) -> String {
    number_of(session, session.moves.len())
}

/// The number of move `i` (from 0) of the session: `3.` or `3...`.
pub fn number_of<R: Evaluate>(session: &Session<R>, i: usize) -> String {
    let black_first = session.start.side_to_move() == chess3d_core::Side::Black;
    let ply = i + usize::from(black_first);
    format!(
        "{}{}",
        ply / 2 + 1,
        if ply.is_multiple_of(2) { "." } else { "..." }
    )
}

pub fn handle<R: Evaluate>(
    session: &mut Session<R>,
    engines: &mut Engines<R>,
    typed: Typed,
) -> Result<(Flow, Vec<String>)> {
    let mut said = Vec::new();
    let flow = match typed {
        Typed::Move(text) => {
            let number = move_number(session);
            session.play_text(&text)?;
            said.push(format!("Move {number} {}", last_label(session)));
            Flow::Changed
        }
        Typed::Undo => {
            let what = session.undo()?;
            said.push(format!("Undone: {what}"));
            Flow::Changed
        }
        Typed::Redo => {
            let what = session.redo()?;
            said.push(format!("Redone: {what}"));
            Flow::Changed
        }
        Typed::Hint => {
            said.push(format!("Hint {}", hint(session, engines)?));
            Flow::Same
        }
        Typed::Analyse => {
            session.engine_help()?;
            let moves = chess3d_play::analysis::played(session, session.moves.len())?;
            if moves.is_empty() {
                anyhow::bail!("no move to analyse yet");
            }
            let lines = chess3d_play::analysis::analyse_now(&session.start, &moves);
            said.extend(lines.into_iter().map(|l| format!("Analysis {l}")));
            Flow::Same
        }
        Typed::Flip => {
            anyhow::bail!("flip turns the board in the full-screen interface; the line mode always prints it the same way")
        }
        Typed::Save(path) => {
            let path = save_path(session, path)?;
            session.save(&path)?;
            said.push(format!("Saved {}", path.display()));
            Flow::Same
        }
        Typed::Load(path) => {
            let (damage, recording) = load(session, &path)?;
            said.push(format!("Loaded {} move(s) from {path}", session.moves.len()));
            if let Some(d) = damage {
                said.push(format!("Error {d}"));
            }
            if let Some(r) = recording {
                said.push(format!("Recording: {r}"));
            }
            *engines = Engines::for_seats(&session.seats);
            Flow::Changed
        }
        Typed::New => {
            let file = session
                .moves_file
                .as_ref()
                .map(|_| super::session::default_moves_file(session.game().id()));
            session.new_game(file)?;
            if let Some(path) = &session.moves_file {
                said.push(format!("Recording to {}", path.display()));
            }
            said.push("New game".to_string());
            Flow::Changed
        }
        Typed::Resign => {
            session.resign()?;
            Flow::Changed
        }
        Typed::Draw => {
            said.push(offer_draw(session, engines)?);
            Flow::Changed
        }
        Typed::Accept => {
            session.accept_draw()?;
            Flow::Changed
        }
        Typed::Board => {
            said.push(session.pos.diagram().trim_end().to_string());
            Flow::Same
        }
        Typed::Moves => {
            said.push(format!("Legal {}", legal_texts(session).join(" ")));
            Flow::Same
        }
        Typed::Legend => {
            for line in pieces_lines(session.game()) {
                said.push(format!("Piece {line}"));
            }
            Flow::Same
        }
        Typed::Help => {
            said.push(format!("Commands:\n{}", help_text().trim_end()));
            Flow::Same
        }
        Typed::Quit => Flow::Quit,
        Typed::Continue => anyhow::bail!(
            "'continue' plays on from a position under review in the full-screen interface; here, 'undo' takes moves back"
        ),
    };
    Ok((flow, said))
}

/// Every piece of the game: its letter (upper case for the first side),
/// its name and how it moves, a line each.
pub fn pieces_lines<R: Evaluate>(game: Variant<R>) -> Vec<String> {
    let def = game.tables().def;
    def.pieces
        .iter()
        .map(|p| {
            format!(
                "{}  {:<12} {}",
                p.letter,
                p.name,
                def.about.kind(p.letter).unwrap_or("")
            )
        })
        .collect()
}

/// The last move as players read it (SAN for chess).
pub fn last_label<R: Evaluate>(session: &Session<R>) -> String {
    session.labels.last().cloned().unwrap_or_default()
}

/// The legal moves as players read them (SAN for chess), sorted.
pub fn legal_texts<R: Evaluate>(session: &Session<R>) -> Vec<String> {
    let mut pos = session.pos.clone();
    let mut moves = MoveList::new();
    if pos.outcome().is_none() {
        pos.legal_moves(&mut moves);
    }
    let mut texts: Vec<String> = moves.iter().map(|&m| pos.move_label(m)).collect();
    texts.sort();
    texts
}

/// The engine's move for the side to move, with its reasons.
pub fn hint<R: Evaluate>(session: &Session<R>, engines: &mut Engines<R>) -> Result<String> {
    if let Some((_, why)) = session.result() {
        anyhow::bail!("the game is over ({why})");
    }
    session.engine_help()?;
    let seat = hint_seat();
    let engine = engines
        .hint
        .get_or_insert_with(|| Box::new(Engine::new(seat.config)));
    let (best, thought) = think_now(engine, &session.pos, &seat.limits);
    match (best, thought) {
        (Some(m), Some(t)) => Ok(format!(
            "{} ({})",
            session.pos.clone().move_label(m),
            t.summary()
        )),
        _ => anyhow::bail!("no move to suggest"),
    }
}

/// Where `save` writes: the given file, or the moves file.
pub fn save_path<R: Evaluate>(session: &Session<R>, path: Option<String>) -> Result<PathBuf> {
    match path.or_else(|| {
        session
            .moves_file
            .as_ref()
            .map(|p| p.to_string_lossy().into_owned())
    }) {
        Some(p) => Ok(PathBuf::from(p)),
        None => anyhow::bail!("save where? (save FILE; this game has no moves file)"),
    }
}

/// Replaces the game with a record from `path`: the record's damage, if
/// any (the moves before it are loaded), and where the game is now
/// recorded, when it is.
pub fn load<R: Evaluate>(
    session: &mut Session<R>,
    path: &str,
) -> Result<(Option<String>, Option<String>)> {
    let text = super::read_record_file(std::path::Path::new(path))?;
    let recording = session.moves_file.is_some();
    let (mut loaded, damage) =
        Session::<R>::from_record(session.game(), &text, session.seats.clone(), None)?;
    let damage = damage.map(|d| damage_text(&d, loaded.moves.len()));
    let mut recording_to = None;
    if recording {
        let (file, say) = loaded.resume_file(std::path::Path::new(path), &text);
        loaded.moves_file = Some(file);
        recording_to = Some(say);
    }
    session.replace_with(loaded);
    session.begin();
    Ok((damage, recording_to))
}

/// A draw offer: an engine answers at once; a human answers with `accept`
/// or by playing on.
pub fn offer_draw<R: Evaluate>(
    session: &mut Session<R>,
    engines: &mut Engines<R>,
) -> Result<String> {
    if let Some((_, why)) = session.result() {
        anyhow::bail!("the game is over ({why})");
    }
    let by = session.human_side().unwrap_or(session.pos.side_to_move());
    let other = by.other();
    if session.draw_offer == Some(other) {
        // Offers crossing: agreed.
        session.agree_draw()?;
        return Ok("Draw agreed".to_string());
    }
    Ok(match engines.seats[other.index()].as_mut() {
        Some(engine) => {
            if draw_answer(engine, &session.pos, other) {
                session.agree_draw()?;
                "Draw accepted by the engine".to_string()
            } else {
                "Draw declined by the engine".to_string()
            }
        }
        None => {
            session.draw_offer = Some(by);
            format!(
                "Draw offered by {}: {} may 'accept', or play on to decline",
                session.side_name(by),
                session.side_name(other)
            )
        }
    })
}
