//! Shared helpers of the games' integration tests.
#![allow(dead_code)]

// The second, independent implementation of each 3-D game, shared by its
// `*_vs_reference` tests.
pub mod elevator_reference;
pub mod jocly3d_reference;
pub mod millennium_reference;
pub mod polyhedron_reference;
pub mod stacked;
pub mod startrek_reference;
pub mod ziggurat43_reference;
pub mod ziggurat_reference;

use chess3d_core::testing::{check_position, check_position_counting};
use chess3d_core::{BuiltInGame, Game, GameVariant, Move, MoveKind, MoveList, Variant};
use chess3d_games::file::{load, FileGame, PoolFileRules, SmallFileRules, TinyFileRules};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The six chessprogramming-wiki perft positions: varied starts (castling,
/// promotion, en passant, checks) for random games.
pub const PERFT_FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// Plays a seeded random game of up to `max_plies` from `pos`, calling
/// `visit` on every position reached (the first included) with the move
/// about to be played (`None` at the end). Stops when no legal move is left.
/// Castling, en passant, promotions and board moves (Star Trek's attack
/// boards) are rare in uniform random play, so when one is legal it is
/// chosen half of the time.
pub fn random_game<G: Game>(
    pos: &mut G,
    seed: u64,
    max_plies: usize,
    visit: impl FnMut(&mut G, Option<Move>),
) {
    random_game_biased(pos, seed, max_plies, 0.0, visit)
}

/// [`random_game`], choosing a capture with probability `capture_bias`
/// when there is one and no special move was chosen: on big boards this
/// thins the armies, so that promotions and endings happen.
pub fn random_game_biased<G: Game>(
    pos: &mut G,
    seed: u64,
    max_plies: usize,
    capture_bias: f64,
    mut visit: impl FnMut(&mut G, Option<Move>),
) {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..max_plies {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let special: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| {
                matches!(
                    m.kind,
                    MoveKind::Castle | MoveKind::EnPassant | MoveKind::Board | MoveKind::Push
                ) || m.promotion.is_some()
            })
            .collect();
        let captures: Vec<Move> = if capture_bias > 0.0 {
            moves
                .iter()
                .copied()
                .filter(|&m| pos.is_capture(m))
                .collect()
        } else {
            Vec::new()
        };
        let m = if !special.is_empty() && rng.random_bool(0.5) {
            special[rng.random_range(0..special.len())]
        } else if !captures.is_empty() && rng.random_bool(capture_bias) {
            captures[rng.random_range(0..captures.len())]
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        visit(pos, Some(m));
        pos.make(m);
    }
    visit(pos, None);
}

/// Plays a random game from `pos` to its end or `plies`, checking the core
/// invariants in every position, then takes every move back and compares
/// with the positions on the way. Returns the plies played and the most
/// legal moves met in a position.
pub fn walk<G: Game>(
    mut pos: G,
    seed: u64,
    plies: usize,
    capture_bias: f64,
) -> Result<(usize, u64), String> {
    let mut seen = Vec::new();
    let mut failure = None;
    let mut most_moves = 0;
    random_game_biased(&mut pos, seed, plies, capture_bias, |p, _| {
        if failure.is_none() {
            match check_position_counting(p) {
                Ok(n) => most_moves = most_moves.max(n as u64),
                Err(e) => failure = Some(format!("{}: {e}", p.to_text())),
            }
        }
        seen.push(p.clone());
    });
    if let Some(f) = failure {
        return Err(f);
    }
    let played = seen.len() - 1;
    seen.pop();
    while let Some(expected) = seen.pop() {
        pos.unmake().ok_or("history shorter than the game")?;
        if pos != expected || pos.hash() != expected.hash() {
            return Err(format!(
                "unmake gives {} instead of {}",
                pos.to_text(),
                expected.to_text()
            ));
        }
    }
    if pos.unmake().is_some() {
        return Err("history longer than the game".into());
    }
    Ok((played, most_moves))
}

/// Whatever the parser accepts must print back to the same position and
/// keep the invariants.
pub fn parse_never_panics<G: BuiltInGame>(text: &str) -> Result<(), TestCaseError> {
    if let Ok(mut pos) = G::variant_of_type().position(text) {
        let printed = pos.to_text();
        let again = G::variant_of_type()
            .position(&printed)
            .map_err(|e| TestCaseError::fail(format!("{printed}: {e}")))?;
        prop_assert_eq!(&again, &pos);
        prop_assert_eq!(check_position(&mut pos), Ok(()));
    }
    Ok(())
}

/// `text` with a few characters of `alphabet` replacing, removing or
/// inserted among its own.
pub fn mutated(text: String, alphabet: &'static str) -> impl Strategy<Value = String> {
    proptest::collection::vec((any::<u8>(), any::<usize>(), 0..3u8), 1..6).prop_map(move |edits| {
        let mut chars: Vec<char> = text.chars().collect();
        let alphabet: Vec<char> = alphabet.chars().collect();
        for (c, at, op) in edits {
            let ch = alphabet[c as usize % alphabet.len()];
            let at = at % (chars.len() + 1);
            match op {
                0 if at < chars.len() => chars[at] = ch,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, ch),
            }
        }
        chars.into_iter().collect()
    })
}

