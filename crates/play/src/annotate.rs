//! A reviewed game written as players read one: each move's evaluation as
//! lichess and python-chess read it (`{[%eval 0.37]}`, `{[%eval #-3]}`),
//! the marks `?!`, `?` and `??`, the better move as a variation, and each
//! side's summary. The terminal's `analyze --record`, its `analyse`
//! command and the server's analysis all say it in these words.

use chess3d_core::record::{move_number_text, record_moves, MoveNote, Record};
use chess3d_core::{Move, Position};
use chess3d_engine::review::{for_first_side, MoveReview, Summary};
use chess3d_engine::{Evaluate, Score};

/// A score for the first side as `%eval` writes it: pawns with two
/// decimals (`0.37`, `-1.20`), or `#N` for a mate in N moves, `#-N` for
/// the first side mated in N.
pub fn eval_text(score: Score) -> String {
    match score {
        Score::Mate(m) => format!("#{m}"),
        Score::Cp(cp) => format!("{:.2}", f64::from(cp) / 100.0),
    }
}

/// The most moves of a refutation named in a comment.
const REFUTATION_PLIES: usize = 4;

/// The text said of one reviewed move, after its `%eval`: for a marked
/// move, the evaluation before and after it, the mark, the reply that
/// refutes it, and the best move (`(-0.29 → #1) Blunder, refuted by
/// Qxf7#. g6 was best.`). `after` is the position after the move.
pub fn judgement<R: Evaluate>(review: &MoveReview, after: &Position<R>, best_text: &str) -> String {
    let Some(mark) = review.mark else {
        return String::new();
    };
    let before = eval_text(for_first_side(review.before.score, review.mover));
    let evals = match review.eval_after {
        Some(now) => format!("({before} → {}) ", eval_text(now)),
        None => String::new(),
    };
    let mut name = mark.name().to_string();
    name[..1].make_ascii_uppercase();
    let refuted = &review.refutation[..review.refutation.len().min(REFUTATION_PLIES)];
    let refuted = if refuted.is_empty() {
        String::new()
    } else {
        format!(", refuted by {}", record_moves(after, refuted).join(" "))
    };
    format!("{evals}{name}{refuted}. {best_text} was best.")
}

/// The game from `start` through `moves`, reviewed move by move
/// (`reviews`, as long as `moves` or shorter when the review stopped), as
/// a record: `record`'s tags, clocks and result, with each reviewed move's
/// evaluation, mark and better line, and each side's summary before the
/// moves.
pub fn annotated<R: Evaluate>(
    record: &Record,
    start: &Position<R>,
    moves: &[Move],
    reviews: &[MoveReview],
    annotator: &str,
) -> Record {
    let mut out = record.clone();
    out.first_mover = Some(start.side_to_move());
    out.moves = record_moves(start, moves);
    out.set_tag("Annotator", annotator);
    let mut pos = start.clone();
    out.notes = moves
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let mut note = MoveNote::default();
            let before = pos.clone();
            pos.make(m);
            if let Some(review) = reviews.get(i) {
                let line = record_moves(&before, &review.before.line);
                let mut comment = review
                    .eval_after
                    .map(|s| format!("[%eval {}]", eval_text(s)))
                    .unwrap_or_default();
                if let (Some(mark), Some(best)) = (review.mark, line.first()) {
                    note.suffix = mark.suffix().to_string();
                    comment = format!("{comment} {}", judgement(review, &pos, best));
                    note.variation = line;
                }
                note.comment = comment.trim().to_string();
            }
            note
        })
        .collect();
    out.comment = summary_lines(start.variant().side_names(), reviews).join(" ");
    out
}

/// One reviewed move in a line, as the terminal prints it: its number and
/// text with its mark, the evaluation after it, and for a marked move the
/// judgement: `3... Qg5?? 9.56 (0.07 → 9.56) Blunder, refuted by Nxg5 f6
/// Nf3 Bc5. Bc5 was best.` `before` is the position it was played in,
/// `ply` its number counted from White's first move.
pub fn move_line<R: Evaluate>(before: &Position<R>, ply: usize, review: &MoveReview) -> String {
    let text = record_moves(before, &[review.played]).join("");
    let mut after = before.clone();
    after.make(review.played);
    let best = record_moves(
        before,
        &review.before.line[..review.before.line.len().min(1)],
    );
    let mut line = format!(
        "{} {text}{} {}",
        move_number_text(ply, false).unwrap_or_default(),
        review.mark.map_or("", |m| m.suffix()),
        review
            .eval_after
            .map_or("(game over)".to_string(), eval_text),
    );
    if let Some(best) = best.first().filter(|_| review.mark.is_some()) {
        line = format!("{line} {}", judgement(review, &after, best));
    }
    line
}

/// Each side's summary of the reviewed moves, first side first
/// ([`summary_line`]); `names` are the sides' names.
pub fn summary_lines(names: [&str; 2], reviews: &[MoveReview]) -> [String; 2] {
    let sums = chess3d_engine::review::summarise(reviews);
    [0, 1].map(|side| summary_line(names[side], &sums[side]))
}

/// A side's summary in a line: `White: 1 inaccuracy, 0 mistakes, 1
/// blunder, average loss 41 centipawns (6.2% of the expected score).`
pub fn summary_line(name: &str, s: &Summary) -> String {
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{name}: {}, {}, {}, average loss {:.0} centipawns ({:.1}% of the expected score) over {} move{}.",
        count(s.inaccuracies, "inaccuracy", "inaccuracies"),
        count(s.mistakes, "mistake", "mistakes"),
        count(s.blunders, "blunder", "blunders"),
        s.average_cp_loss,
        s.average_loss * 100.0,
        s.moves,
        if s.moves == 1 { "" } else { "s" },
    )
}
