//! What a search may spend: depth, nodes, time, and the clock.

use std::time::Duration;

use chess3d_core::Side;

/// The UCI `go` limits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Time left per side (White, Black).
    pub time: [Option<Duration>; 2],
    pub inc: [Duration; 2],
    pub movestogo: Option<u32>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Lines searched and reported (UCI `MultiPV`): the best N moves, each
    /// with its score and line; 0 and 1 both mean one.
    pub multipv: u32,
}

/// The time a search may take: it stops at once at `hard`. With a clock,
/// time not used is kept for later moves, so the search aims at `soft`
/// (it starts no new iteration after half of it, nor any after it). With
/// only a time a move (`movetime`), time not used is lost: `soft` is
/// `None` and the search goes on until `hard`, an unfinished iteration
/// still answering with a better move if it found one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub soft: Option<Duration>,
    pub hard: Duration,
}

/// Below this, a clock is short of time (see [`Limits::budget`]).
const SHORT_OF_TIME: Duration = Duration::from_secs(10);

/// The moves a clock without increment or `movestogo` is shared out over:
/// more as it runs down, so that the time left shrinks more slowly than
/// the moves of a long game come (a 1+0 game of 300 moves a side must not
/// lose on time; a move costs at least about half a millisecond).
fn sudden_death_moves(left: Duration) -> u32 {
    if left > SHORT_OF_TIME {
        30
    } else if left > Duration::from_secs(2) {
        60
    } else {
        150
    }
}

/// Kept back for answering: unwinding the search, printing the move, the
/// pipe's delay, and a busy machine's scheduling.
fn overhead(time: Duration) -> Duration {
    (time / 10).clamp(Duration::from_millis(2), Duration::from_millis(50))
}

impl Limits {
    /// A search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of a fixed time.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Whether the search for `side` has no limit at all: `infinite`, or
    /// no depth, nodes, movetime nor clock of its own. Such a search runs
    /// until stopped (UCI treats it as `go infinite`).
    pub fn is_unbounded(&self, side: Side) -> bool {
        self.infinite || self.depth.is_none() && self.nodes.is_none() && self.budget(side).is_none()
    }

    /// The time budget of `side` to move, if the limits give one.
    /// `infinite` has none, whatever else is given.
    pub fn budget(&self, side: Side) -> Option<Budget> {
        if self.infinite {
            return None;
        }
        let by_clock = self.time[side.index()].map(|left| {
            let inc = self.inc[side.index()];
            let usable = left.saturating_sub(overhead(left));
            let moves = match self.movestogo {
                Some(m) => m.clamp(1, 50),
                None => sudden_death_moves(left),
            };
            let soft = (left / moves + inc * 3 / 4).min(usable);
            let hard = if left > SHORT_OF_TIME {
                (soft * 3).min(usable / 3 + inc / 2)
            } else {
                // Short of time: no move takes a large part of what is left.
                (soft * 2).min(usable / 10 + inc / 2)
            };
            Budget {
                soft: Some(soft),
                hard: hard.max(soft).min(usable),
            }
        });
        let by_movetime = self.movetime.map(|t| Budget {
            soft: None,
            hard: t.saturating_sub(overhead(t)),
        });
        match (by_clock, by_movetime) {
            (Some(a), Some(b)) => Some(Budget {
                soft: a.soft,
                hard: a.hard.min(b.hard),
            }),
            (a, b) => a.or(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn movetime_keeps_a_margin() {
        let b = Limits::movetime(MS(100)).budget(Side::White).unwrap();
        // 100 ms less 10% (10 ms), all of it usable: time not used is
        // lost.
        assert_eq!(
            b,
            Budget {
                soft: None,
                hard: MS(90)
            }
        );
    }

    #[test]
    fn the_clock_is_shared_out_and_never_overdrawn() {
        let limits = Limits {
            time: [Some(MS(60_000)), Some(MS(1_000))],
            inc: [MS(0), MS(100)],
            ..Limits::default()
        };
        // White: 60 s over 30 moves = 2 s soft, 6 s hard.
        let w = limits.budget(Side::White).unwrap();
        assert_eq!((w.soft, w.hard), (Some(MS(2_000)), MS(6_000)));
        // Black, short of time: 1 s over 150 moves plus 3/4 of the
        // increment (6.67 + 75 ms); hard at most a tenth of what is usable
        // (1 s less 50 ms kept back) plus half the increment.
        let b = limits.budget(Side::Black).unwrap();
        let soft = Duration::from_nanos(6_666_666) + MS(75);
        assert_eq!(b.soft, Some(soft));
        assert!(b.hard <= MS(950) / 10 + MS(50) && b.hard >= soft);
        // Almost no time left: still under what is left.
        let flag = Limits {
            time: [Some(MS(3)), None],
            ..Limits::default()
        };
        assert!(flag.budget(Side::White).unwrap().hard < MS(3));
    }

    /// A whole game without increment, each move taking its whole hard
    /// budget and at least a millisecond: the clock lasts more than 300
    /// moves (with a thirtieth of the time a move and a third as the hard
    /// limit, it lasted 92).
    #[test]
    fn a_sudden_death_clock_lasts_a_long_game() {
        let mut left = MS(60_000);
        let mut moves = 0;
        while moves < 1000 {
            let limits = Limits {
                time: [Some(left), None],
                ..Limits::default()
            };
            let used = limits.budget(Side::White).unwrap().hard.max(MS(1));
            if used >= left {
                break;
            }
            left -= used;
            moves += 1;
        }
        assert!(moves > 300, "{moves} moves");
    }

    #[test]
    fn a_clock_of_the_other_side_is_no_limit() {
        let black_clock = Limits {
            time: [None, Some(MS(1_000))],
            inc: [MS(10), MS(10)],
            ..Limits::default()
        };
        assert!(black_clock.is_unbounded(Side::White));
        assert!(!black_clock.is_unbounded(Side::Black));
        assert!(!Limits::depth(3).is_unbounded(Side::White));
    }

    #[test]
    fn infinite_and_depth_have_no_budget() {
        let inf = Limits {
            infinite: true,
            movetime: Some(MS(10)),
            ..Limits::default()
        };
        assert_eq!(inf.budget(Side::White), None);
        assert_eq!(Limits::depth(5).budget(Side::Black), None);
    }
}
