//! One game as the server holds it: a [`Session`] of whichever game it is,
//! behind a trait object, so that the server's code is written once for
//! all games. Everything game-specific the page needs is in [`View`].

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use anyhow::{anyhow, Result};
use chess3d_core::def::OptionDef;
use chess3d_core::record::Damage;
use chess3d_core::{BitSet, Piece, Side, Variant};
use chess3d_engine::{with_engine_game, Config, Engine, EngineVisitor, Evaluate, Limits};
use chess3d_play::clock::TimeControl;
use chess3d_play::session::{damage_text, Seat, Session};
use chess3d_play::thinker::{draw_answer, Thought};

use crate::analysis::Reviewer;
use crate::scene::{self, View};

/// The clocks as the page shows them.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ClockView {
    /// `5+3`.
    pub control: String,
    /// Each side's time left, in milliseconds, when the state was made.
    pub remaining: [u64; 2],
    /// The side whose clock runs.
    pub running: Option<usize>,
}

/// A search to run on a blocking thread; it returns the move's canonical
/// text. `on_info` gets every finished iteration.
pub type SearchJob =
    Box<dyn FnOnce(&AtomicBool, &mut (dyn FnMut(Thought) + Send)) -> Option<String> + Send>;

/// The analysis board's search: its lines as JSON, stopped by the flag.
pub type LinesJob = Box<dyn FnOnce(&AtomicBool) -> serde_json::Value + Send>;

