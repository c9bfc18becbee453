//! Match statistics: score, Elo difference with its 95% interval, SPRT.

/// Wins, draws and losses of the first player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_964;

/// The Elo difference that gives an expected score `s` (logistic model).
pub fn elo(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The expected score of a player `elo` points stronger.
pub fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points per game, draws half.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// Per-game variance of the score.
    fn variance(&self) -> f64 {
        let n = self.games().max(1) as f64;
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }

    /// The Elo difference and its 95% interval. The interval is Wilson's
    /// for the score (draws as half points), which stays meaningful when
    /// every game was won or lost, then turned into Elo.
    pub fn elo_interval(&self) -> (f64, f64, f64) {
        let n = self.games() as f64;
        if n == 0.0 {
            return (0.0, f64::NEG_INFINITY, f64::INFINITY);
        }
        let s = self.score();
        let z2 = Z95 * Z95;
        let denom = 1.0 + z2 / n;
        let centre = (s + z2 / (2.0 * n)) / denom;
        let half = Z95 * (s * (1.0 - s) / n + z2 / (4.0 * n * n)).sqrt() / denom;
        // Rounding must not turn a score bound of 0 or 1 into a finite Elo.
        let bound = |b: f64| {
            if b > 1.0 - 1e-9 {
                1.0
            } else if b < 1e-9 {
                0.0
            } else {
                b
            }
        };
        (elo(s), elo(bound(centre - half)), elo(bound(centre + half)))
    }

    /// The log-likelihood ratio of H1 (Elo `elo1`) against H0 (`elo0`),
    /// in the normal approximation of the game scores.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected(elo0), expected(elo1));
        // The variance is estimated with two pseudo-games of the largest
        // spread (a win and a loss) added: a few games without spread
        // (two draws, say) must not decide the test alone.
        let var = (n * self.variance() + 2.0 * 0.25) / (n + 2.0);
        n * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * var)
    }
}

/// An SPRT's decision so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    H0,
    H1,
    Continue,
}

/// Wald's bounds for error rates `alpha` and `beta`.
pub fn sprt_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

pub fn verdict(llr: f64, alpha: f64, beta: f64) -> Verdict {
    let (lower, upper) = sprt_bounds(alpha, beta);
    if llr >= upper {
        Verdict::H1
    } else if llr <= lower {
        Verdict::H0
    } else {
        Verdict::Continue
    }
}

/// `+123`, `-45`, `+inf`.
pub fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{e:+.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn elo_of_known_scores() {
        assert_eq!(elo(0.5), 0.0);
        // 10^(1/4) against 1: a 75% score is +191 Elo.
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert!((expected(190.85) - 0.75).abs() < 1e-4);
        assert_eq!(elo(1.0), f64::INFINITY);
    }

    #[test]
    fn wilson_interval() {
        // 40 wins in 40: Wilson's lower bound is 40 / (40 + z²) = 0.9124,
        // +408 Elo; the upper bound is a score of 1.
        let (e, lo, hi) = tally(40, 0, 0).elo_interval();
        assert_eq!(e, f64::INFINITY);
        assert!((lo - elo(40.0 / (40.0 + Z95 * Z95))).abs() < 1e-6);
        assert!(lo > 400.0 && lo < 420.0, "{lo}");
        assert_eq!(hi, f64::INFINITY);
        // An even score: symmetric around 0.
        let (e, lo, hi) = tally(10, 20, 10).elo_interval();
        assert_eq!(e, 0.0);
        assert!((lo + hi).abs() < 1e-9 && lo < 0.0);
    }

    #[test]
    fn sprt_decides() {
        // Wald's bounds for 5% / 5%: ±ln(19) = ±2.944.
        let (lo, hi) = sprt_bounds(0.05, 0.05);
        assert!((hi - 19f64.ln()).abs() < 1e-12 && (lo + 19f64.ln()).abs() < 1e-12);
        assert_eq!(
            verdict(tally(30, 5, 5).llr(0.0, 50.0), 0.05, 0.05),
            Verdict::H1
        );
        assert_eq!(
            verdict(tally(5, 5, 30).llr(0.0, 50.0), 0.05, 0.05),
            Verdict::H0
        );
        assert_eq!(
            verdict(tally(2, 1, 2).llr(0.0, 50.0), 0.05, 0.05),
            Verdict::Continue
        );
    }
}
