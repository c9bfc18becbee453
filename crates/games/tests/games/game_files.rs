//! Game files (docs/game-files.md): the data games written as files are the
//! built-in games, by perft (chess 5, the 43-square Ziggurat 5, Polyhedron
//! 3) and by the legal moves along random games; every mistake of a file
//! is reported at its line and column, and no text makes the loader panic.

use chess3d_core::{BuiltInGame, Game, GameVariant, Position};
use chess3d_games::chess::Chess;
use chess3d_games::file::{load, FileGame, PoolFileRules, TinyFileRules};
use chess3d_games::polyhedron::Polyhedron;
use chess3d_games::ziggurat43::Ziggurat43;
use proptest::prelude::*;

use crate::common::{self, file_game, moves, moves_from, pool_file as pool, tiny_file as tiny};

const CHESS_FILE: &str = include_str!("../../../../games/chess.toml");
const ZIGGURAT43_FILE: &str = include_str!("../../../../games/ziggurat43.toml");
const RAUMSCHACH_FILE: &str = include_str!("../../../../games/raumschach.toml");
const POLYHEDRON_FILE: &str = include_str!("../../../../games/polyhedron.toml");

/// Perft of both from their start positions, depth by depth.
fn same_perft<A: BuiltInGame, B: Game>(file: B::Variant, depth: u32) {
    let a = A::variant_of_type();
    for d in 1..=depth {
        let built_in = chess3d_core::perft::perft(&mut a.start(), d);
        let from_file = chess3d_core::perft::perft(&mut file.start(), d);
        assert_eq!(from_file, built_in, "{} perft {d}", a.id());
    }
}

#[test]
fn chess_from_its_file_has_the_built_in_perft() {
    same_perft::<Chess, Position<TinyFileRules>>(tiny(CHESS_FILE), 5);
}

#[test]
fn ziggurat43_from_its_file_has_the_built_in_perft() {
    same_perft::<Ziggurat43, Position<TinyFileRules>>(tiny(ZIGGURAT43_FILE), 5);
}

#[test]
fn polyhedron_from_its_file_has_the_built_in_perft() {
    same_perft::<Polyhedron, Position<PoolFileRules>>(pool(POLYHEDRON_FILE), 3);
}

/// Plays seeded random games in the built-in game, each move read by the
/// file's game from its text, and compares the legal moves and the
/// position string at every ply.
fn same_moves<A: BuiltInGame, B: Game>(file: B::Variant, games: u64, plies: usize) {
    for seed in 0..games {
        let mut file_pos = file.start();
        common::random_game_biased(
            &mut A::variant_of_type().start(),
            seed,
            plies,
            0.3,
            |pos, m| {
                assert_eq!(file_pos.to_text(), pos.to_text(), "seed {seed}");
                assert_eq!(
                    moves(&file_pos),
                    moves(pos),
                    "seed {seed}: {}",
                    pos.to_text()
                );
                assert_eq!(file_pos.outcome(), pos.outcome(), "seed {seed}");
                if let Some(m) = m {
                    let text = pos.move_text(m);
                    file_pos
                        .play(&text)
                        .unwrap_or_else(|e| panic!("seed {seed}: {text}: {e}"));
                }
            },
        );
    }
}

#[test]
fn chess_from_its_file_has_the_built_in_moves_along_random_games() {
    same_moves::<Chess, Position<TinyFileRules>>(tiny(CHESS_FILE), 40, 200);
}

#[test]
fn ziggurat43_from_its_file_has_the_built_in_moves_along_random_games() {
    same_moves::<Ziggurat43, Position<TinyFileRules>>(tiny(ZIGGURAT43_FILE), 40, 200);
}

#[test]
fn polyhedron_from_its_file_has_the_built_in_moves_along_random_games() {
    same_moves::<Polyhedron, Position<PoolFileRules>>(pool(POLYHEDRON_FILE), 6, 150);
}

