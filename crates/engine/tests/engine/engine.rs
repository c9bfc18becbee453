//! The evaluation and the search, checked against published figures,
//! symmetries and the rules (the mate suites are in `mates.rs`).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use chess3d_core::{MoveList, Position, Side, Variant};
use chess3d_engine::eval::evaluate_terms;
use chess3d_engine::eval::features::Term;
use chess3d_engine::{
    evaluate, with_engine_game, Config, Engine, EngineVisitor, Evaluate, Limits, Score,
};
use chess3d_games::chess::{Chess, ChessRules};
use chess3d_games::ziggurat43::Ziggurat43Rules;
use chess3d_games::AVAILABLE;

/// The average number of moves of each chess piece on the empty board, as
/// published (chessprogramming wiki, "Mobility"): the figures the 3-D
/// games' values are derived from are computed the same way.
#[test]
fn chess_mobility_matches_the_published_averages() {
    let et = ChessRules::eval_tables(Position::variant_of_type());
    let t = <ChessRules as chess3d_core::BuiltIn>::tables();
    for (letter, expected) in [
        ('N', 5.25),
        ('B', 8.75),
        ('R', 14.0),
        ('Q', 22.75),
        ('K', 6.5625),
    ] {
        let k = t.kind_by_letter(letter).unwrap();
        assert!(
            (et.mobility[k as usize] - expected).abs() < 1e-9,
            "{letter}"
        );
    }
}

/// Every start position is symmetric: both sides' terms cancel and the
/// side to move has its tempo bonus, whichever game (the terms alone: a
/// network, where a game has one, has no tempo term).
#[test]
fn every_start_position_evaluates_to_the_tempo() {
    struct Start;
    impl EngineVisitor for Start {
        type Output = ();
        fn visit<R: Evaluate>(self, game: Variant<R>) {
            let pos = game.start();
            let tempo = R::eval_tables(game).weight(Term::Tempo, None).unwrap();
            // At the start the phase is the middle game's.
            assert_eq!(
                evaluate_terms(&pos, R::eval_tables(game), None),
                tempo[0],
                "{}",
                game.tables().def.id
            );
        }
    }
    for id in AVAILABLE {
        with_engine_game(id, Start).unwrap();
    }
}

/// A chess position and its colour-flipped mirror (ranks reversed, colours
/// and side to move swapped) evaluate the same for the side to move.
#[test]
fn chess_evaluation_is_colour_symmetric() {
    let mut pos = Chess::start();
    let mut x: u64 = 7;
    for _ in 0..200 {
        let text = pos.to_text();
        let mirror = Chess::from_text(&crate::flip_colours(&text)).unwrap();
        assert_eq!(evaluate(&pos), evaluate(&mirror), "{text}");
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            pos = Chess::start();
            continue;
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos.make(moves[(x >> 33) as usize % moves.len()]);
    }
}

/// The temple is the 43-square Ziggurat's goal: the Priest-King's temple
/// term rises towards it, and its weight (fitted) is a bonus.
#[test]
fn the_priest_king_is_drawn_to_the_temple() {
    let t = <Ziggurat43Rules as chess3d_core::BuiltIn>::tables();
    let et = Ziggurat43Rules::eval_tables(Position::variant_of_type());
    let cell = |name| t.geo.parse_cell(name).unwrap();
    let king = t.royal;
    let on = |name| et.coefficient(Side::White, king, cell(name), Term::Temple);
    // g5 the temple; f4 one step off; d2, a1 further.
    assert!(on("g5") > on("f4") && on("f4") > on("d2") && on("d2") > on("a1"));
    assert_eq!((on("g5"), on("a1")), (1.0, 0.0));
    let w = et.weight(Term::Temple, None).unwrap();
    assert!(w[0] > 0 && w[1] > 0, "{w:?}");
}

fn search<R: Evaluate>(
    pos: &Position<R>,
    limits: Limits,
    config: Config,
) -> chess3d_engine::Report {
    Engine::<R>::new(config).search(pos, &limits, &AtomicBool::new(false), |_| {})
}

/// A finished game has no best move; one legal move is played at once.
#[test]
fn finished_games_and_forced_moves() {
    let mated = Chess::from_text("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let r = search(&mated, Limits::depth(5), Config::default());
    assert_eq!(r.best, None);
    // The King on h8, checked by an unprotected Queen on g7: g8 and h7 are
    // covered by the Queen, so taking it is the one move.
    let forced = Chess::from_text("7k/6Q1/8/8/8/8/8/K7 b - - 0 1").unwrap();
    let r = search(&forced, Limits::depth(3), Config::default());
    assert_eq!(forced.move_text(r.best.unwrap()), "h8g7");
}

/// Two threads search the same position and answer with a legal move;
/// their nodes are all counted.
#[test]
fn lazy_smp_answers_with_a_legal_move() {
    let mut pos = Chess::start();
    let config = Config {
        threads: 2,
        ..Config::default()
    };
    let r = search(&pos, Limits::depth(7), config);
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    assert!(legal.contains(&r.best.unwrap()));
    let single = search(&pos, Limits::depth(7), Config::default());
    // Two threads do at least the work of one to the same depth (the
    // helper's nodes are added).
    assert!(
        r.nodes > single.nodes / 2,
        "{} vs {}",
        r.nodes,
        single.nodes
    );
}

/// Skill 20 plays the same move each time; low skill varies its choice
/// with the seed, never playing an illegal move.
#[test]
fn skill_levels_vary_the_choice() {
    let mut pos = Chess::start();
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    let mut weak = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let config = Config {
            skill: 0,
            seed,
            ..Config::default()
        };
        let m = search(&pos, Limits::depth(20), config).best.unwrap();
        assert!(legal.contains(&m));
        weak.insert(m);
    }
    assert!(
        weak.len() >= 3,
        "skill 0 picks among several moves: {weak:?}"
    );
    let strong: std::collections::BTreeSet<_> = (0..3)
        .map(|seed| {
            search(
                &pos,
                Limits::depth(6),
                Config {
                    seed,
                    ..Config::default()
                },
            )
            .best
            .unwrap()
        })
        .collect();
    assert_eq!(strong.len(), 1);
}

