//! Game records (`chess3d_core::record`) against every game: random games
//! written and read back give the same positions; a record cut at any byte
//! or with one move changed is read up to the damage, which is reported
//! with the move's number and text.

use crate::common;

use chess3d_core::record::{game_tags, replay, result_token, Record, Replayed};
use chess3d_core::{Game, Move};
use chess3d_games::chess::Chess;
use chess3d_games::elevator::Elevator;
use chess3d_games::polyhedron::Polyhedron;
use chess3d_games::startrek::StarTrek;
use chess3d_games::ziggurat::Ziggurat;
use chess3d_games::ziggurat43::Ziggurat43;
use proptest::prelude::*;

/// A random game from `start`: the record's text, and every position
/// (`to_text`) from the start to the end.
fn random_record<G: Game>(start: G, seed: u64, plies: usize) -> (String, Vec<String>, Vec<String>) {
    let mut pos = start.clone();
    let mut texts: Vec<String> = Vec::new();
    let mut positions = Vec::new();
    common::random_game_biased(&mut pos, seed, plies, 0.3, |p: &mut G, m: Option<Move>| {
        positions.push(p.to_text());
        if let Some(m) = m {
            texts.push(p.move_text(m));
        }
    });
    // A game ends at its first outcome (a draw by repetition, the 100-ply
    // rule or bare Kings does not stop a random walk).
    let mut end = start.clone();
    for (i, text) in texts.iter().enumerate() {
        if end.outcome().is_some() {
            positions.truncate(i + 1);
            break;
        }
        end.play(text).expect("a legal move");
    }
    texts.truncate(positions.len() - 1);
    let result = result_token(end.outcome());
    let mut tags = game_tags(&start);
    tags.push(("White".into(), "random \"seed\" \\ test".into()));
    tags.push(("Result".into(), result.into()));
    let record = Record {
        tags,
        first_mover: Some(start.side_to_move()),
        moves: texts.clone(),
        clocks: Vec::new(),
        result: result.to_string(),
        ..Default::default()
    };
    (record.to_text(), texts, positions)
}

fn read<G: Game>(game: G::Variant, text: &str) -> Replayed<G> {
    let (record, damage) = Record::parse(text);
    replay::<G>(game, &record, damage).expect("a record of this game")
}

/// Positions along a replay, to compare with the original game's.
fn positions_of<G: Game>(r: &Replayed<G>) -> Vec<String> {
    let mut pos = r.start.clone();
    let mut out = vec![pos.to_text()];
    for &m in &r.moves {
        pos.make(m);
        out.push(pos.to_text());
    }
    out
}

/// The byte offset just after each move's token in a record's text.
fn move_ends(text: &str, moves: &[String]) -> Vec<usize> {
    let body = text.find("\n\n").expect("tags end") + 2;
    let mut ends = Vec::new();
    let mut from = body;
    for m in moves {
        // Moves are whole tokens: find this one after the previous.
        let mut at = from;
        loop {
            let i = at + text[at..].find(m.as_str()).expect("the move is there");
            let before = text[..i].chars().last().is_none_or(char::is_whitespace);
            let after = text[i + m.len()..]
                .chars()
                .next()
                .is_none_or(char::is_whitespace);
            if before && after {
                ends.push(i + m.len());
                from = i + m.len();
                break;
            }
            at = i + 1;
        }
    }
    ends
}