/// Upper case to lower and back.
pub fn swap_case(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

/// The fields of a position string with the colours exchanged: every
/// level's ranks in reverse order with the pieces' colours swapped, the
/// other side to move, the castling rights swapped (White's first), the
/// en-passant cell passed through `mirror_cell`. Later fields are kept.
pub fn mirror_fields(text: &str, mirror_cell: impl Fn(&str) -> String) -> Vec<String> {
    let mut f: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let placement: Vec<String> = f[0]
        .split('|')
        .map(|level| {
            let ranks: Vec<String> = level.split('/').rev().map(swap_case).collect();
            ranks.join("/")
        })
        .collect();
    f[0] = placement.join("|");
    f[1] = if f[1] == "w" { "b" } else { "w" }.to_string();
    let castling = swap_case(&f[2]);
    let (white, black): (String, String) = castling.chars().partition(|c| c.is_ascii_uppercase());
    f[2] = if castling == "-" {
        castling
    } else {
        white + &black
    };
    if f[3] != "-" {
        f[3] = mirror_cell(&f[3]);
    }
    f
}

/// Every legal move of a position as canonical text, sorted.
pub fn moves<G: Game>(p: &G) -> Vec<String> {
    let mut list = MoveList::new();
    p.clone().legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

/// The legal moves of the piece on `from` (the text starts with the cell's
/// full name), sorted.
pub fn moves_from<G: Game>(p: &G, from: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(from) && !m[from.len()..].starts_with(char::is_numeric))
        .collect()
}

/// The placement field of a position's string: what the reference
/// implementations are compared on.
pub fn placement<G: Game>(p: &G) -> String {
    p.to_text()
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// A rank of a position string: a letter per piece, a number per run of
/// empty cells.
pub fn rank_text(cells: impl IntoIterator<Item = Option<char>>) -> String {
    let mut s = String::new();
    let mut run = 0;
    for cell in cells {
        match cell {
            None => run += 1,
            Some(letter) => {
                if run > 0 {
                    s += &run.to_string();
                    run = 0;
                }
                s.push(letter);
            }
        }
    }
    if run > 0 {
        s += &run.to_string();
    }
    s
}

/// 500 seeded games from `start(seed)` (seeds `part * 500` on), walked
/// and checked by [`walk`]. Returns the plies checked and the most legal
/// moves met; panics with the seed on the first violation.
pub fn seeded_games<G: Game>(
    part: u64,
    plies: usize,
    capture_bias: f64,
    start: impl Fn(u64) -> G,
) -> (usize, u64) {
    seeded_games_n(part, 500, plies, capture_bias, start)
}

/// [`seeded_games`] with `games` games per part (four parts).
pub fn seeded_games_n<G: Game>(
    part: u64,
    games: u64,
    plies: usize,
    capture_bias: f64,
    start: impl Fn(u64) -> G,
) -> (usize, u64) {
    let (mut total, mut most_moves) = (0, 0);
    for seed in (part * games)..(part + 1) * games {
        match walk(start(seed), seed, plies, capture_bias) {
            Ok((n, most)) => {
                total += n;
                most_moves = most_moves.max(most);
            }
            Err(e) => panic!("seed {seed}: {e}"),
        }
    }
    println!("part {part}: {total} plies checked, at most {most_moves} legal moves");
    (total, most_moves)
}

/// Every vector with coordinates in -2..=2 whose sorted absolute values
/// are `shape` ([0, 1, 2]: the Knight's 24 leaps).
pub fn vectors_of_shape(shape: [i32; 3]) -> Vec<[i32; 3]> {
    let mut out = Vec::new();
    for dx in -2i32..=2 {
        for dy in -2i32..=2 {
            for dz in -2i32..=2 {
                let mut a = [dx.abs(), dy.abs(), dz.abs()];
                a.sort();
                if a == shape {
                    out.push([dx, dy, dz]);
                }
            }
        }
    }
    out
}

/// What the tests need of a second, independent implementation of a game
/// (common/*_reference.rs).
pub trait Reference: Clone {
    type Move: Copy;
    /// The moves by the pieces' rules, King safety aside.
    fn pseudo_moves(&self) -> Vec<Self::Move>;
    /// After a move: whether the King of the side that made it is attacked.
    fn mover_in_check(&self) -> bool;
    fn apply(&mut self, m: Self::Move);
    /// The canonical text of a legal move.
    fn text(&self, m: Self::Move) -> String;
    fn in_check(&self) -> bool;
    /// What is compared with the real position after every move (the
    /// placement, and the pools where a game has them).
    fn state(&self) -> String;

    /// Legality by definition: play the move on a copy and look.
    fn legal_moves(&self) -> Vec<Self::Move> {
        self.pseudo_moves()
            .into_iter()
            .filter(|&m| {
                let mut after = self.clone();
                after.apply(m);
                !after.mover_in_check()
            })
            .collect()
    }

    fn legal_texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal_moves().iter().map(|&m| self.text(m)).collect();
        v.sort();
        v
    }

    /// Plays the legal move written `text`; false if there is none.
    fn play(&mut self, text: &str) -> bool {
        match self
            .legal_moves()
            .into_iter()
            .find(|&m| self.text(m) == text)
        {
            Some(m) => {
                self.apply(m);
                true
            }
            None => false,
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut after = self.clone();
                after.apply(m);
                after.perft(depth - 1)
            })
            .sum()
    }
}

