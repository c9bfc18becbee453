//! Chess clocks: a time control (base time and increment, Fischer style)
//! and the two clocks of a game.
//!
//! The clocks start with the first move: the first mover's first move is
//! not timed (as on most servers, so that a game is not lost before both
//! players are there); from then on the side to move's clock runs, and a
//! move adds the increment to the mover's time. Time is counted in
//! milliseconds against a monotonic clock; a game stored and loaded again
//! resumes with the times it was stored with (the time in between is not
//! charged to anyone).

use std::fmt;
use std::time::Instant;

use chess3d_core::Side;

/// Base time and increment per move, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
}

/// The longest base time accepted: a day.
const MAX_BASE_MS: u64 = 24 * 3_600_000;
/// The largest increment accepted: an hour.
const MAX_INCREMENT_MS: u64 = 3_600_000;

impl TimeControl {
    /// Reads what players write: `5+3` (minutes + seconds a move), `30`
    /// (minutes, no increment), `0.5+1`; `none` or `-` for no clock.
    pub fn parse(text: &str) -> Result<Option<TimeControl>, String> {
        let text = text.trim();
        if matches!(
            text.to_ascii_lowercase().as_str(),
            "none" | "-" | "off" | ""
        ) {
            return Ok(None);
        }
        let bad = format!(
            "'{}' is not a time control: write minutes + seconds added per move, such as 5+3, 15+10 or 30+0 ('none' for no clock)",
            text.escape_debug()
        );
        let (base, inc) = base_and_increment(text).ok_or_else(|| bad.clone())?;
        TimeControl::from_ms(base * 60_000.0, inc * 1000.0)
            .map(Some)
            .map_err(|e| format!("{bad}: {e}"))
    }

    /// Reads PGN's `TimeControl` tag: `300+3` (seconds + seconds), `300`;
    /// `-` or `?` for none.
    pub fn from_pgn(text: &str) -> Result<Option<TimeControl>, String> {
        let text = text.trim();
        if matches!(text, "-" | "?" | "") {
            return Ok(None);
        }
        let bad = format!(
            "TimeControl '{}': expected seconds+increment such as 300+3",
            text.escape_debug()
        );
        let (base, inc) = base_and_increment(text).ok_or_else(|| bad.clone())?;
        TimeControl::from_ms(base * 1000.0, inc * 1000.0)
            .map(Some)
            .map_err(|e| format!("{bad}: {e}"))
    }

    fn from_ms(base: f64, increment: f64) -> Result<TimeControl, String> {
        TimeControl {
            base_ms: base.round() as u64,
            increment_ms: increment.round() as u64,
        }
        .check()
    }

    fn check(self) -> Result<TimeControl, String> {
        if self.base_ms < 1000 {
            return Err("the base time must be at least a second".to_string());
        }
        if self.base_ms > MAX_BASE_MS || self.increment_ms > MAX_INCREMENT_MS {
            return Err("at most 1440 minutes and 3600 seconds a move".to_string());
        }
        Ok(self)
    }

    /// PGN's `TimeControl` value: `300+3` (seconds; `1.2+0` for a base
    /// that is no whole number of seconds).
    pub fn pgn(&self) -> String {
        let seconds = |ms: u64| (ms as f64 / 1000.0).to_string();
        format!("{}+{}", seconds(self.base_ms), seconds(self.increment_ms))
    }
}

/// `A+B` or `A` as two unsigned decimal numbers (B 0 when left out).
fn base_and_increment(text: &str) -> Option<(f64, f64)> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let number = |s: &str| {
        let s = s.trim();
        let decimal = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit() || b == b'.');
        decimal.then(|| s.parse::<f64>().ok()).flatten()
    };
    Some((number(base)?, number(inc)?))
}

/// As players write it: `5+3`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.base_ms as f64 / 60_000.0;
        let inc = self.increment_ms as f64 / 1000.0;
        write!(f, "{minutes}+{inc}")
    }
}

