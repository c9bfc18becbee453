//! How games end.

use crate::bits::BitSet;
use crate::def::{Extinction, RepetitionRule, StalemateRule};
use crate::position::{Position, Rules};
use crate::Side;

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    Checkmate,
    /// The loser's royal piece was captured (43-square Ziggurat).
    RoyalCaptured,
    /// The winner's royal piece reached the temple (43-square Ziggurat).
    TempleReached,
    /// The winner's royal piece reached its goal (King of the Hill's
    /// centre).
    GoalReached,
    /// The loser caused a threefold repetition (Elevator).
    Repetition,
    /// A repetition ended the game, and the rules score it a loss for
    /// the loser (minishogi: Sente).
    RepetitionRule,
    /// A repetition ended the game while the loser gave check with every
    /// move (shogi).
    PerpetualCheck,
    /// A side without a legal move, not in check, lost (xiangqi) or won
    /// (antichess): [`StalemateRule`].
    Stalemate,
    /// The loser was left with no piece (Horde), or the winner was
    /// (antichess): [`crate::def::Extinction`].
    Extinction,
    /// The winner gave the checks that win (three-check chess).
    ChecksGiven,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    Stalemate,
    /// No legal move in a game without check.
    NoLegalMove,
    Repetition,
    /// 100 plies without a capture or a pawn-type move.
    HundredPlies,
    BareKings,
    /// Neither side can win with the material left (a game's own rule).
    InsufficientMaterial,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win { winner: Side, reason: WinReason },
    Draw(DrawReason),
}

impl Outcome {
    /// A short description using the game's side names.
    pub fn describe(self, side_names: [&str; 2]) -> String {
        match self {
            Outcome::Win { winner, .. } => {
                format!("{}, {} wins", self.reason(), side_names[winner.index()])
            }
            Outcome::Draw(_) => format!("draw by {}", self.reason()),
        }
    }

    /// Why the game ended, without naming a side: "checkmate",
    /// "stalemate".
    pub fn reason(self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } => match reason {
                WinReason::Checkmate => "checkmate",
                WinReason::RoyalCaptured => "Priest-King captured",
                WinReason::TempleReached => "temple reached",
                WinReason::GoalReached => "goal reached",
                WinReason::Repetition => "threefold repetition caused by the loser",
                WinReason::RepetitionRule => {
                    "repetition, which the rules score as the loser's loss"
                }
                WinReason::PerpetualCheck => "repetition by the loser's perpetual check",
                WinReason::Stalemate => "stalemate",
                WinReason::ChecksGiven => "checks given",
                WinReason::Extinction => "no piece left",
            },
            Outcome::Draw(reason) => match reason {
                DrawReason::Stalemate => "stalemate",
                DrawReason::NoLegalMove => "no legal move",
                DrawReason::Repetition => "threefold repetition",
                DrawReason::HundredPlies => "100 plies without capture or pawn move",
                DrawReason::BareKings => "bare Kings",
                DrawReason::InsufficientMaterial => "insufficient material",
            },
        }
    }
}

impl<R: Rules> Position<R> {
    /// A result reached by the last move itself, which ends even a perft
    /// line: in a game without check, a side whose royal piece was captured
    /// loses; a side left with no piece loses or wins (`extinction`); a
    /// side that has given the checks that win wins; a royal piece on its
    /// side's goal (the temple) wins.
    #[inline]
    pub fn immediate_result(&self) -> Option<Outcome> {
        let t = self.tables();
        if !t.def.has_check && t.royal_kind().is_some() {
            for side in Side::BOTH {
                if self.royal_cell(side).is_none() {
                    return Some(Outcome::Win {
                        winner: side.other(),
                        reason: WinReason::RoyalCaptured,
                    });
                }
            }
        }
        if let Some(extinction) = t.def.extinction {
            for side in Side::BOTH {
                if self.side_cells(side).is_empty() {
                    let winner = match extinction {
                        Extinction::Loss => side.other(),
                        Extinction::Win => side,
                    };
                    return Some(Outcome::Win {
                        winner,
                        reason: WinReason::Extinction,
                    });
                }
            }
        }
        if t.def.checks_to_win.is_some() {
            for side in Side::BOTH {
                if self.checks_left(side) == Some(0) {
                    return Some(Outcome::Win {
                        winner: side,
                        reason: WinReason::ChecksGiven,
                    });
                }
            }
        }
        if t.has_goal {
            for side in Side::BOTH {
                let Some(royal) = self.royal_cell(side) else {
                    continue;
                };
                if t.goal[side.index()].contains(royal) {
                    let reason = if t.temple == Some(royal) {
                        WinReason::TempleReached
                    } else {
                        WinReason::GoalReached
                    };
                    return Some(Outcome::Win {
                        winner: side,
                        reason,
                    });
                }
            }
        }
        None
    }