/// Raumschach's file with `old` (which must be there once) replaced by
/// `new`, and where `new` starts: its 1-based line and column.
fn mistake(old: &str, new: &str) -> (String, usize, usize) {
    assert_eq!(RAUMSCHACH_FILE.matches(old).count(), 1, "{old}");
    let at = RAUMSCHACH_FILE.find(old).unwrap();
    let text = RAUMSCHACH_FILE.replacen(old, new, 1);
    let line = text[..at].matches('\n').count() + 1;
    let column = at - text[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    (text, line, column)
}

/// Loads Raumschach's file with one mistake made in it; the error must be
/// at `offset` characters into the replacement and say `says`.
fn refused(old: &str, new: &str, offset: usize, says: &str) {
    let (text, line, column) = mistake(old, new);
    refused_at(&text, (line, column + offset), says);
}

/// Loads `text`, which must be refused at `at` (line, column) saying
/// `says`.
fn refused_at(text: &str, at: (usize, usize), says: &str) {
    let e = load(text).expect_err(says);
    println!("{}", e.in_file("raumschach.toml"));
    assert_eq!((e.line, e.column), at, "{e}");
    assert!(e.message.contains(says), "{e}");
}

/// Los Alamos chess (games/losalamos.toml), a game no part of chess3d
/// knows but its file: the published perft figures of Fairy-Stockfish's
/// perft suite (tests/perft.sh) and Cute Chess's board tests, from the start
/// (4: 14,332; 5: 191,846) and from a promotion position (6: 187,431); and
/// depths 1 and 2 by hand: six Pawn steps and four Knight moves a side,
/// none of White's touching Black's (10, and 10 × 10).
#[test]
fn los_alamos_from_its_file_has_the_published_perft() {
    let game = tiny(include_str!("../../../../games/losalamos.toml"));
    let mut start = game.start();
    for (depth, nodes) in [(1, 10), (2, 100), (4, 14_332), (5, 191_846)] {
        assert_eq!(
            chess3d_core::perft::perft(&mut start, depth),
            nodes,
            "depth {depth}"
        );
    }
    let mut promotion = game.position("6/2P3/6/1K1k2/6/6 w - - 0 1").unwrap();
    assert_eq!(chess3d_core::perft::perft(&mut promotion, 6), 187_431);
}

#[test]
fn the_raumschach_file_loads() {
    let def = load(RAUMSCHACH_FILE).unwrap();
    assert_eq!(def.id, "raumschach");
    assert_eq!(def.board.cells().len(), 125);
    assert_eq!(def.pieces.len(), 7);
}

#[test]
fn the_format_guide_shows_the_raumschach_file_whole() {
    let guide = include_str!("../../../../docs/game-files.md");
    assert!(
        guide.contains(RAUMSCHACH_FILE),
        "docs/game-files.md's example is not games/raumschach.toml"
    );
}

#[test]
fn an_unknown_key_is_placed_and_named() {
    refused(
        "id = \"raumschach\"",
        "colour = \"red\"",
        0,
        "unknown field `colour`",
    );
    refused("royal = true", "royl = true", 0, "unknown field `royl`");
}

#[test]
fn a_vector_of_the_wrong_length_is_placed() {
    refused(
        "{ leap = [0, 1, 2], sym = \"perms\" }",
        "{ leap = [0, 1], sym = \"perms\" }",
        9,
        "expected an array of length 3",
    );
}

#[test]
fn a_setup_that_does_not_fit_the_board_is_placed() {
    // A sixth file on level A's rank 2.
    // The position reader names the level and rank; the error points at
    // the start string.
    refused(
        "start = \"5/5/5/PPPPP/",
        "start = \"5/5/5/PPPPPP/",
        8,
        "level A, rank 2",
    );
    // A King short.
    let (text, line, _) = mistake("rnknr/ppppp/5/5/5 w", "rn1nr/ppppp/5/5/5 w");
    refused_at(&text, (line, 9), "King");
}

#[test]
fn a_letter_used_twice_is_placed() {
    refused(
        "letter = \"U\"",
        "letter = \"B\"",
        9,
        "'B' is used by two kinds",
    );
}

#[test]
fn a_promotion_zone_outside_the_board_is_placed() {
    refused(
        "zone = [{ ranks = [4, 4], levels = [4, 4] }]",
        "zone = [{ ranks = [5, 5], levels = [4, 4] }]",
        7,
        "no cell on the board",
    );
}

#[test]
fn a_move_too_long_for_the_board_is_placed() {
    refused(
        "{ leap = [0, 1, 2], sym = \"perms\" }",
        "{ leap = [0, 1, 7], sym = \"perms\" }",
        0,
        "too large",
    );
}

#[test]
fn other_mistakes_are_placed() {
    refused(
        "choices = [\"Q\"",
        "choices = [\"K\"",
        10,
        "'K' cannot be promoted to",
    );
    // A Knight that becomes a Queen on the last rank, with the captured
    // pool as the choices: the change and a promotion would be one move.
    let (text, _, _) = mistake(
        "letter = \"N\"\n",
        "letter = \"N\"\nbecomes = { letter = \"Q\", zone = [{ ranks = [4, 4] }] }\n",
    );
    let choices = "choices = [\"Q\", \"R\", \"B\", \"N\", \"U\"]";
    let at = text.find(choices).unwrap();
    let text = text.replacen(choices, "choices = \"captured-pool\"", 1);
    let line = text[..at].matches('\n').count() + 1;
    let column = at - text[..at].rfind('\n').unwrap() + 10;
    refused_at(&text, (line, column), "which a piece becomes");
    // A block of 64³ cells is refused at once, before its cells are listed.
    refused(
        "[{ files = [0, 4], ranks = [0, 4], levels = [0, 4] }]",
        "[{ files = [0, 63], ranks = [0, 63], levels = [0, 63] }]",
        0,
        "the blocks hold 262144 cells",
    );
    // About the pieces as a whole: at the first of them.
    let (text, _, _) = mistake("royal = true\n", "");
    let first = text.find("[[piece]]").unwrap();
    refused_at(
        &text,
        (text[..first].lines().count() + 1, 1),
        "0 royal kinds",
    );
    refused(
        "levels = \"ABCDE\"",
        "levels = \"ABCD\"",
        9,
        "no label for level 4",
    );
    refused(
        "cell = \"{level}{file}{rank}\"",
        "cell = \"{file}{rank}\"",
        7,
        "two cells are named",
    );
    refused(
        "black_mirror = [-1, -1, -1]",
        "black_mirror = [-1, -2, -1]",
        15,
        "three signs",
    );
    refused(
        "{ slide = [1, 1, 1], sym = \"perms\" }]",
        "{ slide = [1, 1, 1], leap = [1, 0, 0] }]",
        0,
        "a leap, a slide, a hop or a grasshop",
    );
    refused(
        "{ slide = [1, 1, 1], sym = \"perms\" }]",
        "{ hop = [1, 1, 1], mode = \"shoot\" }]",
        0,
        "a hop cannot shoot",
    );
    refused(
        "id = \"raumschach\"",
        "id = \"Raum schach\"",
        5,
        "lower-case",
    );
    refused(
        "{ files = [0, 4], ranks",
        "{ files = [4, 0], ranks",
        0,
        "the first must not be above the last",
    );
}

/// Loads `text`, which must be refused saying `says`, at a line of the
/// text.
fn refused_somewhere(text: &str, says: &str) {
    let e = load(text).expect_err(says);
    println!("{}", e.in_file("raumschach.toml"));
    assert!(e.line <= text.lines().count() + 1, "{e}");
    assert!(e.message.contains(says), "{e}");
}

/// Inputs a review found to reach a panic or a broken game past the
/// checks: each is now refused.
#[test]
fn values_past_the_cores_limits_are_refused() {
    refused(
        "{ leap = [0, 1, 2], sym = \"perms\" }",
        "{ leap = [-2147483648, 1, 2], sym = \"perms\" }",
        0,
        "too large",
    );
    refused(
        "choices = [\"Q\", \"R\"",
        "choices = [\"Q\", \"Q\"",
        10,
        "a choice twice",
    );
    refused(
        "cell = \"{level}{file}{rank}\"",
        "cell = \"{level} {file}{rank}\"",
        7,
        "in a cell's name",
    );
    refused("ranks = 1\n", "ranks = -1\n", 8, "numbers start from 0");
    refused(
        "ranks = 1\n",
        "ranks = 2147483647\n",
        8,
        "numbers start from 0",
    );
    refused(
        "cell = \"{level}{file}{rank}\"",
        "level_shift = 2147483647\ncell = \"{level}{file}{rank}\"",
        14,
        "level_shift runs",
    );
    // A pawn that becomes the King.
    refused(
        "promotes = true\n",
        "becomes = { letter = \"K\", zone = [{ ranks = [3, 3] }] }\n",
        21,
        "royal kind",
    );
    // Castling: the Rook's kind must be there, King and Rook apart.
    let castling = "\n[[castling]]\nside = \"white\"\nsymbol = \"K\"\ntext = \"O-O\"\n\
                    king = [\"Ac1\", \"Ae1\"]\nrook = [\"Ae1\", \"Ae1\"]\n";
    refused_somewhere(&format!("{RAUMSCHACH_FILE}{castling}"), "different cells");
    let no_rook = RAUMSCHACH_FILE
        .replace("letter = \"R\"", "letter = \"T\"")
        .replace("[\"Q\", \"R\",", "[\"Q\", \"T\",");
    refused_somewhere(&format!("{no_rook}{castling}"), "the letter R");
    // A Rook sliding as a Knight leaps: 24 directions more than the
    // Queen's 26, past the core's 32.
    let many = RAUMSCHACH_FILE.replace(
        "moves = [{ slide = [1, 0, 0], sym = \"perms\" }]",
        "moves = [{ slide = [0, 1, 2], sym = \"perms\" }]",
    );
    refused_somewhere(&many, "directions in all");
}

/// Loads `text`; if it loads, a short random game from its start must keep
/// every invariant of the core (`common::walk`), whichever rules type the
/// catalog picks for it.
fn plays_if_it_loads(text: &str) -> Result<(), String> {
    let Ok(def) = load(text) else {
        return Ok(());
    };
    let walked = match FileGame::of(def) {
        FileGame::Tiny(v) => common::walk(v.start(), 1, 12, 0.3),
        FileGame::Small(v) => common::walk(v.start(), 1, 12, 0.3),
        FileGame::Large(v) => common::walk(v.start(), 1, 12, 0.3),
        FileGame::Pool(v) => common::walk(v.start(), 1, 12, 0.3),
    };
    walked.map(|_| ())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever is changed in a game file, loading it never panics: it
    /// loads or says what is wrong; and a file that loads plays: a short
    /// random game from its start keeps every invariant of the core
    /// (`common::walk`), whichever rules type the catalog picks for it.
    #[test]
    fn a_mutated_file_loads_and_plays_or_says_why(
        text in common::mutated(RAUMSCHACH_FILE.to_string(), "[]{}=\",-0123456789 \nabcKQPx|/#")
    ) {
        let played = plays_if_it_loads(&text);
        prop_assert!(played.is_ok(), "{:?}", played);
    }

    /// The same for xiangqi's file, whose keys (`confined`, `from`,
    /// `lame`, `hop`, `royals_may_not_face`, `stalemate`) Raumschach's
    /// has not.
    #[test]
    fn a_mutated_xiangqi_file_loads_and_plays_or_says_why(
        text in common::mutated(
            include_str!("../../../../games/xiangqi.toml").to_string(),
            "[]{}=\",-0123456789 \nabcKAPx|/#",
        )
    ) {
        let played = plays_if_it_loads(&text);
        prop_assert!(played.is_ok(), "{:?}", played);
    }

    /// The same for Chess960's file, whose castling keys
    /// (`from_any_file`) no other file has.
    #[test]
    fn a_mutated_chess960_file_loads_and_plays_or_says_why(
        text in common::mutated(
            include_str!("../../../../games/chess960.toml").to_string(),
            "[]{}=\",-0123456789 \nabcefghKQRtrux|/#",
        )
    ) {
        let played = plays_if_it_loads(&text);
        prop_assert!(played.is_ok(), "{:?}", played);
    }

    /// The same for Spartan chess's file, whose Spartans have two Kings
    /// (`several_royals`, a King among the promotion choices, `limits`).
    #[test]
    fn a_mutated_spartan_file_loads_and_plays_or_says_why(
        text in common::mutated(
            include_str!("../../../../games/spartan.toml").to_string(),
            "[]{}=\",-0123456789 \nabcdeghkKHLPtrux|/#",
        )
    ) {
        let played = plays_if_it_loads(&text);
        prop_assert!(played.is_ok(), "{:?}", played);
    }

    /// The same for antichess's file, whose game has no royal kind and
    /// compulsory captures (`must_capture`, `extinction = "win"`).
    #[test]
    fn a_mutated_antichess_file_loads_and_plays_or_says_why(
        text in common::mutated(
            include_str!("../../../../games/antichess.toml").to_string(),
            "[]{}=\",-0123456789 \nabcefKQPtrux|/#",
        )
    ) {
        let played = plays_if_it_loads(&text);
        prop_assert!(played.is_ok(), "{:?}", played);
    }

    /// The same for crazyhouse's file, whose captured pieces go to a hand
    /// (`drops`, the hand and `~` in the start).
    #[test]
    fn a_mutated_crazyhouse_file_loads_and_plays_or_says_why(
        text in common::mutated(
            include_str!("../../../../games/crazyhouse.toml").to_string(),
            "[]{}=\",-0123456789 \nabcdefKQPNtrux~|/#@",
        )
    ) {
        let played = plays_if_it_loads(&text);
        prop_assert!(played.is_ok(), "{:?}", played);
    }

    /// The same for minishogi's file: promoted forms (`promoted_from`,
    /// `+P` in position strings), promotion from the zone, nifu and
    /// uchifuzume.
    #[test]
    fn a_mutated_minishogi_file_loads_and_plays_or_says_why(
        text in common::mutated(
            include_str!("../../../../games/minishogi.toml").to_string(),
            "[]{}=\",-0123456789 \nabcdefKGSBRPTHDtrux+|/#@",
        )
    ) {
        let played = plays_if_it_loads(&text);
        prop_assert!(played.is_ok(), "{:?}", played);
    }

    /// The same for Millennium 3D chess's file: a double step of
    /// several steps (`steps`), cells named by level first.
    #[test]
    fn a_mutated_millennium_file_loads_and_plays_or_says_why(
        text in common::mutated(
            include_str!("../../../../games/millennium.toml").to_string(),
            "[]{}=\",-0123456789 \nabcefghKQPNtrux|/#",
        )
    ) {
        let played = plays_if_it_loads(&text);
        prop_assert!(played.is_ok(), "{:?}", played);
    }

    /// The same for Seirawan chess's file: gating (`gating`, the hand and
    /// the gates' file letters in the castling field).
    #[test]
    fn a_mutated_seirawan_file_loads_and_plays_or_says_why(
        text in common::mutated(
            include_str!("../../../../games/seirawan.toml").to_string(),
            "[]{}=\",-0123456789 \nabcdefgKQHEPNtrux|/#@",
        )
    ) {
        let played = plays_if_it_loads(&text);
        prop_assert!(played.is_ok(), "{:?}", played);
    }
}

/// One text for each move (issue 62). In UCI notation a castling whose
/// King goes one square prints as the King taking its own Rook, as UCI
/// writes such castlings: otherwise it would print as the King's plain
/// step. Los Alamos chess's file with a castling added for White: King
/// d1 to e1, Rook f1 to d1 (Diana chess's kind of castling). With e1
/// empty the King may step there (`d1e1`) or castle (`d1f1`): two moves,
/// two texts, each read back to its own move.
#[test]
fn a_castling_of_one_square_has_its_own_uci_text() {
    let losalamos = include_str!("../../../../games/losalamos.toml");
    let castling = "\n[[castling]]\nside = \"white\"\nsymbol = \"K\"\ntext = \"O-O\"\n\
                    king = [\"d1\", \"e1\"]\nrook = [\"f1\", \"d1\"]\nsafe = [\"d1\", \"e1\"]\n";
    let at = losalamos.find("\n[about]").unwrap();
    let text = format!("{}{castling}{}", &losalamos[..at], &losalamos[at..]);
    let game = tiny(&text);
    let mut pos = game
        .position("rnqk1r/pppppp/6/6/PPPPPP/RNQK1R w K - 0 1")
        .unwrap();
    let king: Vec<String> = moves_from(&pos, "d1");
    assert_eq!(king, ["d1e1", "d1f1"]);
    let castle = pos.parse_move("d1f1").unwrap();
    assert_eq!(castle.kind, chess3d_core::MoveKind::Castle);
    let step = pos.parse_move("d1e1").unwrap();
    assert_eq!(step.kind, chess3d_core::MoveKind::Normal);
    pos.make(castle);
    assert!(
        pos.to_text()
            .starts_with("rnqk1r/pppppp/6/6/PPPPPP/RNQRK1 b"),
        "{}",
        pos.to_text()
    );
    // A castling of two squares keeps the King's own from-to (chess).
    let mut chess = tiny(CHESS_FILE)
        .position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        .unwrap();
    let castles: Vec<String> = moves(&chess)
        .into_iter()
        .filter(|m| m == "e1g1" || m == "e1c1")
        .collect();
    assert_eq!(castles.len(), 2);
    assert_eq!(
        chess.parse_move("e1g1").unwrap().kind,
        chess3d_core::MoveKind::Castle
    );
}

/// Every game file in `games/` along random games from its start: the
/// core's invariants in every position (`common::walk`), among them that
/// no two legal moves print the same text and that move texts read back
/// to their moves (issue 62).
#[test]
fn every_game_files_moves_have_one_text_each() {
    fn walk_all<G: Game>(game: G::Variant, id: &str) {
        for seed in 0..4 {
            if let Err(e) = common::walk(game.start(), seed, 60, 0.3) {
                panic!("{id}, seed {seed}: {e}");
            }
        }
    }
    let files = [
        ("3check", include_str!("../../../../games/3check.toml")),
        (
            "antichess",
            include_str!("../../../../games/antichess.toml"),
        ),
        ("berolina", include_str!("../../../../games/berolina.toml")),
        (
            "capablanca",
            include_str!("../../../../games/capablanca.toml"),
        ),
        ("chess", CHESS_FILE),
        ("chess960", include_str!("../../../../games/chess960.toml")),
        ("chigorin", include_str!("../../../../games/chigorin.toml")),
        (
            "crazyhouse",
            include_str!("../../../../games/crazyhouse.toml"),
        ),
        ("grand", include_str!("../../../../games/grand.toml")),
        ("horde", include_str!("../../../../games/horde.toml")),
        ("jocly-3d", include_str!("../../../../games/jocly-3d.toml")),
        (
            "kingofthehill",
            include_str!("../../../../games/kingofthehill.toml"),
        ),
        (
            "losalamos",
            include_str!("../../../../games/losalamos.toml"),
        ),
        (
            "millennium",
            include_str!("../../../../games/millennium.toml"),
        ),
        (
            "minishogi",
            include_str!("../../../../games/minishogi.toml"),
        ),
        ("polyhedron", POLYHEDRON_FILE),
        ("raumschach", RAUMSCHACH_FILE),
        ("seirawan", include_str!("../../../../games/seirawan.toml")),
        ("shako", include_str!("../../../../games/shako.toml")),
        ("shogi", include_str!("../../../../games/shogi.toml")),
        ("shouse", include_str!("../../../../games/shouse.toml")),
        ("spartan", include_str!("../../../../games/spartan.toml")),
        ("torpedo", include_str!("../../../../games/torpedo.toml")),
        ("xiangqi", include_str!("../../../../games/xiangqi.toml")),
        ("ziggurat43", ZIGGURAT43_FILE),
    ];
    for (id, text) in files {
        match file_game(text) {
            FileGame::Tiny(v) => walk_all::<Position<TinyFileRules>>(v, id),
            FileGame::Small(v) => walk_all::<Position<chess3d_games::file::SmallFileRules>>(v, id),
            FileGame::Large(v) => walk_all::<Position<chess3d_games::file::LargeFileRules>>(v, id),
            FileGame::Pool(v) => walk_all::<Position<PoolFileRules>>(v, id),
        }
    }
    // The files in games/ are these.
    let mut in_folder: Vec<String> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../games"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
    in_folder.sort();
    assert_eq!(in_folder, files.map(|(id, _)| format!("{id}.toml")));
}
