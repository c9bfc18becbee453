//! The engine on games read from files, which players write: whatever a
//! file that loads says, its evaluation is built and the engine searches
//! and evaluates its positions without a panic, as it does the built-in
//! games.

use std::sync::atomic::AtomicBool;

use chess3d_core::{MoveList, Variant};
use chess3d_engine::eval::evaluate;
use chess3d_engine::{Config, Engine, Evaluate, Limits};
use chess3d_games::file::{load, FileGame};
use proptest::prelude::*;

const LOS_ALAMOS: &str = include_str!("../../../../games/losalamos.toml");

/// A search of depth 2 from the start, then a short game of the engine's
/// moves, every position evaluated.
fn plays<R: Evaluate>(game: Variant<R>) {
    let mut pos = game.start();
    let mut engine = Engine::<R>::new(Config {
        hash_mb: 1,
        ..Config::default()
    });
    for _ in 0..6 {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() || pos.clone().outcome().is_some() {
            break;
        }
        let report = engine.search(&pos, &Limits::depth(2), &AtomicBool::new(false), |_| {});
        let best = report.best.expect("a move where there are legal moves");
        assert!(moves.contains(&best), "{}", pos.to_text());
        pos.make(best);
        let _ = evaluate(&pos);
    }
}

fn play(file: FileGame) {
    match file {
        FileGame::Tiny(v) => plays(v),
        FileGame::Small(v) => plays(v),
        FileGame::Large(v) => plays(v),
        FileGame::Pool(v) => plays(v),
    }
}

#[test]
fn the_engine_plays_los_alamos_from_its_file() {
    play(FileGame::of(load(LOS_ALAMOS).unwrap()));
}

/// Shako's Cannons hop: the search's shortcuts (the guard before the
/// legality test, the check guard, the exchange evaluation's attackers)
/// meet hurdles.
#[test]
fn the_engine_plays_shako_from_its_file() {
    play(FileGame::of(
        load(include_str!("../../../../games/shako.toml")).unwrap(),
    ));
}

/// The game of the file `text` played as [`play`] does, then the engine's
/// best move from the position `position` at each of `depths`, as text.
fn best_moves(text: &str, position: &str, depths: &[u32]) -> Vec<(u32, String)> {
    fn searched<R: Evaluate>(
        game: Variant<R>,
        position: &str,
        depths: &[u32],
    ) -> Vec<(u32, String)> {
        let pos = game.position(position).unwrap();
        let mut engine = Engine::<R>::new(Config {
            hash_mb: 1,
            ..Config::default()
        });
        depths
            .iter()
            .map(|&depth| {
                let report =
                    engine.search(&pos, &Limits::depth(depth), &AtomicBool::new(false), |_| {});
                (depth, pos.move_text(report.best.expect("a move")))
            })
            .collect()
    }
    let file = FileGame::of(load(text).unwrap());
    play(file);
    match file {
        FileGame::Tiny(v) => searched(v, position, depths),
        FileGame::Small(v) => searched(v, position, depths),
        FileGame::Large(v) => searched(v, position, depths),
        FileGame::Pool(v) => searched(v, position, depths),
    }
}

/// King of the Hill's goal (`royal_goal`): the engine plays the game, and
/// with its King a step from the hill (e3, against a lone King) it steps
/// on it, which wins at once, at any depth.
#[test]
fn the_engine_plays_king_of_the_hill_and_takes_the_hill() {
    let koth = include_str!("../../../../games/kingofthehill.toml");
    for (depth, best) in best_moves(koth, "8/8/8/8/8/4K3/8/k7 w - - 0 1", &[1, 4]) {
        assert!(
            ["e3d4", "e3e4"].contains(&best.as_str()),
            "depth {depth}: {best}"
        );
    }
}

/// Three-check chess (`checks_to_win`): the engine plays the game, and
/// with one check still to give (Rook a1, King e1 against a lone King e8)
/// it gives it, Ra8+, which wins at once, at any depth (in chess the King
/// would step away).
#[test]
fn the_engine_plays_three_check_and_gives_the_last_check() {
    let three_check = include_str!("../../../../games/3check.toml");
    for (depth, best) in best_moves(three_check, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1", &[1, 4]) {
        assert_eq!(best, "a1a8", "depth {depth}");
    }
}