/// A game being played, whatever game it is.
pub trait Table: Send {
    fn side_to_move(&self) -> Side;
    /// Moves played from the start.
    fn ply(&self) -> usize;
    /// The moves played, in canonical notation.
    fn moves(&self) -> &[String];
    /// The same moves as players read them (SAN for chess, `+` and `#`).
    fn labels(&self) -> &[String];
    /// The board after the first `ply` moves, for review; `None` past the
    /// last move.
    fn view_at(&self, ply: usize) -> Option<View>;
    fn seats(&self) -> &[Seat; 2];
    /// The result token and why, once the game is over.
    fn result(&self) -> Option<(&'static str, String)>;
    fn draw_offer(&self) -> Option<Side>;
    /// Plays a move as a player types it; its canonical text.
    fn play(&mut self, text: &str) -> Result<String>;
    fn undo(&mut self) -> Result<String>;
    /// Takes back every move after the first `ply`; what it did.
    fn back_to(&mut self, ply: usize) -> Result<String>;
    fn resign(&mut self, side: Side) -> Result<String>;
    /// `side` offers a draw; an offer the other side made first is
    /// accepted instead. Whether the draw is agreed.
    fn offer_draw(&mut self, side: Side) -> Result<bool>;
    fn accept_draw(&mut self, side: Side) -> Result<()>;
    fn decline_draw(&mut self, side: Side) -> Result<()>;
    /// The game record's text.
    fn record(&self) -> String;
    /// The board, the legal moves and the status, for the page.
    fn view(&self) -> View;
    /// Where a piece of kind `letter` and `side` could go from `cell` of
    /// this board emptied of every other piece (the legend's "how it
    /// moves"): the cells it moves to and the cells it captures on.
    fn reach(&self, letter: char, side: Side, cell: &str) -> Result<(Vec<String>, Vec<String>)>;
    /// Where the piece on `cell`, of the side waiting for its turn, may
    /// be premoved (premoves.rs).
    fn premoves(&self, cell: &str) -> Result<crate::premoves::Premoves>;
    /// A search of the current position by an engine with these settings.
    fn search(&self, config: Config, limits: Limits) -> SearchJob;
    /// The first `upto` moves, to be judged one position at a time by an
    /// engine with these settings (analysis.rs).
    fn reviewer(&self, upto: usize, config: Config, limits: Limits) -> Result<Box<dyn Reviewer>>;
    /// The analysis board after the first `ply` moves and then `moves`
    /// (typed as players type them): its board with the legal moves, and
    /// the moves' canonical texts and labels.
    fn explore(&self, ply: usize, moves: &[String]) -> Result<(View, Vec<String>, Vec<String>)>;
    /// The engine's best lines at that position (analysis.rs).
    fn lines_job(
        &self,
        ply: usize,
        moves: &[String],
        config: Config,
        limits: Limits,
    ) -> Result<LinesJob>;
    /// The clocks, when the game is timed.
    fn clock(&self) -> Option<ClockView>;
    /// Plays with clocks of this control from now (a new game).
    fn set_clock(&mut self, control: Option<TimeControl>);
    /// Sets each side's time (a stored game's clocks, stopped).
    fn set_clock_times(&mut self, times: [u64; 2]);
    /// Starts the side to move's clock (after a stored game is loaded).
    fn resume_clock(&mut self);
    /// Ends the game if the side to move's time ran out; whether it did.
    fn check_flag(&mut self) -> bool;
    /// What an engine seat may spend on this move (the clock's time in a
    /// timed game).
    fn engine_limits(&self, limits: &Limits) -> Limits;
    /// The players' names as the record writes them.
    fn names(&self) -> [String; 2];
    /// The options the game is played with that are not its defaults, as
    /// a record's `Options` tag writes them (`wonkavator=on`); empty for
    /// none.
    fn options(&self) -> String;
    fn set_name(&mut self, side: Side, name: Option<String>);
    /// A new game from the same start, options and time control, with
    /// these seats.
    fn rematch(&self, seats: [Seat; 2]) -> Box<dyn Table>;
    /// Whether an engine with `hash_mb` MB of hash table playing `side`
    /// takes a draw now.
    fn draw_job(&self, side: Side, hash_mb: usize) -> Box<dyn FnOnce() -> bool + Send>;
}

impl<R: Evaluate> Table for Session<R> {
    fn side_to_move(&self) -> Side {
        self.pos.side_to_move()
    }
    fn ply(&self) -> usize {
        self.moves.len()
    }
    fn moves(&self) -> &[String] {
        &self.moves
    }
    fn labels(&self) -> &[String] {
        &self.labels
    }
    fn view_at(&self, ply: usize) -> Option<View> {
        self.position_at(ply).map(|pos| scene::past_view(&pos))
    }
    fn seats(&self) -> &[Seat; 2] {
        &self.seats
    }
    fn result(&self) -> Option<(&'static str, String)> {
        Session::result(self)
    }
    fn draw_offer(&self) -> Option<Side> {
        self.draw_offer
    }
    fn play(&mut self, text: &str) -> Result<String> {
        self.play_text(text)
    }
    fn undo(&mut self) -> Result<String> {
        Session::undo(self)
    }
    fn back_to(&mut self, ply: usize) -> Result<String> {
        Session::back_to(self, ply)
    }
    fn resign(&mut self, side: Side) -> Result<String> {
        self.resign_as(side)
    }
    fn offer_draw(&mut self, side: Side) -> Result<bool> {
        if let Some((_, why)) = Session::result(self) {
            return Err(anyhow!("the game is over ({why})"));
        }
        match self.draw_offer {
            Some(by) if by != side => {
                self.agree_draw()?;
                Ok(true)
            }
            Some(_) => Err(anyhow!(
                "{} has offered a draw already",
                self.side_name(side)
            )),
            None => {
                self.draw_offer = Some(side);
                Ok(false)
            }
        }
    }
    fn accept_draw(&mut self, side: Side) -> Result<()> {
        self.accept_draw_as(side)
    }
    fn decline_draw(&mut self, side: Side) -> Result<()> {
        match self.draw_offer {
            Some(by) if by != side => {
                self.draw_offer = None;
                Ok(())
            }
            _ => Err(anyhow!(
                "no draw offer for {} to decline",
                self.side_name(side)
            )),
        }
    }
    fn record(&self) -> String {
        Session::record(self).to_text()
    }
    fn view(&self) -> View {
        scene::view(&self.pos, Session::result(self))
    }
    fn reach(&self, letter: char, side: Side, cell: &str) -> Result<(Vec<String>, Vec<String>)> {
        let t = self.pos.tables();
        let kind = t
            .kind_by_letter(letter)
            .ok_or_else(|| anyhow!("this game has no piece '{letter}'"))?;
        let name = t.def.pieces[kind as usize].name;
        let at = t
            .geo
            .parse_cell(cell)
            .ok_or_else(|| anyhow!("this game has no square '{}'", cell.escape_debug()))?;
        if !R::present(&self.pos).contains(at) {
            return Err(anyhow!(
                "{cell} is not on the board now (no board or elevator stands there)"
            ));
        }
        let reach = self
            .pos
            .reach(at, Piece::new(side, kind))
            .ok_or_else(|| anyhow!("a {name} cannot stand on {cell}"))?;
        let names = |cells: Vec<u16>| cells.iter().map(|&c| t.geo.name(c).to_string()).collect();
        Ok((names(reach.moves), names(reach.captures)))
    }
    fn premoves(&self, cell: &str) -> Result<crate::premoves::Premoves> {
        if let Some((_, why)) = Session::result(self) {
            return Err(anyhow!("the game is over ({why})"));
        }
        crate::premoves::premoves(&self.pos, cell).map_err(|e| anyhow!(e))
    }
    fn search(&self, config: Config, limits: Limits) -> SearchJob {
        let pos = self.pos.clone();
        Box::new(move |abort, on_info| {
            let mut engine = Engine::<R>::new(config);
            let report = engine.search(&pos, &limits, abort, |info| {
                on_info(Thought::from_info(&pos, info))
            });
            report.best.map(|m| pos.move_text(m))
        })
    }
    fn reviewer(&self, upto: usize, config: Config, limits: Limits) -> Result<Box<dyn Reviewer>> {
        let moves = chess3d_play::analysis::played(self, upto)?;
        Ok(crate::analysis::reviewer(
            &self.start,
            moves,
            config,
            limits,
        ))
    }
    fn explore(&self, ply: usize, moves: &[String]) -> Result<(View, Vec<String>, Vec<String>)> {
        let (pos, texts, labels) = crate::analysis::explore(self, ply, moves)?;
        Ok((crate::analysis::explore_view(&pos), texts, labels))
    }
    fn lines_job(
        &self,
        ply: usize,
        moves: &[String],
        config: Config,
        limits: Limits,
    ) -> Result<LinesJob> {
        let (pos, _, _) = crate::analysis::explore(self, ply, moves)?;
        if pos.clone().outcome().is_some() {
            return Err(anyhow!(
                "the game is over in that position: nothing to search"
            ));
        }
        Ok(Box::new(move |abort| {
            crate::analysis::lines(&pos, config, limits, abort)
        }))
    }
    fn clock(&self) -> Option<ClockView> {
        let clock = self.clock.as_ref()?;
        let remaining = self.clock_times()?;
        Some(ClockView {
            control: clock.control.to_string(),
            remaining,
            running: clock.is_running().then(|| self.pos.side_to_move().index()),
        })
    }
    fn set_clock(&mut self, control: Option<TimeControl>) {
        Session::set_clock(self, control)
    }
    fn set_clock_times(&mut self, times: [u64; 2]) {
        if let Some(clock) = &mut self.clock {
            clock.set_times(times);
        }
    }
    fn resume_clock(&mut self) {
        Session::resume_clock(self)
    }
    fn check_flag(&mut self) -> bool {
        Session::check_flag(self)
    }
    fn engine_limits(&self, limits: &Limits) -> Limits {
        Session::engine_limits(self, limits)
    }
    fn names(&self) -> [String; 2] {
        Side::BOTH.map(|s| self.player_name(s))
    }
    fn options(&self) -> String {
        chess3d_core::record::options_text(&self.pos)
    }
    fn set_name(&mut self, side: Side, name: Option<String>) {
        self.names[side.index()] = name;
    }
    fn rematch(&self, seats: [Seat; 2]) -> Box<dyn Table> {
        let mut next = Session::new(self.start.clone(), seats, None);
        next.set_clock(self.clock.as_ref().map(|c| c.control));
        next.names = [self.names[1].clone(), self.names[0].clone()];
        Box::new(next)
    }
    fn draw_job(&self, side: Side, hash_mb: usize) -> Box<dyn FnOnce() -> bool + Send> {
        let pos = self.pos.clone();
        Box::new(move || {
            let config = Config {
                hash_mb,
                ..Config::default()
            };
            draw_answer(&mut Engine::<R>::new(config), &pos, side)
        })
    }
}

/// A new game of `game` from its start (one drawn at random, for a game of
/// shuffled starts).
pub fn new_table(game: &str, seats: [Seat; 2]) -> Result<Box<dyn Table>> {
    new_table_with(game, seats, &[])
}

/// A new game played with these game options (name, on) set.
pub fn new_table_with(
    game: &str,
    seats: [Seat; 2],
    options: &[(String, bool)],
) -> Result<Box<dyn Table>> {
    struct New<'a>([Seat; 2], &'a [(String, bool)]);
    impl EngineVisitor for New<'_> {
        type Output = Result<Box<dyn Table>>;
        fn visit<R: Evaluate>(self, game: Variant<R>) -> Self::Output {
            let mut start = game.start();
            for (name, on) in self.1 {
                start.set_option(name, *on).map_err(|e| anyhow!("{e}"))?;
            }
            // A game of shuffled starts (Chess960) begins from one drawn at
            // random; its record keeps it (the FEN tag).
            let start = start.shuffled_start_number(rand::random::<u32>() as usize);
            Ok(Box::new(Session::<R>::new(start, self.0, None)))
        }
    }
    by_id(game, New(seats, options))?
}

