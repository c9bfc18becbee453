//! The evaluation network: its file, its integer evaluation against the
//! training's floating-point one, the two sides' views, and training on
//! labels whose answer is known.

use chess3d_core::{BitSet, Position, Side, Variant};
use std::sync::Arc;

use chess3d_engine::eval::network::factors::Factors;
use chess3d_engine::eval::network::train::{self, Samples, Weights};
use chess3d_engine::eval::network::{Inputs, Network, CP_PER_UNIT, FILE_MAGIC, MAX_HIDDEN, QA, QB};
use chess3d_engine::{with_engine_game, EngineVisitor, Evaluate};
use chess3d_games::chess::ChessRules;
use chess3d_games::ziggurat43::Ziggurat43Rules;
use chess3d_games::AVAILABLE;

use crate::walk;

/// White's material less Black's by the usual values (the King none), a
/// label whose answer a network can learn exactly: it is linear in the
/// inputs.
fn material<R: Evaluate>(pos: &Position<R>) -> f32 {
    let values = R::eval_tables(pos.variant()).value;
    let mut sum = 0;
    for side in Side::BOTH {
        let sign = if side == Side::White { 1 } else { -1 };
        for cell in pos.side_cells(side).iter() {
            sum += sign * values[pos.piece_at(cell).kind() as usize];
        }
    }
    sum as f32
}

/// A network trained to the material balance of the positions of 100
/// random openings of 30 plies, and its float weights.
fn trained<R: Evaluate>(game: Variant<R>, epochs: u32) -> (Inputs, Samples, Network, Weights) {
    let layout = Inputs::of(game.tables());
    let samples = material_samples(game, &layout, 0..100);
    let (net, w, _) =
        train::train(&layout, &samples, None, &config(epochs, 0.0), 0.0, |_| {}).unwrap();
    (layout, samples, net, w)
}

/// The positions of random openings of 30 plies (one per seed), labelled
/// with their material balance.
fn material_samples<R: Evaluate>(
    game: Variant<R>,
    layout: &Inputs,
    seeds: std::ops::Range<u64>,
) -> Samples {
    material_samples_into(game, layout, seeds, Samples::default())
}

/// [`material_samples`] added to `samples` (with shared inputs or not).
fn material_samples_into<R: Evaluate>(
    game: Variant<R>,
    layout: &Inputs,
    seeds: std::ops::Range<u64>,
    mut samples: Samples,
) -> Samples {
    for pos in seeds.flat_map(|seed| walk(game, 30, seed)) {
        let expected = 1.0 / (1.0 + 10f32.powf(-material(&pos) / 400.0));
        samples.push(layout, &pos, expected, 0.0);
    }
    samples
}

/// [`config`]'s training for `epochs`, keeping the epoch best on
/// `validation`: its weights, that epoch, and every epoch's validation
/// error as reported.
fn train_validated(
    layout: &Inputs,
    samples: &Samples,
    validation: &Samples,
    epochs: u32,
) -> (Weights, train::Epoch, Vec<f64>) {
    let mut reported = Vec::new();
    let (_, w, kept) = train::train(
        layout,
        samples,
        Some(validation),
        &config(epochs, 0.0),
        0.0,
        |e| reported.push(e.validation.unwrap()),
    )
    .unwrap();
    (w, kept, reported)
}

/// The tests' training: a hidden layer of 16, small batches, a quick rate.
fn config(epochs: u32, decay: f32) -> train::Config {
    train::Config {
        hidden: 16,
        epochs,
        batch: 64,
        rate: 0.01,
        seed: 3,
        threads: 2,
        decay,
    }
}