/// Horde (`extinction`): the engine plays the side without a King, which
/// is never in check, and the side with one; with White's last Pawn d2
/// under its Queen c3, Black takes it, which wins at once, at any depth.
#[test]
fn the_engine_plays_horde_and_takes_the_last_piece() {
    let horde = include_str!("../../../../games/horde.toml");
    for (depth, best) in best_moves(horde, "4k3/8/8/8/8/2q5/3P4/8 b - - 0 1", &[1, 4]) {
        assert_eq!(best, "c3d2", "depth {depth}");
    }
}

/// Antichess (no royal kind, `must_capture`, `extinction = "win"`): the
/// engine plays the game, and with its last piece, the Rook h7, it steps
/// beside Black's lone King a8 (a7 or b7), which must then take it: White,
/// with no piece left, wins. Any other move keeps the Rook. Found at
/// depth 1 too: the reply, in quiescence, is a compulsory capture, which
/// quiescence must make rather than stand pat.
#[test]
fn the_engine_plays_antichess_and_gives_its_last_piece_away() {
    let antichess = include_str!("../../../../games/antichess.toml");
    for (depth, best) in best_moves(antichess, "k7/7R/8/8/8/8/8/8 w - - 0 1", &[1, 4]) {
        assert!(
            ["h7a7", "h7b7"].contains(&best.as_str()),
            "depth {depth}: {best}"
        );
    }
}

/// Spartan chess (`several_royals`): the engine plays the game, and mates
/// both Spartan Kings at once: Rd1-d8 attacks a8 and h8 along the rank,
/// and neither King has a free square (their Hoplites beside them, b8 and
/// g8 on the Rook's rank), nor can anything block or take; one King
/// attacked alone would be no check.
#[test]
fn the_engine_plays_spartan_and_mates_both_kings() {
    let spartan = include_str!("../../../../games/spartan.toml");
    for (depth, best) in best_moves(spartan, "k6k/hh4hh/8/8/8/8/8/3RK3 w - - 0 1", &[1, 3]) {
        assert_eq!(best, "d1d8", "depth {depth}");
    }
}

/// Millennium 3D chess (three 8×8 levels, a double step of several
/// steps): the engine plays the game, and finds the mate that ends Davis
/// v. D'Agostino (2006), 28...Qx2f2#, the Queen 3g3 taking the Pawn 2f2
/// one square diagonally down, beside the King 1g1 that the Knight 2f1,
/// the Pawns 1h2 and 2g2 and the Bishop 3e3 hem in; whatever move it
/// plays mates.
#[test]
fn the_engine_plays_millennium_and_finds_the_published_mate() {
    let millennium = include_str!("../../../../games/millennium.toml");
    let before = "8/6k1/8/8/8/8/3P3P/5BKR|8/7r/b7/8/8/4P3/5PP1/5N2|\
        6n1/p1NQpppp/8/8/8/4b1q1/8/8 b - - 0 28";
    let FileGame::Large(game) = FileGame::of(load(millennium).unwrap()) else {
        panic!("192 cells: the large rules type");
    };
    for (depth, best) in best_moves(millennium, before, &[1, 3]) {
        let mut pos = game.position(before).unwrap();
        let m = pos.parse_move(&best).unwrap();
        pos.make(m);
        assert!(
            pos.in_check() && pos.outcome().is_some(),
            "depth {depth}: {best} does not mate"
        );
    }
}

/// Crazyhouse (`drops`): the engine plays the game, drops among its
/// moves, and mates with a drop: a Knight from the hand on f7 smothers the
/// King h8 (its Rook and Pawns around it, nothing reaching f7). The other
/// checking drop, on g6, is taken by the Pawn h7.
#[test]
fn the_engine_plays_crazyhouse_and_mates_with_a_drop() {
    let crazyhouse = include_str!("../../../../games/crazyhouse.toml");
    for (depth, best) in best_moves(crazyhouse, "6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1", &[1, 3]) {
        assert_eq!(best, "N@f7", "depth {depth}");
    }
}