/// A game from a record's text: every move up to the first damage, which
/// is described in the second value.
pub fn table_from_record(
    game: &str,
    text: &str,
    seats: [Seat; 2],
) -> Result<(Box<dyn Table>, Option<String>)> {
    struct Load<'a>(&'a str, [Seat; 2]);
    impl EngineVisitor for Load<'_> {
        type Output = Result<(Box<dyn Table>, Option<String>)>;
        fn visit<R: Evaluate>(self, game: Variant<R>) -> Self::Output {
            let (session, damage): (Session<R>, Option<Damage>) =
                Session::from_record(game, self.0, self.1, None)?;
            let note = damage.map(|d| damage_text(&d, session.moves.len()));
            Ok((Box::new(session), note))
        }
    }
    by_id(game, Load(text, seats))?
}

/// Runs `visitor` with the game `id` names. Only an id: a name from a
/// player is never read as a path on the server's disk.
fn by_id<V: EngineVisitor>(id: &str, visitor: V) -> Result<V::Output> {
    if !is_game(id) {
        return Err(anyhow!("unknown game '{}'", id.escape_debug()));
    }
    with_engine_game(id, visitor).map_err(|e| anyhow!("{e}"))
}

/// Whether `id` names a game: a built-in one, or one of the games folder
/// the server was started with.
pub fn is_game(id: &str) -> bool {
    game_ids().contains(&id)
}

