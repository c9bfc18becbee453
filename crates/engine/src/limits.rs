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
}

/// The time a search may take: it starts no new iteration after `soft`,
/// and stops at once at `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub soft: Duration,
    pub hard: Duration,
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
            let moves = self.movestogo.unwrap_or(30).clamp(1, 50);
            let soft = (left / moves + inc * 3 / 4).min(usable);
            let hard = (soft * 3).min(usable / 3 + inc / 2).max(soft).min(usable);
            Budget { soft, hard }
        });
        let by_movetime = self.movetime.map(|t| {
            let hard = t.saturating_sub(overhead(t));
            Budget { soft: hard, hard }
        });
        match (by_clock, by_movetime) {
            (Some(a), Some(b)) => Some(Budget {
                soft: a.soft.min(b.soft),
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
        // 100 ms less 10% (10 ms).
        assert_eq!(
            b,
            Budget {
                soft: MS(90),
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
        assert_eq!((w.soft, w.hard), (MS(2_000), MS(6_000)));
        // Black: 1 s / 30 + 75 ms; hard at most a third of what is usable
        // (1 s less 50 ms kept back) plus half the increment.
        let b = limits.budget(Side::Black).unwrap();
        assert_eq!(b.soft, Duration::from_nanos(33_333_333) + MS(75));
        assert!(b.hard <= MS(950) / 3 + MS(50));
        // Almost no time left: still under what is left.
        let flag = Limits {
            time: [Some(MS(3)), None],
            ..Limits::default()
        };
        assert!(flag.budget(Side::White).unwrap().hard < MS(3));
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