/// The two clocks of a game.
#[derive(Clone, Debug)]
pub struct Clock {
    pub control: TimeControl,
    /// Each side's time when its clock last stopped (or at the start).
    remaining: [u64; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Side, Instant)>,
    /// The mover's time after each move, for the record's `%clk`.
    pub history: Vec<u64>,
    /// The side that moved first (its first move is not timed).
    first: Side,
}

impl Clock {
    pub fn new(control: TimeControl, first: Side) -> Clock {
        Clock {
            control,
            remaining: [control.base_ms; 2],
            running: None,
            history: Vec::new(),
            first,
        }
    }

    /// The clocks of a game whose moves left these times (`history`, one
    /// per move; `None` where the record has none), the next move's side
    /// to move, not running until [`Clock::resume`].
    pub fn restored(control: TimeControl, first: Side, history: &[Option<u64>]) -> Clock {
        let mut clock = Clock::new(control, first);
        let mut side = first;
        for (i, &ms) in history.iter().enumerate() {
            // A move without a time: the time before it, with the increment
            // (as if it took no time).
            let after = ms.unwrap_or(clock.remaining[side.index()] + clock.increment_for(i));
            clock.remaining[side.index()] = after;
            clock.history.push(after);
            side = side.other();
        }
        clock
    }

    /// The increment after move `i` (from 0): none for the untimed first
    /// move.
    fn increment_for(&self, i: usize) -> u64 {
        if i == 0 {
            0
        } else {
            self.control.increment_ms
        }
    }

    /// Time left for `side` at `now`.
    pub fn remaining(&self, side: Side, now: Instant) -> u64 {
        let left = self.remaining[side.index()];
        match self.running {
            Some((s, since)) if s == side => {
                left.saturating_sub(now.saturating_duration_since(since).as_millis() as u64)
            }
            _ => left,
        }
    }

    /// Whether a clock runs.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The side whose time ran out at `now`, if one did.
    pub fn flagged(&self, now: Instant) -> Option<Side> {
        let (side, _) = self.running?;
        (self.remaining(side, now) == 0).then_some(side)
    }

    /// `mover` has moved at `now`: its time is charged (the first move of
    /// the game is not), the increment added, and the other clock starts.
    /// The mover's time after the move.
    pub fn moved(&mut self, mover: Side, now: Instant) -> u64 {
        let i = self.history.len();
        let left = if i == 0 {
            self.remaining[mover.index()]
        } else {
            self.remaining(mover, now) + self.control.increment_ms
        };
        self.remaining[mover.index()] = left;
        self.history.push(left);
        self.running = Some((mover.other(), now));
        left
    }

    /// Sets each side's time, stopped (a stored game's clocks).
    pub fn set_times(&mut self, times: [u64; 2]) {
        self.remaining = times;
        self.running = None;
    }

    /// Stops both clocks (the game is over, or stored), keeping the times.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, _)) = self.running {
            self.remaining[side.index()] = self.remaining(side, now);
            self.running = None;
        }
    }

    /// Starts `side`'s clock at `now`, unless no move has been played yet
    /// (the first move is not timed).
    pub fn resume(&mut self, side: Side, now: Instant) {
        if !self.history.is_empty() && self.running.is_none() {
            self.running = Some((side, now));
        }
    }

    /// Takes back the last `n` moves: each side's time as it was after its
    /// last remaining move (the base time before its first); stopped.
    pub fn take_back(&mut self, n: usize) {
        let keep = self.history.len().saturating_sub(n);
        self.history.truncate(keep);
        self.running = None;
        self.remaining = [self.control.base_ms; 2];
        let mut side = self.first;
        for &ms in &self.history {
            self.remaining[side.index()] = ms;
            side = side.other();
        }
    }
}