/// Every game the server plays, built-in ones first.
pub fn game_ids() -> Vec<&'static str> {
    chess3d_games::game_ids()
}

/// The full name and side names of a game.
pub fn game_names(id: &str) -> Option<(&'static str, [&'static str; 2])> {
    struct Names;
    impl EngineVisitor for Names {
        type Output = (&'static str, [&'static str; 2]);
        fn visit<R: Evaluate>(self, game: Variant<R>) -> Self::Output {
            (game.name(), game.side_names())
        }
    }
    by_id(id, Names).ok()
}

/// A game as the list of games names it: its full name, its sides' names,
/// and the size of its board at the start (cells, levels).
pub struct GameSummary {
    pub name: &'static str,
    pub sides: [&'static str; 2],
    pub cells: usize,
    pub levels: usize,
    /// The game's own options (not the `hundred-ply` rule every game has),
    /// which a new game may be played with.
    pub options: Vec<OptionDef>,
}

/// The full name, side names and board size of a game.
pub fn game_summary(id: &str) -> Option<GameSummary> {
    struct Summary;
    impl EngineVisitor for Summary {
        type Output = GameSummary;
        fn visit<R: Evaluate>(self, game: Variant<R>) -> Self::Output {
            let start = game.start();
            let geo = &start.tables().geo;
            let present = R::present(&start);
            let cells: Vec<_> = geo.cells().filter(|&c| present.contains(c)).collect();
            let mut levels: Vec<i32> = cells.iter().map(|&c| geo.coord(c)[2]).collect();
            levels.sort_unstable();
            levels.dedup();
            GameSummary {
                name: game.name(),
                sides: game.side_names(),
                cells: cells.len(),
                levels: levels.len(),
                options: game.tables().def.options.to_vec(),
            }
        }
    }
    by_id(id, Summary).ok()
}

/// What a player reads about a game: its name, sides, setup, goal, special
/// rules and every kind with how it moves (`GET /api/v1/variants/{id}`).
pub fn game_about(id: &str) -> Option<serde_json::Value> {
    struct About;
    impl EngineVisitor for About {
        type Output = serde_json::Value;
        fn visit<R: Evaluate>(self, game: Variant<R>) -> Self::Output {
            let def = game.tables().def;
            let kinds: Vec<serde_json::Value> = def
                .pieces
                .iter()
                .map(|p| {
                    serde_json::json!({
                        "letter": p.letter,
                        "name": p.name,
                        "royal": p.royal,
                        "moves": def.about.kind(p.letter).unwrap_or(""),
                    })
                })
                .collect();
            serde_json::json!({
                "id": def.id,
                "name": def.name,
                "sides": def.side_names,
                "setup": def.about.setup,
                "goal": def.about.goal,
                "special": def.about.special,
                "notation": def.move_hint,
                "must_capture": def.must_capture,
                "kinds": kinds,
            })
        }
    }
    by_id(id, About).ok()
}

pub type Abort = Arc<AtomicBool>;