fn check_round_trip<G: Game>(
    start: G,
    seed: u64,
    plies: usize,
    cut: prop::sample::Index,
    change: prop::sample::Index,
) -> Result<(), TestCaseError> {
    let game = start.variant();
    let (text, moves, positions) = random_record(start, seed, plies);
    // Saved and loaded: the same positions, the result, no damage.
    let whole = read::<G>(game, &text);
    prop_assert_eq!(&whole.damage, &None, "{}", text);
    prop_assert_eq!(positions_of(&whole), positions.clone());
    prop_assert!(whole.result.is_some());

    // Cut at any byte before the end of the result: everything before the
    // cut that is a whole move is loaded, and the damage is reported.
    let result_end = text.trim_end().len();
    let k = cut.index(result_end);
    let part = read::<G>(game, &text[..k]);
    let ends = move_ends(&text, &moves);
    let whole_moves = ends.iter().filter(|&&e| e < k).count();
    prop_assert!(
        part.damage.is_some(),
        "a cut at {} of {:?} not reported",
        k,
        text
    );
    prop_assert_eq!(
        part.moves.len(),
        whole_moves,
        "cut at {}: {:?}",
        k,
        &text[..k]
    );
    if whole_moves > 0 {
        // (A cut inside the tags may lose the FEN tag; then no move loads.)
        prop_assert_eq!(&positions_of(&part)[..], &positions[..=whole_moves]);
    }

    // One move changed to a text that is not a legal move there: loaded up
    // to it, and it is named.
    if !moves.is_empty() {
        let i = change.index(moves.len());
        let mut pos = whole.start.clone();
        for &m in &whole.moves[..i] {
            pos.make(m);
        }
        // Another move of the game, or a text no game reads.
        let other = moves[(i + 1) % moves.len()].clone();
        let bad = if other != moves[i] && pos.clone().parse_move(&other).is_err() {
            other
        } else {
            "q9q9".to_string()
        };
        let start = ends[i] - moves[i].len();
        let changed = format!("{}{}{}", &text[..start], bad, &text[ends[i]..]);
        let r = read::<G>(game, &changed);
        let damage = r.damage.clone().expect("the change is reported");
        prop_assert_eq!(damage.at_move.clone(), Some((i, bad.clone())));
        prop_assert_eq!(r.moves.len(), i);
        let shown = damage.to_string();
        let number = damage.move_number().expect("a move number");
        prop_assert!(shown.contains(&number) && shown.contains(&bad), "{}", shown);
        prop_assert_eq!(&positions_of(&r)[..], &positions[..=i]);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn chess_records(seed in any::<u64>(), fen in 0..common::PERFT_FENS.len(), cut in any::<prop::sample::Index>(), change in any::<prop::sample::Index>()) {
        // From the perft positions too: the FEN tag, Black to move.
        let mut start = Chess::from_text(common::PERFT_FENS[fen]).unwrap();
        if seed % 3 == 0 {
            start.set_option("hundred-ply", false).unwrap();
        }
        check_round_trip(start, seed, 80, cut, change)?;
    }

    #[test]
    fn ziggurat_records(seed in any::<u64>(), cut in any::<prop::sample::Index>(), change in any::<prop::sample::Index>()) {
        let mut start = Ziggurat::start();
        if seed % 2 == 0 {
            start.set_option("wide-promotion", true).unwrap();
        }
        check_round_trip(start, seed, 60, cut, change)?;
    }

    #[test]
    fn ziggurat43_records(seed in any::<u64>(), cut in any::<prop::sample::Index>(), change in any::<prop::sample::Index>()) {
        check_round_trip(Ziggurat43::start(), seed, 80, cut, change)?;
    }

    #[test]
    fn startrek_records(seed in any::<u64>(), cut in any::<prop::sample::Index>(), change in any::<prop::sample::Index>()) {
        check_round_trip(StarTrek::start(), seed, 80, cut, change)?;
    }

    #[test]
    fn elevator_records(seed in any::<u64>(), cut in any::<prop::sample::Index>(), change in any::<prop::sample::Index>()) {
        check_round_trip(Elevator::start(), seed, 80, cut, change)?;
    }

    #[test]
    fn polyhedron_records(seed in any::<u64>(), cut in any::<prop::sample::Index>(), change in any::<prop::sample::Index>()) {
        check_round_trip(Polyhedron::start(), seed, 60, cut, change)?;
    }
}

#[test]
fn a_record_of_another_game_is_refused() {
    let (text, _, _) = random_record(Chess::start(), 1, 4);
    let (record, damage) = Record::parse(&text);
    let err = replay::<Elevator>(Elevator::variant_of_type(), &record, damage).unwrap_err();
    assert!(err.contains("'chess', not 'elevator'"), "{err}");
}

#[test]
fn damage_names_the_move() {
    // Fool's mate with its last move changed to an illegal one.
    let text = "[Game \"chess\"]\n[Result \"0-1\"]\n\n1. f2f3 e7e5 2. g2g4 d8h5 0-1\n";
    let r = read::<Chess>(Chess::variant_of_type(), text);
    let d = r.damage.unwrap();
    // d8 to h5 is four files and three ranks: no line of a Queen's.
    assert_eq!(
        d.to_string(),
        "move 2... 'd8h5': illegal move 'd8h5': the Queen on d8 cannot go to h5"
    );
    assert_eq!(r.moves.len(), 3);
    // The right mate with the wrong result.
    let text = "[Game \"chess\"]\n\n1. f2f3 e7e5 2. g2g4 d8h4 1-0\n";
    let d = read::<Chess>(Chess::variant_of_type(), text)
        .damage
        .unwrap();
    assert_eq!(
        d.to_string(),
        "move 2... 'd8h4': the record says 1-0, but the game ended: checkmate, Black wins"
    );
    // Cut inside the last move: that move is not trusted.
    let text = "[Game \"chess\"]\n\n1. f2f3 e7e5 2. g2g4 d8h";
    let r = read::<Chess>(Chess::variant_of_type(), text);
    assert_eq!(r.moves.len(), 3);
    assert_eq!(
        r.damage.unwrap().to_string(),
        "line 3: move 2... 'd8h': the text ends inside this move, without a result: cut short?"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Any text: read without a panic; what replays is a game: its moves
    /// from its start reach its position, and without damage every move
    /// read was played.
    #[test]
    fn record_reader_never_panics(text in any::<String>()) {
        let (record, damage) = Record::parse(&text);
        if let Ok(r) = replay::<Elevator>(Elevator::variant_of_type(), &record, damage) {
            let _ = r.damage.as_ref().map(|d| d.to_string());
            let mut pos = r.start.clone();
            for &m in &r.moves {
                pos.make(m);
            }
            prop_assert_eq!(pos.hash(), r.position.hash());
            if r.damage.is_none() {
                prop_assert_eq!(r.moves.len(), record.moves.len());
            }
        }
    }

    /// A real record with one character put in anywhere: read without a
    /// panic; damage or not, the moves loaded are a legal game from its
    /// start, and they reach the position loaded.
    #[test]
    fn mutated_records_never_panic(seed in any::<u64>(), at in any::<prop::sample::Index>(), c in any::<char>()) {
        let (text, _, _) = random_record(StarTrek::start(), seed, 40);
        let mut chars: Vec<char> = text.chars().collect();
        let i = at.index(chars.len());
        chars.insert(i, c);
        let text: String = chars.into_iter().collect();
        let (record, damage) = Record::parse(&text);
        if let Ok(r) = replay::<StarTrek>(StarTrek::variant_of_type(), &record, damage) {
            let mut pos = r.start.clone();
            for &m in &r.moves {
                let mut legal = chess3d_core::MoveList::new();
                pos.legal_moves(&mut legal);
                prop_assert!(legal.contains(&m));
                pos.make(m);
            }
            prop_assert_eq!(pos.hash(), r.position.hash());
        }
    }
}