/// Minishogi (`promoted_from`, `drop_mates`): Gote's King e5, its
/// escapes d4 and d5 held by Sente's Gold c4 and Silver d3, which also
/// guards e4; Gote's Pawn a4 can move, so that no quiet move wins by
/// leaving Gote without one. A Gold from the hand on d4, e4 or d5 mates,
/// and so does the Gold c4 to d4: the four mates pyffish finds. And a
/// Pawn drop may not mate (uchifuzume): Gote's P@e2 would be its only
/// mate here (Sente's King e1 hemmed in by the Rook d2), and the engine
/// plays something else, where with the rule taken out of the file it
/// plays P@e2 at both depths.
#[test]
fn the_engine_plays_minishogi_mates_with_a_gold_and_never_with_a_pawn_drop() {
    let minishogi = include_str!("../../../../games/minishogi.toml");
    for (depth, best) in best_moves(minishogi, "4k/p1G2/3S1/5/K4[G] w - - 0 1", &[1, 3]) {
        assert!(
            ["G@d4", "G@e4", "G@d5", "c4d4"].contains(&best.as_str()),
            "depth {depth}: {best}"
        );
    }
    let fen = "r3S/2k1g/b1g2/1p1r1/1+b2K[Sp] b - - 1 26";
    for (depth, best) in best_moves(minishogi, fen, &[1, 3]) {
        assert_ne!(best, "P@e2", "depth {depth}");
    }
}

/// Seirawan chess (`gating`): White's King a1 has no move (the Queen c2
/// holds a2, b1 and b2), so its Knight g1 must leave, the last gate of
/// White's Hawk in hand: the engine gates it (g1e2h, g1f3h or g1h3h, with
/// the plain moves pyffish's list), as a Hawk not gated then is lost.
/// The evaluation counts a piece in hand only while a gate is left for
/// it: with no gate the Hawk adds nothing, and with one gate and both
/// pieces in hand only the Elephant counts.
#[test]
fn the_engine_plays_seirawan_and_gates_on_its_last_gate() {
    let seirawan = include_str!("../../../../games/seirawan.toml");
    let FileGame::Pool(game) = FileGame::of(load(seirawan).unwrap()) else {
        panic!("a game with a hand");
    };
    let eval_at = |hand: &str, gates: &str| {
        evaluate(
            &game
                .position(&format!("7k/8/8/8/8/8/2q5/K5N1[{hand}] w {gates} - 0 1"))
                .unwrap(),
        )
    };
    assert_eq!(eval_at("H", "-"), eval_at("", "-"));
    assert_eq!(eval_at("HE", "G"), eval_at("E", "G"));
    assert!(eval_at("H", "G") > eval_at("", "-") + 300);
    for (depth, best) in best_moves(seirawan, "7k/8/8/8/8/8/2q5/K5N1[H] w G - 0 1", &[1, 3]) {
        assert!(
            ["g1e2h", "g1f3h", "g1h3h"].contains(&best.as_str()),
            "depth {depth}: {best}"
        );
    }
}

/// Xiangqi's confined pieces and flying General change what attacks a
/// cell; and a side without a move loses (`stalemate = "loss"`). Red's
/// Soldier c8 to c9 or d8 takes d9 from Black's lone General d10, whose
/// only other cell, e10, faces Red's General: no move, a win for Red,
/// which a search of depth 2 finds (in chess's rules it would be a draw,
/// and any other move is one; at depth 1 the reply is quiescence's, which
/// does not look for a stalemate, as in chess engines).
#[test]
fn the_engine_plays_xiangqi_and_wins_by_stalemate() {
    let xiangqi = include_str!("../../../../games/xiangqi.toml");
    for (depth, best) in best_moves(xiangqi, "3k5/9/2P6/9/9/9/9/9/9/4K4 w - - 0 1", &[2, 4]) {
        assert!(
            ["c8c9", "c8d8"].contains(&best.as_str()),
            "depth {depth}: {best}"
        );
    }
}