/// The file holds the network exactly; a file for another game, a cut
/// file and a foreign one are refused with a sentence, never a panic.
#[test]
fn a_network_file_reads_back_and_bad_files_are_refused() {
    let (_, _, net, _) = trained(Position::<ChessRules>::variant_of_type(), 1);
    let bytes = net.to_bytes();
    assert_eq!(
        Network::from_bytes(<ChessRules as chess3d_core::BuiltIn>::tables(), &bytes).unwrap(),
        net
    );
    let other = Network::from_bytes(<Ziggurat43Rules as chess3d_core::BuiltIn>::tables(), &bytes)
        .unwrap_err();
    assert!(other.contains("kinds"), "another game's network: {other}");
    for cut in [0, 7, 8, 20, bytes.len() - 1] {
        assert!(
            Network::from_bytes(
                <ChessRules as chess3d_core::BuiltIn>::tables(),
                &bytes[..cut]
            )
            .is_err(),
            "cut at {cut}"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Network::from_bytes(<ChessRules as chess3d_core::BuiltIn>::tables(), &longer).is_err());
    // Weights far outside training's bound (the first output weight, the
    // first input weight, the output bias), each refused: with them the
    // evaluation's sums could overflow.
    let first_output = bytes.len() - 2 * 2 * net.hidden();
    let first_input = FILE_MAGIC.len() + 20;
    let bias = FILE_MAGIC.len() + 16;
    for (at, value) in [
        (first_output, i16::MAX.to_le_bytes().to_vec()),
        (first_output, i16::MIN.to_le_bytes().to_vec()),
        (first_input, i16::MIN.to_le_bytes().to_vec()),
        (bias, i32::MAX.to_le_bytes().to_vec()),
        (bias, i32::MIN.to_le_bytes().to_vec()),
    ] {
        let mut huge = bytes.clone();
        huge[at..at + value.len()].copy_from_slice(&value);
        let e = Network::from_bytes(<ChessRules as chess3d_core::BuiltIn>::tables(), &huge)
            .unwrap_err();
        assert!(e.contains("outside"), "{e}");
    }
}

/// The integer evaluation is the float network's, rounded: in every game,
/// along random games, within the bound of the roundings. Each first-layer
/// weight and bias is off by at most half of 1/QA, so a hidden number by
/// (pieces + 1)/(2·QA), which its output weight (itself off by at most
/// 1/(2·QB)) multiplies; each clipped hidden number times its output
/// weight's rounding; the output bias's; the centipawns' rounding.
#[test]
fn the_integer_evaluation_is_the_float_networks() {
    struct Check;
    impl EngineVisitor for Check {
        type Output = ();
        fn visit<R: Evaluate>(self, game: Variant<R>) {
            let (layout, _, net, w) = trained(game, 2);
            let mut active = [Vec::new(), Vec::new()];
            let mut hid = [[0f32; MAX_HIDDEN]; 2];
            for pos in walk(game, 200, 5) {
                layout.active(&pos, &mut active);
                let us = pos.side_to_move().index();
                let out = w.forward([&active[us], &active[1 - us]], &mut hid);
                let float = out as f64 * CP_PER_UNIT;
                let int = net.evaluate(&pos) as f64;
                let (qa, qb) = (QA as f64, QB as f64);
                let hidden_error = (pos.occupied().count() + 1) as f64 / (2.0 * qa);
                let h = net.hidden();
                let units: f64 = (0..2 * h)
                    .map(|j| {
                        let x = hid[j / h][j % h].clamp(0.0, 1.0) as f64;
                        let w2 = w.w2[j].abs() as f64 + 0.5 / qb;
                        w2 * hidden_error + x * 0.5 / qb
                    })
                    .sum();
                let bound = (units + 0.5 / (qa * qb)) * CP_PER_UNIT + 0.5;
                assert!(
                    (int - float).abs() <= bound,
                    "{}: {int} against {float:.1} (bound {bound:.1}) in {}",
                    game.tables().def.id,
                    pos.to_text()
                );
            }
        }
    }
    for id in AVAILABLE {
        with_engine_game(id, Check).unwrap();
    }
}

/// A chess position with the colours swapped and the board turned over
/// (ranks mirrored, the other side to move) is the same position for the
/// side to move: each side sees it through its own mirrored view, so the
/// network scores both alike, whatever its weights.
#[test]
fn both_sides_see_a_position_alike() {
    let (_, _, net, _) = trained(Position::<ChessRules>::variant_of_type(), 1);
    for pos in walk(Position::<ChessRules>::variant_of_type(), 300, 9) {
        let text = pos.to_text();
        let flipped = crate::flip_colours(&text);
        let other = Position::<ChessRules>::from_text(&flipped).unwrap();
        assert_eq!(
            net.evaluate(&pos),
            net.evaluate(&other),
            "{text} / {flipped}"
        );
    }
}

/// Trained on the material balance, the network learns it: the held-out
/// error after 30 epochs is under a fifth of the error after one, and in
/// openings it never saw, where one side is 300 cp or more ahead, the
/// network says so (the sign of its evaluation is the balance's) in 3
/// positions in 4, where a guess says so in 1 in 2 (its inputs are pieces
/// on cells, and 3,000 positions of 100 openings teach it most of the
/// values, not all: 82% here).
#[test]
fn training_learns_the_material_balance() {
    let (_, samples, _, first) = trained(Position::<ChessRules>::variant_of_type(), 1);
    let (_, _, net, w) = trained(Position::<ChessRules>::variant_of_type(), 30);
    let held = |w: &Weights| train::error(w, 0.0, &samples, (0..samples.len()).step_by(20));
    assert!(
        held(&w) < held(&first) / 5.0,
        "{} against {}",
        held(&w),
        held(&first)
    );
    let (mut checked, mut right) = (0, 0);
    for pos in
        (1000..1100).flat_map(|seed| walk(Position::<ChessRules>::variant_of_type(), 30, seed))
    {
        let white = material(&pos);
        let balance = if pos.side_to_move() == Side::White {
            white
        } else {
            -white
        };
        if balance.abs() >= 300.0 {
            checked += 1;
            right += usize::from(net.evaluate(&pos).signum() == balance.signum() as i32);
        }
    }
    assert!(checked >= 100, "only {checked} positions with a lead");
    assert!(right * 4 >= checked * 3, "{right} right of {checked}");
}

/// With positions to validate on, training keeps the weights of the
/// epoch whose error on them was least, as the progress reported it:
/// the returned weights' error there, computed again, is that least one.
#[test]
fn validation_keeps_the_epoch_that_generalised_best() {
    let game = Position::<ChessRules>::variant_of_type();
    let layout = Inputs::of(game.tables());
    let samples = material_samples(game, &layout, 0..30);
    let validation = material_samples(game, &layout, 1000..1030);
    let (w, kept, reported) = train_validated(&layout, &samples, &validation, 12);
    assert_eq!(reported.len(), 12);
    let least = reported.iter().copied().fold(f64::INFINITY, f64::min);
    assert_eq!(kept.validation, Some(least));
    assert_eq!(reported[kept.epoch as usize - 1], least);
    let again = train::error(&w, 0.0, &validation, 0..validation.len());
    assert!((again - least).abs() < 1e-9, "{again} against {least}");
}

/// Chess's shared inputs, counted by hand: for each of the 12 (whose,
/// kind), one for the kind, 8 for the files, 8 for the ranks and 1 for
/// the only level: 12 · 18 = 216 beside the 768 (2 · 6 · 64) of the
/// cells.
#[test]
fn chess_has_216_shared_inputs() {
    let game = Position::<ChessRules>::variant_of_type();
    let layout = Inputs::of(game.tables());
    assert_eq!(layout.len(), 768);
    assert_eq!(Factors::of(game.tables(), &layout).len(), 768 + 216);
}

/// Training with shared inputs gives a network of the game's inputs
/// alone that evaluates as the training did: the folded weights' error
/// on positions without shared inputs is the least validation error
/// training reported with them (each shared row is on exactly when one
/// of its cells' is, so adding it into theirs changes no sum). And a
/// label that is the same for a kind on every cell (the material) is
/// learnt sooner with them: after the same few epochs the error on other
/// games is lower.
#[test]
fn shared_inputs_fold_away_and_learn_the_material_sooner() {
    let game = Position::<ChessRules>::variant_of_type();
    let layout = Inputs::of(game.tables());
    let factors = Arc::new(Factors::of(game.tables(), &layout));
    let shared =
        |seeds| material_samples_into(game, &layout, seeds, Samples::factorised(factors.clone()));
    let (samples, validation) = (shared(0..30), shared(1000..1030));
    let (w, kept, _) = train_validated(&layout, &samples, &validation, 4);
    assert_eq!(w.w1.len(), layout.len() * 16, "the shared rows are gone");
    let plain_validation = material_samples(game, &layout, 1000..1030);
    let folded = train::error(&w, 0.0, &plain_validation, 0..plain_validation.len());
    let least = kept.validation.unwrap();
    assert!((folded - least).abs() < 1e-6, "{folded} against {least}");
    let plain = material_samples(game, &layout, 0..30);
    let (w_plain, kept_plain, _) = train_validated(&layout, &plain, &plain_validation, 4);
    assert_eq!(w_plain.w1.len(), w.w1.len());
    let (with, without) = (least, kept_plain.validation.unwrap());
    assert!(
        with < without,
        "{with} with shared inputs, {without} without"
    );
}

/// Weight decay shrinks the first layer: after the same steps from the
/// same start, its weights' sum of magnitudes is smaller with decay than
/// without (each step takes `rate · decay` of every weight away).
#[test]
fn weight_decay_shrinks_the_first_layer() {
    let game = Position::<ChessRules>::variant_of_type();
    let layout = Inputs::of(game.tables());
    let samples = material_samples(game, &layout, 0..30);
    let size = |decay: f32| {
        let (_, w, _) =
            train::train(&layout, &samples, None, &config(4, decay), 0.0, |_| {}).unwrap();
        w.w1.iter().map(|x| x.abs()).sum::<f32>()
    };
    let (plain, decayed) = (size(0.0), size(5.0));
    assert!(decayed < plain * 0.9, "{decayed} against {plain}");
}

/// The search's accumulators, each found from another position's by the
/// pieces that differ, give the evaluation summed afresh: in every game,
/// along random games, from the position a ply before and from one
/// further back (a sibling's, as the search leaves them), passing over an
/// accumulator that holds nothing, and with the other side to move (a
/// pass).
#[test]
fn updated_accumulators_are_summed_afresh() {
    struct Check;
    impl EngineVisitor for Check {
        type Output = ();
        fn visit<R: Evaluate>(self, game: Variant<R>) {
            let (_, _, net, _) = trained(game, 1);
            let positions = walk(game, 300, 13);
            let mut accs: Vec<_> = positions.iter().map(|_| net.accumulator()).collect();
            net.refresh(&positions[0], &mut accs[0]);
            for (i, pos) in positions.iter().enumerate().skip(1) {
                let (before, after) = accs.split_at_mut(i);
                let back = if i % 3 == 0 {
                    i.saturating_sub(5)
                } else {
                    i - 1
                };
                // An accumulator holding nothing yet is passed over.
                let empty = net.accumulator();
                net.update([&empty, &before[back]], pos, &mut after[0]);
                let fresh = net.evaluate(pos);
                assert_eq!(
                    net.output(&after[0], pos.side_to_move()),
                    fresh,
                    "{}",
                    pos.to_text()
                );
                let mut passed = net.accumulator();
                net.refresh(pos, &mut passed);
                let other = pos.side_to_move().other();
                assert_eq!(net.output(&after[0], other), net.output(&passed, other));
            }
        }
    }
    for id in AVAILABLE {
        with_engine_game(id, Check).unwrap();
    }
}

proptest::proptest! {
    /// A network file's reader meets any bytes with an answer, never a
    /// panic: a valid file with bytes changed, cut or added, and noise.
    #[test]
    fn any_bytes_read_as_a_network_or_an_error(
        edits in proptest::collection::vec((0usize..100_000, proptest::num::u8::ANY), 0..8),
        cut in 0usize..100_000,
        noise in proptest::collection::vec(proptest::num::u8::ANY, 0..64),
    ) {
        let mut bytes = small_network().to_bytes();
        for (at, b) in edits {
            let i = at % bytes.len();
            bytes[i] = b;
        }
        let start = Position::<ChessRules>::start();
        // What reads must also evaluate without overflowing.
        let read = |bytes: &[u8]| {
            if let Ok(net) = Network::from_bytes(<ChessRules as chess3d_core::BuiltIn>::tables(), bytes) {
                net.evaluate(&start);
            }
        };
        read(&bytes);
        bytes.truncate(cut.max(bytes.len() / 2));
        read(&bytes);
        bytes.extend(&noise);
        read(&bytes);
        let mut magic_noise = FILE_MAGIC.to_vec();
        magic_noise.extend(&noise);
        read(&magic_noise);
    }
}

/// An untrained network, quickly.
fn small_network() -> Network {
    use std::sync::OnceLock;
    static NET: OnceLock<Network> = OnceLock::new();
    NET.get_or_init(|| trained(Position::<ChessRules>::variant_of_type(), 1).2)
        .clone()
}

/// The search plays with a network read from its file, as
/// `engine:weights=FILE.net` and UCI's `Weights` read it: alone or added
/// to the terms, whatever its (untrained) weights say, a search to depth
/// 4 finds the scholar's mate (Qxf7#, mate in one), and scores it as
/// mate.
#[test]
fn the_search_mates_with_a_network() {
    use chess3d_engine::eval::tables_with_network;
    use chess3d_engine::{Config, Engine, Limits, Score};
    use std::sync::atomic::AtomicBool;
    let pos = Position::<ChessRules>::from_text(
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    )
    .unwrap();
    // An empty network file is an error, not a game without a network.
    assert!(tables_with_network(Position::<ChessRules>::variant_of_type(), &[]).is_err());
    let mut bytes = small_network().to_bytes();
    for base in [0u32, 880] {
        // The header's terms' factor, in thousandths (0: alone).
        let at = FILE_MAGIC.len() + 12;
        bytes[at..at + 4].copy_from_slice(&base.to_le_bytes());
        let et = tables_with_network(Position::<ChessRules>::variant_of_type(), &bytes).unwrap();
        assert_eq!(
            et.network.as_ref().unwrap().base(),
            (base > 0).then_some(0.88)
        );
        let mut engine = Engine::<ChessRules>::with_eval(Config::default(), et);
        let report = engine.search(&pos, &Limits::depth(4), &AtomicBool::new(false), |_| {});
        let best = report.best.map(|m| pos.move_text(m));
        assert_eq!(
            best.as_deref(),
            Some("h5f7"),
            "with the terms' factor {base}"
        );
        assert_eq!(report.score, Score::Mate(1));
    }
}

/// Chess evaluates with its own network (`Evaluate::NETWORK`), and the
/// network knows what every chess player knows: a Queen is worth far
/// more than 400 cp (900 by the usual values). From the start position
/// without White's Queen, and without Black's, whichever side is to
/// move, the side with the Queen is well ahead.
#[test]
fn chess_network_knows_a_queens_worth() {
    let tables = ChessRules::eval_tables(Position::variant_of_type());
    let net = tables.network.as_ref().expect("chess has a network");
    assert_eq!(net.base(), None, "chess's network evaluates alone");
    for (fen, white_ahead) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR", false),
        ("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", true),
    ] {
        for to_move in ["w", "b"] {
            let text = format!("{fen} {to_move} KQkq - 0 1");
            let pos = Position::<ChessRules>::from_text(&text).unwrap();
            let mover_ahead = white_ahead == (to_move == "w");
            let eval = chess3d_engine::evaluate(&pos);
            let ahead = if mover_ahead { eval } else { -eval };
            assert!(ahead > 400, "{text}: {eval} cp for the side to move");
        }
    }
}

/// The games that evaluate with a network of their own carry it compiled
/// in, read without error, each file small enough for the repository
/// (under 2 MB, issue 59); chess's evaluates alone, the 3-D games' add
/// to their terms (docs/engine.md, "The networks of the 3-D games").
#[test]
fn the_built_in_networks_load_and_stay_small() {
    struct Check;
    impl EngineVisitor for Check {
        type Output = Option<bool>;
        fn visit<R: Evaluate>(self, game: Variant<R>) -> Option<bool> {
            let net = R::eval_tables(game).network.as_ref()?;
            assert!(net.to_bytes().len() < 2 << 20, "{}", game.tables().def.id);
            Some(net.base().is_some())
        }
    }
    let mut with_network = Vec::new();
    for id in AVAILABLE {
        if let Some(added) = with_engine_game(id, Check).unwrap() {
            with_network.push((*id, added));
        }
    }
    assert_eq!(
        with_network,
        [
            ("ziggurat", true),
            ("ziggurat43", true),
            ("startrek", true),
            ("elevator", true),
            ("polyhedron", true),
            ("chess", false)
        ]
    );
}