/// How many of the legal moves `legal` of `pos` its check guard clears of
/// giving check (`may_give_check_with`), each made to check that it
/// indeed gives none.
pub fn checks_cleared<R: chess3d_core::Rules>(
    pos: &mut chess3d_core::Position<R>,
    legal: &[Move],
) -> usize {
    let check_guard = pos.check_guard();
    let mut cleared = 0;
    for &m in legal {
        pos.make(m);
        let gives_check = pos.in_check();
        let called_safe = !pos.may_give_check_with(&check_guard, m);
        pos.unmake();
        if called_safe {
            cleared += 1;
            assert!(
                !gives_check,
                "{}: {m:?} cleared, but it gives check",
                pos.to_text()
            );
        }
    }
    cleared
}

/// Positions compared by [`compare_with_reference`], with the checks and
/// game ends among them.
#[derive(Default, Debug)]
pub struct Compared {
    pub positions: usize,
    pub checks: usize,
    pub ends: usize,
}

/// Plays a random game with the real generator from `pos`, comparing every
/// position with the reference: the legal moves as canonical text, the
/// check status, and `state` of the position against the reference's.
/// `on_move` sees each move before it is played (to count rare rules).
pub fn compare_with_reference<G: Game, R: Reference>(
    mut pos: G,
    mut refpos: R,
    (seed, plies, capture_bias): (u64, usize, f64),
    state: impl Fn(&G) -> String,
    mut on_move: impl FnMut(&G, Move),
    compared: &mut Compared,
) {
    let mut failure: Option<String> = None;
    random_game_biased(&mut pos, seed, plies, capture_bias, |p, m| {
        if failure.is_some() {
            return;
        }
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        let mut ours: Vec<String> = list.iter().map(|&m| p.move_text(m)).collect();
        ours.sort();
        let theirs = refpos.legal_texts();
        if ours != theirs {
            let only_ours: Vec<&String> = ours.iter().filter(|m| !theirs.contains(m)).collect();
            let only_ref: Vec<&String> = theirs.iter().filter(|m| !ours.contains(m)).collect();
            failure = Some(format!(
                "{}: only ours {only_ours:?}, only the reference's {only_ref:?}",
                p.to_text()
            ));
            return;
        }
        if p.in_check() != refpos.in_check() {
            failure = Some(format!("{}: check status differs", p.to_text()));
            return;
        }
        if state(p) != refpos.state() {
            failure = Some(format!(
                "{}: the reference has {}",
                p.to_text(),
                refpos.state()
            ));
            return;
        }
        compared.positions += 1;
        compared.checks += p.in_check() as usize;
        match m {
            None => compared.ends += list.is_empty() as usize,
            Some(m) => {
                on_move(p, m);
                let t = p.move_text(m);
                assert!(refpos.play(&t), "the reference cannot play {t}");
            }
        }
    });
    if let Some(f) = failure {
        panic!("seed {seed}: {f}");
    }
}