/// Found by the test below: with the promotion zone four ranks deep
/// (`ranks = [2, 5]`), each side promotes every move, and the search of
/// depth 1 ran for minutes (every promotion, tried as deep as captures in
/// quiescence). Now it plays like any other game.
#[test]
fn a_wide_promotion_zone_does_not_stall_the_search() {
    let text = LOS_ALAMOS.replacen(
        "zone = [{ ranks = [5, 5] }]",
        "zone = [{ ranks = [2, 5] }]",
        1,
    );
    assert_ne!(text, LOS_ALAMOS);
    play(FileGame::of(load(&text).unwrap()));
}

/// A kind that can stand on no cell (a review's finding): it has no
/// mobility to derive a value from, and building the evaluation panicked.
#[test]
fn a_kind_that_reaches_no_cell_does_not_stop_the_engine() {
    let text = LOS_ALAMOS.replacen(
        "[promotion]",
        "[[piece]]\nletter = \"X\"\nname = \"Nobody\"\nabout = \"Stands nowhere.\"\n\
         moves = [{ leap = [1, 0, 0], sym = \"perms-xy\" }]\nforbidden = [{ ranks = [0, 5] }]\n\n[promotion]",
        1,
    );
    assert_ne!(text, LOS_ALAMOS);
    play(FileGame::of(load(&text).unwrap()));
}

/// One digit of Los Alamos's file changed (a vector, a rank, a count in
/// the start position), 256 cases: every changed file that still loads
/// has the engine play the game it now describes, and some do load (a run
/// where none loaded would have played nothing).
#[test]
fn the_engine_plays_whatever_game_a_changed_file_describes() {
    let digits: Vec<usize> = LOS_ALAMOS
        .char_indices()
        .filter(|(_, c)| c.is_ascii_digit())
        .map(|(i, _)| i)
        .collect();
    let played = std::sync::atomic::AtomicUsize::new(0);
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(256));
    let changes = (any::<prop::sample::Index>(), 0u8..10);
    runner
        .run(&changes, |(at, digit)| {
            let i = digits[at.index(digits.len())];
            let mut text = LOS_ALAMOS.to_string();
            text.replace_range(i..i + 1, &char::from(b'0' + digit).to_string());
            if let Ok(def) = load(&text) {
                play(FileGame::of(def));
                played.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let played = played.into_inner();
    assert!(
        played > 0,
        "none of the 256 changed files loaded: nothing was played"
    );
}

/// Raumschach's fitted weights (docs/engine.md, "How the weights were
/// fitted") are its own: the bundled game, and its file read again,
/// evaluate with them; the same file with one rule changed is another
/// game, which has the defaults of every file game.
#[test]
fn only_raumschach_itself_has_its_fitted_weights() {
    use chess3d_engine::eval::tables_from_file;
    use chess3d_games::raumschach;
    let fitted_text = include_str!("../../weights/raumschach.toml");
    let bundled = raumschach::game();
    let fitted = &tables_from_file(bundled, fitted_text).unwrap().weights;
    let defaults = &tables_from_file(bundled, "").unwrap().weights;
    assert_ne!(fitted, defaults, "the fit moved the weights");
    let own = |file: FileGame| match file {
        FileGame::Small(v) => (
            Evaluate::eval_tables(v).weights.clone(),
            tables_from_file(v, "").unwrap().weights.clone(),
        ),
        _ => panic!("Raumschach's 125 cells make a small file game"),
    };
    assert_eq!(&own(FileGame::Small(bundled)).0, fitted);
    assert_eq!(
        &own(FileGame::of(load(raumschach::FILE).unwrap())).0,
        fitted
    );
    // Pawns that may not promote to a Unicorn: not Raumschach's rule.
    let choices = r#"choices = ["Q", "R", "B", "N", "U"]"#;
    assert!(raumschach::FILE.contains(choices));
    let changed = raumschach::FILE.replacen(choices, r#"choices = ["Q", "R", "B", "N"]"#, 1);
    let (weights, its_defaults) = own(FileGame::of(load(&changed).unwrap()));
    assert_eq!(weights, its_defaults);
}
