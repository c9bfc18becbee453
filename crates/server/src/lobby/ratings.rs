//! Ratings: Glicko-2, one rating per player and game, computed by the
//! `skillratings` crate (each rated game is its own rating period, as
//! lichess does). A lobby game's end is taken once, on whichever server
//! sees it first: its result stored, both ratings changed in the same
//! transaction.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::store::lobby::{self, ChallengeRow, RatingRow, ResultRow};
use crate::store::sql::Sql;

/// A new player's rating in every game: Glicko-2's starting values (the
/// crate's defaults: 1500, deviation 350, volatility 0.06).
pub fn starting() -> RatingRow {
    let r = Glicko2Rating::new();
    RatingRow {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games: 0,
    }
}

/// Both players' ratings after a game whose result for White is
/// `white_score` (1, ½ or 0).
pub fn rate(white: RatingRow, black: RatingRow, white_score: f64) -> (RatingRow, RatingRow) {
    let of = |r: RatingRow| Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    let outcome = if white_score > 0.75 {
        Outcomes::WIN
    } else if white_score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (w, b) = glicko2(&of(white), &of(black), &outcome, &Glicko2Config::new());
    let back = |r: Glicko2Rating, before: RatingRow| RatingRow {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        games: before.games + 1,
    };
    (back(w, white), back(b, black))
}

/// White's score in a result (`1-0` …), or none when the game has none.
pub fn white_score(result: &str) -> Option<f64> {
    match result {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    }
}

/// Takes the end of lobby game `challenge.game_id`: `result` is the
/// record's (`1-0`, `0-1`, `1/2-1/2`), or `aborted`; `plies` the moves
/// played. A rated game between two named players counts once both sides
/// have moved. Returns the result stored, or none when another server (or
/// an earlier look) took it already.
pub fn finish(
    db: &mut dyn Sql,
    challenge: &ChallengeRow,
    result: &str,
    plies: usize,
    now_secs: i64,
) -> anyhow::Result<Option<ResultRow>> {
    let game_id = challenge.game_id.clone().unwrap_or_default();
    let mut row = ResultRow {
        game_id,
        game: challenge.game.clone(),
        white: challenge.white.clone(),
        black: challenge.black.clone(),
        result: result.to_string(),
        rated: false,
        white_rating: None,
        white_change: None,
        black_rating: None,
        black_change: None,
        ended: now_secs,
    };
    let score = white_score(result).filter(|_| plies >= 2 && challenge.rated);
    let named = challenge.white.clone().zip(challenge.black.clone());
    let counted = score.zip(named);
    row.rated = counted.is_some();
    // The challenge is taken first: a second look (here or on another
    // server) finds it gone and changes nothing.
    if !lobby::finish(db, &row)? {
        return Ok(None);
    }
    if let Some((score, (white, black))) = counted {
        let game = &challenge.game;
        // Two games of one player ending at once on two servers: the second
        // waits here for the first's ratings (rows locked in one order, so
        // that two such waits never deadlock), rather than reading the same
        // rating and overwriting the first's change.
        let mut both = [white.as_str(), black.as_str()];
        both.sort_unstable();
        for name in both {
            lobby::lock_player(db, name)?;
        }
        let w = lobby::rating(db, &white, game)?.unwrap_or_else(starting);
        let b = lobby::rating(db, &black, game)?.unwrap_or_else(starting);
        let (w2, b2) = rate(w, b, score);
        lobby::set_rating(db, &white, game, w2)?;
        lobby::set_rating(db, &black, game, b2)?;
        row.white_rating = Some(w.rating);
        row.white_change = Some(w2.rating - w.rating);
        row.black_rating = Some(b.rating);
        row.black_change = Some(b2.rating - b.rating);
        db.exec(
            "UPDATE results SET white_rating = ?2, white_change = ?3, black_rating = ?4,
                 black_change = ?5 WHERE game_id = ?1",
            &[
                row.game_id.as_str().into(),
                row.white_rating.into(),
                row.white_change.into(),
                row.black_rating.into(),
                row.black_change.into(),
            ],
        )?;
    }
    Ok(Some(row))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two new players, White wins. Worked by hand from Glickman's paper
    /// ("Example of the Glicko-2 system", glicko.net/glicko/glicko2.pdf):
    /// μ = 0, φ = 350/173.7178 = 2.0148; g(φ) = 1/√(1+3φ²/π²) = 0.6690;
    /// E = 1/(1+e^0) = 0.5; v = 1/(g²·E·(1−E)) = 8.937; σ stays ≈ 0.06, so
    /// φ* = √(φ²+σ²) = 2.0157 and φ' = 1/√(1/φ*² + 1/v) = 1.6713 (290.3);
    /// μ' = φ'²·g·(1−E) = 0.9343, r' = 1500 + 173.7178·μ' = 1662.3; the
    /// loser 1337.7. The crate's own documented example says 1662 and 290.
    #[test]
    fn two_new_players_after_a_win_are_1662_and_1338() {
        let (w, b) = rate(starting(), starting(), 1.0);
        assert!((w.rating - 1662.3).abs() < 0.5, "{w:?}");
        assert!((b.rating - 1337.7).abs() < 0.5, "{b:?}");
        assert!((w.deviation - 290.3).abs() < 0.5, "{w:?}");
        assert_eq!((w.games, b.games), (1, 1));
        // A draw between equals moves neither rating (by symmetry).
        let (w, b) = rate(starting(), starting(), 0.5);
        assert!((w.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
        assert!(w.deviation < 350.0);
    }
}