/// `4:58`, `1:02:03`, or `9.4` below ten seconds, as clocks show it.
pub fn clock_face(ms: u64) -> String {
    let s = ms / 1000;
    if ms < 10_000 {
        format!("0:0{}.{}", s, ms % 1000 / 100)
    } else if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn control(text: &str) -> TimeControl {
        TimeControl::parse(text).unwrap().unwrap()
    }

    #[test]
    fn time_controls_are_read() {
        assert_eq!(
            control("5+3"),
            TimeControl {
                base_ms: 300_000,
                increment_ms: 3_000
            }
        );
        assert_eq!(control("30").increment_ms, 0);
        assert_eq!(control("0.5+1").base_ms, 30_000);
        assert_eq!(TimeControl::parse("none"), Ok(None));
        for bad in ["5+", "x", "5+3+1", "-5+3", "0+3", "100000+0", "5+99999"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(control("5+3").pgn(), "300+3");
        assert_eq!(TimeControl::from_pgn("300+3"), Ok(Some(control("5+3"))));
        assert_eq!(TimeControl::from_pgn("-"), Ok(None));
        assert!(TimeControl::from_pgn("5m").is_err());
        assert_eq!(control("0.02+0").pgn(), "1.2+0");
        assert_eq!(TimeControl::from_pgn("1.2+0"), Ok(Some(control("0.02+0"))));
        assert_eq!(control("15+10").to_string(), "15+10");
    }

    #[test]
    fn increments_and_the_untimed_first_move() {
        let t0 = Instant::now();
        let ms = |n| t0 + Duration::from_millis(n);
        let mut clock = Clock::new(control("1+2"), Side::White);
        assert!(!clock.is_running());
        // White's first move, 5 s in: not charged, no increment.
        assert_eq!(clock.moved(Side::White, ms(5_000)), 60_000);
        // Black thinks 10 s: 60 - 10 + 2 = 52 s.
        assert_eq!(clock.remaining(Side::Black, ms(15_000)), 50_000);
        assert_eq!(clock.moved(Side::Black, ms(15_000)), 52_000);
        // White thinks 3 s: 60 - 3 + 2 = 59 s.
        assert_eq!(clock.moved(Side::White, ms(18_000)), 59_000);
        assert_eq!(clock.history, [60_000, 52_000, 59_000]);
        // Black's 52 s run out 52 s later.
        assert_eq!(clock.flagged(ms(18_000 + 51_999)), None);
        assert_eq!(clock.flagged(ms(18_000 + 52_000)), Some(Side::Black));
        // Taken back one move: White's time as after its first move.
        clock.take_back(1);
        assert_eq!(clock.remaining(Side::White, ms(99_000)), 60_000);
        assert_eq!(clock.remaining(Side::Black, ms(99_000)), 52_000);
        assert!(!clock.is_running());
    }

    #[test]
    fn stopped_clocks_keep_their_time_and_resume() {
        let t0 = Instant::now();
        let ms = |n| t0 + Duration::from_millis(n);
        let mut clock = Clock::new(control("1+0"), Side::White);
        clock.moved(Side::White, ms(0));
        clock.stop(ms(7_000));
        // Stopped: no time passes.
        assert_eq!(clock.remaining(Side::Black, ms(60_000)), 53_000);
        clock.resume(Side::Black, ms(60_000));
        assert_eq!(clock.remaining(Side::Black, ms(61_000)), 52_000);
        // Restored from a record's %clk times.
        let restored = Clock::restored(control("1+0"), Side::White, &[Some(60_000), Some(53_000)]);
        assert_eq!(restored.remaining(Side::Black, ms(0)), 53_000);
        assert_eq!(restored.remaining(Side::White, ms(0)), 60_000);
    }

    #[test]
    fn clock_faces() {
        assert_eq!(clock_face(298_000), "4:58");
        assert_eq!(clock_face(3_723_000), "1:02:03");
        assert_eq!(clock_face(9_450), "0:09.4");
    }
}