    /// The result if the game is over (RULINGS.md §0), else `None`.
    /// Immediate wins first, then checkmate and stalemate (mate on the
    /// 100th ply still wins), then the automatic draws.
    pub fn outcome(&mut self) -> Option<Outcome> {
        if let Some(o) = self.immediate_result() {
            return Some(o);
        }
        let def = self.tables().def;
        if !self.has_legal_move() {
            return Some(self.no_move_outcome(self.in_check()));
        }
        if self.repetitions() >= def.repetition.count() {
            return Some(match def.repetition {
                RepetitionRule::Draw => Outcome::Draw(DrawReason::Repetition),
                // The player who just moved caused it; the side to move wins.
                RepetitionRule::LossForMover => Outcome::Win {
                    winner: self.side_to_move(),
                    reason: WinReason::Repetition,
                },
                RepetitionRule::Counted {
                    count,
                    loser,
                    perpetual_check_loses,
                } => {
                    // Each side: whether it gave check with every move.
                    let [ours, theirs] = match perpetual_check_loses {
                        true => self.perpetual_checks(count as usize),
                        false => [false; 2],
                    };
                    let mover = self.side_to_move();
                    match (ours, theirs, loser) {
                        // Both: a draw, as in Fairy-Stockfish.
                        (true, true, _) => Outcome::Draw(DrawReason::Repetition),
                        (true, false, _) => Outcome::Win {
                            winner: mover.other(),
                            reason: WinReason::PerpetualCheck,
                        },
                        (false, true, _) => Outcome::Win {
                            winner: mover,
                            reason: WinReason::PerpetualCheck,
                        },
                        (false, false, Some(loser)) => Outcome::Win {
                            winner: loser.other(),
                            reason: WinReason::RepetitionRule,
                        },
                        (false, false, None) => Outcome::Draw(DrawReason::Repetition),
                    }
                }
            });
        }
        if self.options().hundred_ply_rule && self.halfmove_clock() >= 100 {
            return Some(Outcome::Draw(DrawReason::HundredPlies));
        }
        let royals = Side::BOTH
            .iter()
            .filter(|&&s| self.royal_cell(s).is_some())
            .count();
        // Pieces in hand are not bare: they may be dropped, or gated while
        // their side has a gate.
        let held = self.in_hand(Side::White) + self.in_hand(Side::Black)
            - self.ungateable(Side::White)
            - self.ungateable(Side::Black);
        if def.bare_kings_draw && royals == 2 && self.occupied().count() == 2 && held == 0 {
            return Some(Outcome::Draw(DrawReason::BareKings));
        }
        if R::insufficient_material(self) {
            return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        None
    }

    /// Where the current position has occurred `count` times: whether
    /// the side to move, and whether the other side, gave check with
    /// every one of its moves since the first of them (perpetual check).
    /// The moves are taken back to look, and played again.
    fn perpetual_checks(&mut self, count: usize) -> [bool; 2] {
        // The plies back to the first of the `count` occurrences.
        let Some(back) = self.earlier_occurrences().nth(count.saturating_sub(2)) else {
            return [false; 2];
        };
        // checked[j]: whether the side to move was in check `j` plies back,
        // that is, whether the move before gave check.
        let mut checked = Vec::with_capacity(back);
        let mut taken = Vec::with_capacity(back);
        for _ in 0..back {
            checked.push(self.in_check());
            match self.unmake() {
                Some(m) => taken.push(m),
                None => break,
            }
        }
        for m in taken.into_iter().rev() {
            self.make(m);
        }
        // Even j: positions with the side to move now to move, checked by
        // the other side's moves; odd j: the reverse.
        let all = |parity: usize| checked.iter().skip(parity).step_by(2).all(|&c| c);
        [all(1), all(0)]
    }

    /// The result when the side to move has no legal move; `in_check`:
    /// whether it is in check. Mate, or the game's stalemate rule.
    pub fn no_move_outcome(&self, in_check: bool) -> Outcome {
        let def = self.tables().def;
        let mover = self.side_to_move();
        if in_check {
            return Outcome::Win {
                winner: mover.other(),
                reason: WinReason::Checkmate,
            };
        }
        match def.stalemate {
            // Without check, no side is ever stalemated: it has no move.
            StalemateRule::Draw if !def.has_check => Outcome::Draw(DrawReason::NoLegalMove),
            StalemateRule::Draw => Outcome::Draw(DrawReason::Stalemate),
            StalemateRule::Loss => Outcome::Win {
                winner: mover.other(),
                reason: WinReason::Stalemate,
            },
            StalemateRule::Win => Outcome::Win {
                winner: mover,
                reason: WinReason::Stalemate,
            },
        }
    }

    /// Whether `side` could still win, for a flag fall (RULINGS.md has
    /// none; docs/play.md): not with nothing but its royal piece (unless
    /// that piece can win by reaching a goal, by taking the last enemy
    /// piece, or a stalemate does not draw), nor in a position the game's
    /// own insufficient-material rule calls dead.
    pub fn can_still_win(&self, side: Side) -> bool {
        let t = self.tables();
        let own = self.side_cells(side);
        let royal = self.royal_cells(side.index());
        let lone_royal_wins = !royal.is_empty()
            && (royal.count() > 1
                || !t.goal[side.index()].is_empty()
                || t.def.stalemate != StalemateRule::Draw
                || t.def.extinction == Some(Extinction::Loss));
        // With drops, material never runs out while a piece is in a hand
        // or can be taken into one (lichess's crazyhouse).
        let other = side.other();
        let takeable = self.side_cells(other).count() > self.royal_cells(other.index()).count();
        let drops_on = self.drops() && (self.in_hand(side) + self.in_hand(other) > 0 || takeable);
        let gates_on = self.in_hand(side) > self.ungateable(side);
        (own.count() > royal.count() || drops_on || gates_on || lone_royal_wins)
            && !R::insufficient_material(self)
    }

    /// The pieces of `side`'s hand that can never enter the board: all of
    /// them in a game with gating alone once the side has no gate left
    /// (none where drops bring them in).
    fn ungateable(&self, side: Side) -> u32 {
        if self.tables().def.gating_alone() && self.gates(side).is_empty() {
            self.in_hand(side)
        } else {
            0
        }
    }
}