/// A node limit is kept (to within one check interval), and a depth limit
/// reports that depth.
#[test]
fn node_and_depth_limits() {
    let pos = Chess::start();
    let r = search(
        &pos,
        Limits {
            nodes: Some(20_000),
            ..Limits::default()
        },
        Config::default(),
    );
    assert!(r.nodes <= 20_000 + 1024, "{}", r.nodes);
    assert!(r.best.is_some());
    let r = search(&pos, Limits::depth(4), Config::default());
    assert_eq!(r.depth, 4);
    assert!(matches!(r.score, Score::Cp(_)));
}

/// `movetime` answers on every board, largest included, well within a
/// generous bound (the budget itself is measured in the closing notes'
/// benchmark runs, not here).
#[test]
fn movetime_answers_in_every_game() {
    struct Timed;
    impl EngineVisitor for Timed {
        type Output = ();
        fn visit<R: Evaluate>(self, game: Variant<R>) {
            let pos = game.start();
            let start = Instant::now();
            let r = search(
                &pos,
                Limits::movetime(Duration::from_millis(50)),
                Config::default(),
            );
            assert!(r.best.is_some());
            assert!(
                start.elapsed() < Duration::from_secs(5),
                "{}",
                game.tables().def.id
            );
        }
    }
    for id in AVAILABLE {
        with_engine_game(id, Timed).unwrap();
    }
}

/// A stop from outside ends an infinite search with a move.
#[test]
fn abort_ends_an_infinite_search() {
    let pos = Chess::start();
    let abort = AtomicBool::new(false);
    let mut engine = Engine::<ChessRules>::new(Config::default());
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(100));
            abort.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        engine.search(&pos, &limits, &abort, |_| {})
    });
    assert!(r.best.is_some());
}

/// The search's null move: the hash after it is the fresh hash of the
/// position with the other side to move, and unmake restores everything.
#[test]
fn null_move_keeps_the_hash_and_unmakes() {
    struct Null;
    impl EngineVisitor for Null {
        type Output = ();
        fn visit<R: Evaluate>(self, game: Variant<R>) {
            let mut pos = game.start();
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            pos.make(moves[moves.len() / 2]);
            let before = pos.clone();
            pos.make_null();
            assert_eq!(pos.hash(), pos.fresh_hash());
            assert_ne!(pos.side_to_move(), before.side_to_move());
            pos.unmake();
            assert_eq!(pos, before);
            assert_eq!(pos.hash(), before.fresh_hash());
        }
    }
    for id in AVAILABLE {
        with_engine_game(id, Null).unwrap();
    }
}

/// Quiescence's generator: along seeded random games of every game, the
/// captures listed are exactly the pseudo-legal moves that capture or
/// promote.
#[test]
fn capture_generation_matches_the_filtered_moves() {
    struct Captures;
    impl EngineVisitor for Captures {
        type Output = ();
        fn visit<R: Evaluate>(self, game: Variant<R>) {
            let mut x: u64 = 99;
            for _game in 0..4 {
                let mut pos = game.start();
                for _ in 0..120 {
                    let mut all = MoveList::new();
                    pos.pseudo_legal_moves(&mut all);
                    let mut expected: Vec<_> = all
                        .iter()
                        .copied()
                        .filter(|&m| m.promotion.is_some() || pos.is_capture(m))
                        .collect();
                    let mut captures = MoveList::new();
                    pos.pseudo_legal_captures(&mut captures);
                    let mut got: Vec<_> = captures.to_vec();
                    expected.sort();
                    got.sort();
                    assert_eq!(got, expected, "{}", pos.to_text());
                    let mut legal = MoveList::new();
                    pos.legal_moves(&mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    // Captures half the time, so that games thin out.
                    let caps: Vec<_> = legal
                        .iter()
                        .copied()
                        .filter(|&m| pos.is_capture(m))
                        .collect();
                    let pick = if !caps.is_empty() && x >> 63 == 1 {
                        caps[(x >> 33) as usize % caps.len()]
                    } else {
                        legal[(x >> 33) as usize % legal.len()]
                    };
                    pos.make(pick);
                }
            }
        }
    }
    for id in AVAILABLE {
        with_engine_game(id, Captures).unwrap();
    }
}