/// Four tests running `$batch(0)` to `$batch(3)`: a batch of seeded games
/// split so that the test harness runs the parts in parallel. CI runs the
/// first two; the other two are the long run (`scripts/test-long`).
#[allow(unused_macros)]
macro_rules! seeded_game_tests {
    ($batch:ident) => {
        #[test]
        fn invariants_hold_along_seeded_games_0() {
            $batch(0);
        }

        #[test]
        fn invariants_hold_along_seeded_games_1() {
            $batch(1);
        }

        // Parts 2 and 3 double the games: a long run, kept out of CI's
        // 25 minutes; `scripts/test-long` runs them.
        #[test]
        #[ignore = "long run: scripts/test-long"]
        fn invariants_hold_along_seeded_games_2() {
            $batch(2);
        }

        #[test]
        #[ignore = "long run: scripts/test-long"]
        fn invariants_hold_along_seeded_games_3() {
            $batch(3);
        }
    };
}

/// The parser property tests of a game: arbitrary strings and mutations
/// of the start (with characters of `$alphabet`) as position strings, and
/// strings of `$moves` (a regex) as moves from the start, where only a
/// legal move in its exact canonical text may be accepted.
#[allow(unused_macros)]
macro_rules! parser_property_tests {
    ($game:ty, $alphabet:expr, $moves:expr) => {
        proptest::proptest! {
            #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]

            #[test]
            fn position_parser_never_panics_on_any_string(
                text in proptest::prelude::any::<String>()
            ) {
                common::parse_never_panics::<$game>(&text)?;
            }

            #[test]
            fn position_parser_never_panics_on_mutated_starts(
                text in common::mutated(<$game>::start().to_text(), $alphabet)
            ) {
                common::parse_never_panics::<$game>(&text)?;
            }

            #[test]
            fn move_parser_never_panics(text in $moves) {
                let mut pos = <$game>::start();
                if let Ok(m) = pos.parse_move(&text) {
                    proptest::prop_assert_eq!(pos.move_text(m), text);
                }
            }
        }
    };
}

/// The game of a game file as a user's file is played: by the rules type
/// the catalog picks for it.
pub fn file_game(text: &str) -> FileGame {
    FileGame::of(load(text).unwrap_or_else(|e| panic!("the file loads: {e}")))
}

/// The game of a file of up to 64 cells.
pub fn tiny_file(text: &str) -> Variant<TinyFileRules> {
    match file_game(text) {
        FileGame::Tiny(v) => v,
        other => panic!("{other:?}: a game of up to 64 cells"),
    }
}

/// The game of a file of 65 to 128 cells.
pub fn small_file(text: &str) -> Variant<SmallFileRules> {
    match file_game(text) {
        FileGame::Small(v) => v,
        other => panic!("{other:?}: a game of 65 to 128 cells"),
    }
}

/// The game of a file whose pieces promote from the captured pool.
pub fn pool_file(text: &str) -> Variant<PoolFileRules> {
    match file_game(text) {
        FileGame::Pool(v) => v,
        other => panic!("{other:?}: a game with pools"),
    }
}

/// Along six seeded random games from `start` of `plies` plies: the core's
/// invariants (`walk`), every move the guard calls safe legal and the
/// check guard's clearances right (`may_expose`), and the exchange
/// attackers agreeing with the attack test (`attackers`, on the first
/// two thirds of each game): the shortcuts of legal move generation
/// against their definitions, for the games whose pieces attack
/// indirectly (hoppers, lame leapers, confined pieces).
pub fn shortcuts_agree_along_random_games<R: chess3d_core::Rules>(
    start: chess3d_core::Position<R>,
    plies: usize,
) {
    for seed in 0..6 {
        if let Err(e) = walk(start.clone(), seed, plies, 0.3) {
            panic!("seed {seed}: {e}");
        }
        assert!(crate::may_expose::safe_moves_are_legal_from(start.clone(), seed, plies) > 0);
        crate::attackers::agrees_from(start.clone(), seed, plies * 2 / 3, true);
    }
}
