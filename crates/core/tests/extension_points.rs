//! The core's extension points, exercised by "Skirmish", a small game that
//! exists only here. It has what the 3-D games need beyond chess:
//!
//! - dynamic geometry: level 1 is a 2×2 platform at the west (files a–b) or
//!   the east (files d–e), ranks 2–3; only its cells exist, and its owner
//!   may move it (`Lw-e`, `Le-w`) with its pieces when no enemy piece is on
//!   it (`MoveKind::Board`, game state); capturing the owner's last piece on
//!   it makes the capturer the owner (Star Trek's rule, via `after_make`);
//! - a capture without moving: the Archer shoots diagonally (data, `Shoot`);
//! - a push of several pieces: the Ox pushes the chain ahead one cell;
//!   pieces pushed off the board or off the platform are captured
//!   (`MoveKind::Push`);
//! - promotion from the captured-piece pool, compulsory (a Pawn cannot
//!   enter the last rank with an empty pool) or optional;
//! - no check: a captured King loses, a King on the temple 0c3 wins; a
//!   threefold repetition loses for the player who makes it;
//! - a variant with check, legality by make-and-test, and a special attack:
//!   an Ox attacks the cells orthogonally next to it, and a piece its push
//!   would drop (as Elevator's Ox does);
//! - a variant with check and straight-line legality (no pushes);
//! - a toy insufficient-material rule in variant 3: Kings and at most one
//!   Pawn.
//!
//! Cells are named level, file, rank: `0c3`, `1a2`.

use std::sync::OnceLock;

use chess3d_core::def::{
    About, Area, Block, BoardDef, Choices, Component, Drawing, GameDef, Mode, Notation, PawnDef,
    PieceDef, PromotionDef, RepetitionRule, StalemateRule, Zone,
};
use chess3d_core::geometry::{Labels, Naming};
use chess3d_core::perft::perft;
use chess3d_core::testing::check_position;
use chess3d_core::{
    BitSet, Bits, BuiltIn, Cell, Edit, GameState, Move, MoveKind, MoveList, Outcome, Pools,
    Position, Rules, Side, Sym, Tables, WinReason, V3,
};

const ORTHOGONAL: [V3; 4] = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0]];

/// No cell: a kind forbidden nowhere.
const NO_CELL: Zone = &[];

/// The last rank from each side's end (White 4, Black 0).
const LAST_RANK: Zone = &[Area::ranks(4, 4)];

static PIECES: [PieceDef; 5] = [
    PieceDef {
        royal: true,
        ..PieceDef::new(
            'K',
            "King",
            &[
                Component::leap([1, 0, 0], Sym::PermsXY),
                Component::leap([1, 1, 0], Sym::Signs),
                Component::leap([0, 0, 1], Sym::Signs),
            ],
        )
    },
    PieceDef::new(
        'A',
        "Archer",
        &[
            Component::leap([1, 0, 0], Sym::PermsXY).only(Mode::MoveOnly),
            Component::slide([1, 1, 0], Sym::Signs).only(Mode::Shoot),
        ],
    ),
    // The Ox steps to an empty cell (data) or pushes (special moves).
    PieceDef::new(
        'O',
        "Ox",
        &[Component::leap([1, 0, 0], Sym::PermsXY).only(Mode::MoveOnly)],
    ),
    PieceDef {
        resets_clock: true,
        promotes: true,
        pawn: Some(PawnDef {
            double_step: None,
            en_passant: false,
        }),
        forbidden: Some(NO_CELL),
        ..PieceDef::new(
            'P',
            "Pawn",
            &[
                Component::leap([0, 1, 0], Sym::Exact).only(Mode::MoveOnly),
                Component::leap([1, 1, 0], Sym::SignsX).only(Mode::CaptureOnly),
            ],
        )
    },
    PieceDef::new('R', "Rook", &[Component::slide([1, 0, 0], Sym::PermsXY)]),
];

/// Two levels of 5×5.
const BOARD: BoardDef = BoardDef::block(&[Block::new((0, 4), (0, 4), (0, 1))]);

const fn skirmish(id: &'static str, optional: bool, has_check: bool) -> GameDef {
    GameDef {
        id,
        name: "Skirmish",
        board: BOARD,
        naming: Naming {
            cell: "{level}{file}{rank}",
            files: Labels::Letters("abcde"),
            ranks: Labels::Numbers(1),
            levels: Labels::Numbers(0),
            spacing: 1,
            level_shift: 0,
        },
        black_mirror: [1, -1, 1],
        pieces: &PIECES,
        promotion: Some(PromotionDef {
            zone: LAST_RANK,
            choices: Choices::CapturedPool,
            optional: if optional { Some(LAST_RANK) } else { None },
            limits: &[],
            from_zone: false,
        }),
        castling: &[],
        options: &[],
        has_check,
        bare_kings_draw: has_check,
        hundred_ply_rule: true,
        temple: if has_check { None } else { Some("0c3") },
        royal_goal: None,
        shuffle: None,
        facing_lines: &[],
        stalemate: StalemateRule::Draw,
        checks_to_win: None,
        extinction: None,
        must_capture: false,
        several_royals: false,
        drops: false,
        gating: false,
        repetition: RepetitionRule::LossForMover,
        side_names: ["White", "Black"],
        side_letters: ['w', 'b'],
        notation: Notation::Seed,
        move_hint: "0a1-0a2, 0a1x0b2, 0a1@0c3, 0a1>0a2, Lw-e",
        start: "rao1k/p1p2/5/1P2P/K1OAR|5/5/5/R4/5 w - - 0 1 - west w",
        about: About {
            setup: "Two 5×5 levels and a platform.",
            goal: "Capture the King or reach the temple.",
            special: &[],
            kinds: &[],
        },
        drawing: Drawing::LEVELS,
    }
}

static SKIRMISH: GameDef = skirmish("skirmish", false, false);
static SKIRMISH_OPTIONAL: GameDef = skirmish("skirmish-optional", true, false);
static SKIRMISH_CHECK: GameDef = skirmish("skirmish-check", false, true);
static SKIRMISH_LINES: GameDef = skirmish("skirmish-lines", false, true);

/// The game's own state: where the platform stands, who owns it, and the
/// pools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct State {
    east: bool,
    black_owns: bool,
    pools: Pools,
}

impl State {
    fn owner(&self) -> Side {
        if self.black_owns {
            Side::Black
        } else {
            Side::White
        }
    }
}

impl GameState for State {
    fn pools(&self) -> Option<&Pools> {
        Some(&self.pools)
    }
    fn pools_mut(&mut self) -> Option<&mut Pools> {
        Some(&mut self.pools)
    }
}

const PLATFORM_KEY: u64 = 0x5bd1_e995_9e37_79b9;
const OWNER_KEY: u64 = 0x2545_f491_4f6c_dd1d;

/// The rules of Skirmish; `V` picks the variant: 0 plain, 1 optional
/// promotion, 2 check with pushes (make-and-test legality), 3 check without
/// pushes (straight-line legality).
struct Skirmish<const V: u8>;

type Plain = Position<Skirmish<0>>;
type Optional = Position<Skirmish<1>>;
type WithCheck = Position<Skirmish<2>>;
type Lines = Position<Skirmish<3>>;

fn cell<const V: u8>(name: &str) -> Cell {
    Skirmish::<V>::tables().geo.parse_cell(name).unwrap()
}

/// The platform's cells, lower-left first.
fn platform<const V: u8>(east: bool) -> [Cell; 4] {
    let x = if east { 3 } else { 0 };
    let geo = &Skirmish::<V>::tables().geo;
    [[x, 1], [x + 1, 1], [x, 2], [x + 1, 2]].map(|[x, y]| geo.cell_at([x, y, 1]).unwrap())
}

/// The cell `v` away from `c` if it exists now.
fn step<const V: u8>(pos: &Position<Skirmish<V>>, c: Cell, v: V3) -> Option<Cell> {
    pos.tables()
        .geo
        .offset(c, v)
        .filter(|&n| Skirmish::<V>::present(pos).contains(n))
}

impl<const V: u8> Rules for Skirmish<V> {
    type Bits = Bits<1>;
    type State = State;
    const LINE_ATTACKS: bool = V != 2;
    const SPECIAL_MOVES: bool = true;

    fn present(pos: &Position<Self>) -> Bits<1> {
        let mut cells = Bits([(1 << 25) - 1]); // level 0
        for c in platform::<V>(pos.state().east) {
            cells.insert(c);
        }
        cells
    }

    fn special_moves(pos: &Position<Self>, out: &mut MoveList) {
        let us = pos.side_to_move();
        let east = pos.state().east;
        let on_platform = platform::<V>(east).map(|c| pos.piece_at(c));
        let theirs = on_platform.iter().any(|p| !p.is_empty() && p.side() != us);
        if pos.state().owner() == us && !theirs {
            out.push(Move::new(
                platform::<V>(east)[0],
                platform::<V>(!east)[0],
                MoveKind::Board,
            ));
        }
        if V == 3 {
            return; // no pushes where legality is by straight lines
        }
        let ox = pos.tables().kind_by_letter('O').unwrap();
        for from in (pos.kind_cells(ox) & pos.side_cells(us)).iter() {
            for (i, v) in ORTHOGONAL.iter().enumerate() {
                let Some(first) = step(pos, from, *v).filter(|&c| !pos.piece_at(c).is_empty())
                else {
                    continue;
                };
                let mut chain_has_ox = false;
                let mut c = Some(first);
                while let Some(cur) = c.filter(|&cur| !pos.piece_at(cur).is_empty()) {
                    chain_has_ox |= pos.piece_at(cur).kind() == ox;
                    c = step(pos, cur, *v);
                }
                if !chain_has_ox {
                    out.push(Move {
                        extra: i as u8,
                        ..Move::new(from, first, MoveKind::Push)
                    });
                }
            }
        }
    }

    fn make_special(edit: &mut Edit<'_, Self>, m: Move) -> bool {
        match m.kind {
            MoveKind::Board => {
                let east = edit.position().state().east;
                let (old, new) = (platform::<V>(east), platform::<V>(!east));
                // Lift every rider first, then set each down at its place on
                // the board's new position.
                let mut riders = Vec::new();
                for (i, &c) in old.iter().enumerate() {
                    if !edit.position().piece_at(c).is_empty() {
                        riders.push((i, edit.take(c)));
                    }
                }
                for (i, piece) in riders {
                    edit.put(new[i], piece);
                }
                edit.state_mut().east = !east;
                edit.xor_hash(PLATFORM_KEY);
                false
            }
            MoveKind::Push => {
                let v = ORTHOGONAL[m.extra as usize];
                let mut chain = vec![m.to];
                while let Some(next) = step(edit.position(), *chain.last().unwrap(), v) {
                    if edit.position().piece_at(next).is_empty() {
                        break;
                    }
                    chain.push(next);
                }
                // The far end first: each piece moves into the cell its
                // neighbour just left, or falls off and is captured.
                for &c in chain.iter().rev() {
                    match step(edit.position(), c, v) {
                        Some(dest) => {
                            let p = edit.take(c);
                            edit.put(dest, p);
                        }
                        None => {
                            edit.capture(c);
                        }
                    }
                }
                let ox = edit.take(m.from);
                edit.put(m.to, ox);
                false
            }
            _ => unreachable!(),
        }
    }

    fn after_make(edit: &mut Edit<'_, Self>, m: Move, captured: chess3d_core::Piece) {
        let state = *edit.position().state();
        let owner = state.owner();
        let platform = platform::<V>(state.east);
        if captured.is_empty() || captured.side() != owner || !platform.contains(&m.to) {
            return;
        }
        let pos = edit.position();
        let owner_left = platform.iter().any(|&c| {
            let p = pos.piece_at(c);
            !p.is_empty() && p.side() == owner
        });
        if !owner_left {
            edit.state_mut().black_owns = !state.black_owns;
            edit.xor_hash(OWNER_KEY);
        }
    }

    fn insufficient_material(pos: &Position<Self>) -> bool {
        if V != 3 {
            return false;
        }
        let pawn = pos.tables().kind_by_letter('P').unwrap();
        let others = pos.occupied().count() - 2;
        others == 0 || (others == 1 && pos.kind_cells(pawn).count() == 1)
    }

    fn special_attack(
        pos: &Position<Self>,
        cell: Cell,
        by: Side,
        occupied: Bits<1>,
        removed: Bits<1>,
    ) -> bool {
        if V != 2 {
            return false;
        }
        let ox = pos.tables().kind_by_letter('O').unwrap();
        // The occupancy given, not the board's: a King's move is tested so.
        let oxen = pos.kind_cells(ox) & !removed;
        let is_ox = |c: Cell| (oxen & pos.side_cells(by)).contains(c);
        let next_to_ox = ORTHOGONAL
            .iter()
            .any(|v| step(pos, cell, *v).is_some_and(is_ox));
        // Dropped by a push: `cell` ends a chain of non-Oxen that starts next
        // to one of `by`'s Oxen, and nothing exists beyond it.
        let dropped = ORTHOGONAL.iter().any(|v| {
            if step(pos, cell, *v).is_some() {
                return false;
            }
            let back = [-v[0], -v[1], -v[2]];
            let mut c = cell;
            loop {
                if !occupied.contains(c) || oxen.contains(c) {
                    return false;
                }
                match step(pos, c, back) {
                    Some(prev) if is_ox(prev) => return true,
                    Some(prev) => c = prev,
                    None => return false,
                }
            }
        });
        next_to_ox || dropped
    }

    fn special_move_text(pos: &Position<Self>, m: Move) -> String {
        match m.kind {
            MoveKind::Board if pos.state().east => "Le-w".to_string(),
            MoveKind::Board => "Lw-e".to_string(),
            _ => {
                let geo = &pos.tables().geo;
                format!("{}>{}", geo.name(m.from), geo.name(m.to))
            }
        }
    }

    fn state_hash(pos: &Position<Self>) -> u64 {
        let s = pos.state();
        (if s.east { PLATFORM_KEY } else { 0 }) ^ (if s.black_owns { OWNER_KEY } else { 0 })
    }

    fn write_state(pos: &Position<Self>) -> Vec<String> {
        let s = pos.state();
        vec![
            if s.east { "east" } else { "west" }.to_string(),
            if s.black_owns { "b" } else { "w" }.to_string(),
        ]
    }

    fn read_state(
        pos: &mut Position<Self>,
        fields: &[&str],
    ) -> Result<(), chess3d_core::PositionError> {
        use chess3d_core::PositionError;
        let (place, owner) = match fields {
            [] => ("west", "w"),
            [place] => (*place, "w"),
            [place, owner] => (*place, *owner),
            [_, _, extra, ..] => {
                return Err(PositionError::new(
                    "after the last field",
                    format!("unexpected '{extra}'"),
                ))
            }
        };
        pos.state_mut().east = match place {
            "west" => false,
            "east" => true,
            other => {
                return Err(PositionError::new(
                    "platform",
                    format!("'{other}' is not 'west' or 'east'"),
                ))
            }
        };
        pos.state_mut().black_owns = match owner {
            "w" => false,
            "b" => true,
            other => {
                return Err(PositionError::new(
                    "platform owner",
                    format!("'{other}' is not 'w' or 'b'"),
                ))
            }
        };
        Ok(())
    }
}

impl<const V: u8> BuiltIn for Skirmish<V> {
    fn tables() -> &'static Tables<Bits<1>> {
        static T: [OnceLock<Tables<Bits<1>>>; 4] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        let def = [
            &SKIRMISH,
            &SKIRMISH_OPTIONAL,
            &SKIRMISH_CHECK,
            &SKIRMISH_LINES,
        ][V as usize];
        T[V as usize].get_or_init(|| Tables::build(def))
    }
}

fn moves<R: Rules>(pos: &Position<R>) -> Vec<String> {
    let mut p = pos.clone();
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

fn moves_from<R: Rules>(pos: &Position<R>, from: &str) -> Vec<String> {
    moves(pos)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

/// Plays and takes back `text`, checking the position in between with
/// `during`, and that unmake restores the position exactly.
fn try_move<R: Rules>(pos: &mut Position<R>, text: &str, during: impl FnOnce(&mut Position<R>)) {
    let before = pos.clone();
    pos.play(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(pos.hash(), pos.fresh_hash(), "hash after {text}");
    during(pos);
    pos.unmake();
    assert_eq!(*pos, before, "unmake of {text}");
}

const EMPTY_TOP: &str = "5/5/5/5/5";

#[test]
fn the_start_position_reads_and_prints_back() {
    let start = Plain::start();
    assert_eq!(start.to_text(), SKIRMISH.start);
    // The platform at the west: 1a2 exists, 1d2 does not.
    let present = Skirmish::<0>::present(&start);
    assert!(present.contains(cell::<0>("1a2")) && !present.contains(cell::<0>("1d2")));
}

#[test]
fn a_piece_on_a_missing_cell_is_refused() {
    let e = Plain::from_text("4k/5/5/5/K4|5/5/5/3R1/5 w - - 0 1 - west").unwrap_err();
    assert!(e.to_string().contains("1d2"), "{e}");
    assert!(Plain::from_text("4k/5/5/5/K4|5/5/5/3R1/5 w - - 0 1 - east").is_ok());
}

#[test]
fn missing_cells_end_slides_and_cannot_be_entered() {
    // A Rook on 1a2 with the platform west: +x reaches 1b2, then 1c2 does
    // not exist; +y reaches 1a3, then 1a4 does not exist; -x and -y leave
    // the platform at once. Two moves.
    let pos = Plain::from_text("4k/5/5/5/K4|5/5/5/R4/5 w - - 0 1 - west").unwrap();
    assert_eq!(moves_from(&pos, "1a2-"), ["1a2-1a3", "1a2-1b2"]);
}

#[test]
fn moving_the_platform_carries_its_pieces() {
    let mut pos = Plain::from_text("4k/5/5/5/K4|5/5/5/R4/5 w - - 0 1 - west").unwrap();
    assert!(moves(&pos).contains(&"Lw-e".to_string()));
    try_move(&mut pos, "Lw-e", |p| {
        // The Rook rode from the lower-left corner 1a2 to 1d2.
        assert_eq!(p.to_text(), "4k/5/5/5/K4|5/5/5/3R1/5 b - - 1 1 - east w");
        assert!(Skirmish::<0>::present(p).contains(cell::<0>("1e3")));
    });
    // With an enemy piece aboard it cannot move, nor can anyone but its owner.
    let shared = Plain::from_text("4k/5/5/5/K4|5/5/5/Rr3/5 w - - 0 1 - west").unwrap();
    assert!(!moves(&shared).contains(&"Lw-e".to_string()));
    let not_mine = Plain::from_text("4k/5/5/5/K4|5/5/5/R4/5 w - - 0 1 - west b").unwrap();
    assert!(!moves(&not_mine).contains(&"Lw-e".to_string()));
}

#[test]
fn capturing_the_owners_last_piece_on_the_platform_takes_it_over() {
    // White owns the platform; its only piece there, the Rook on 1a2, is
    // taken by the Black Rook from 1b2. The Rook enters White's pool and
    // the platform passes to Black.
    let mut pos = Plain::from_text("4k/5/5/5/K4|5/5/5/Rr3/5 b - - 0 1 - west w").unwrap();
    try_move(&mut pos, "1b2x1a2", |p| {
        assert_eq!(p.to_text(), "4k/5/5/5/K4|5/5/5/r4/5 w - - 0 2 R west b");
    });
    // With a second White piece aboard (a Pawn on 1a3), White keeps it.
    let mut two = Plain::from_text("4k/5/5/P4/K4|5/5/P4/Rr3/5 b - - 0 1 - west w").unwrap();
    try_move(&mut two, "1b2x1a2", |p| {
        assert!(p.to_text().ends_with("R west w"), "{}", p.to_text())
    });
}

#[test]
fn an_archer_shoots_without_moving() {
    // Archer 0c3; the diagonal c3-d4-e5 ends at the Black Rook on 0e5.
    let mut pos =
        Plain::from_text(&format!("r3k/5/2A2/5/K4|{EMPTY_TOP} w - - 0 1 - west")).unwrap();
    // Its four diagonals: c3-d4-e5 ends at the Black King and c3-b4-a5 at
    // the Black Rook (two shots); c3-b2-a1 at White's own King (blocked);
    // c3-d2-e1 is empty.
    let shots: Vec<String> = moves(&pos)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(shots, ["0c3@0a5", "0c3@0e5"]);
    try_move(&mut pos, "0c3@0e5", |p| {
        // The Archer stays on c3; the King is gone (and enters no pool).
        assert_eq!(p.to_text(), "r4/5/2A2/5/K4|5/5/5/5/5 b - - 0 1 - west w");
        assert_eq!(
            p.immediate_result(),
            Some(Outcome::Win {
                winner: Side::White,
                reason: WinReason::RoyalCaptured
            })
        );
    });
    // A friendly piece first on the diagonal blocks the shot.
    let blocked =
        Plain::from_text(&format!("r3k/1P3/2A2/5/K4|{EMPTY_TOP} w - - 0 1 - west")).unwrap();
    assert!(!moves(&blocked).iter().any(|m| m.starts_with("0c3@0a5")));
}

#[test]
fn a_shot_puts_the_captured_piece_in_its_owners_pool() {
    // Archer 0c3 shoots the Black Rook on 0a5: Black's pool gains an r.
    let mut pos =
        Plain::from_text(&format!("r3k/5/2A2/5/K4|{EMPTY_TOP} w - - 0 1 - west")).unwrap();
    try_move(&mut pos, "0c3@0a5", |p| {
        assert_eq!(p.to_text(), "4k/5/2A2/5/K4|5/5/5/5/5 b - - 0 1 r west w");
    });
}

#[test]
fn an_ox_pushes_the_chain_and_pieces_fall_off() {
    // Rank 3: Ox b3, Pawn c3, Black Archer d3, Black Rook e3. Pushing east
    // moves each piece one file on; the Rook on e3 falls off the board and
    // enters Black's pool.
    let mut pos =
        Plain::from_text(&format!("4k/5/1OPar/5/K4|{EMPTY_TOP} w - - 0 1 - west")).unwrap();
    assert!(moves(&pos).contains(&"0b3>0c3".to_string()));
    try_move(&mut pos, "0b3>0c3", |p| {
        assert_eq!(p.to_text(), "4k/5/2OPa/5/K4|5/5/5/5/5 b - - 0 1 r west w");
    });
    // A chain with an Ox in it cannot be pushed.
    let stuck = Plain::from_text(&format!("4k/5/1OPo1/5/K4|{EMPTY_TOP} w - - 0 1 - west")).unwrap();
    assert!(!moves(&stuck).contains(&"0b3>0c3".to_string()));
}

#[test]
fn a_push_off_the_platform_captures() {
    // Ox on 1a2 pushes the Black Pawn on 1b2 east: 1c2 does not exist, so
    // the Pawn falls and is captured. Pawns are nothing to promote to, so
    // it enters no pool; a Rook pushed off enters Black's.
    let mut pos = Plain::from_text("4k/5/5/5/K4|5/5/5/Op3/5 w - - 0 1 - west").unwrap();
    try_move(&mut pos, "1a2>1b2", |p| {
        assert_eq!(p.to_text(), "4k/5/5/5/K4|5/5/5/1O3/5 b - - 0 1 - west w");
    });
    let mut pos = Plain::from_text("4k/5/5/5/K4|5/5/5/Or3/5 w - - 0 1 - west").unwrap();
    try_move(&mut pos, "1a2>1b2", |p| {
        assert_eq!(p.to_text(), "4k/5/5/5/K4|5/5/5/1O3/5 b - - 0 1 r west w");
    });
}

#[test]
fn compulsory_promotion_needs_a_piece_in_the_pool() {
    // Pawn on 0b4, one step from the last rank.
    let empty = Plain::from_text(&format!("4k/1P3/5/5/K4|{EMPTY_TOP} w - - 0 1 - west")).unwrap();
    assert_eq!(moves_from(&empty, "0b4"), Vec::<String>::new());
    let mut with_rook =
        Plain::from_text(&format!("4k/1P3/5/5/K4|{EMPTY_TOP} w - - 0 1 RA west")).unwrap();
    assert_eq!(moves_from(&with_rook, "0b4"), ["0b4-0b5=A", "0b4-0b5=R"]);
    try_move(&mut with_rook, "0b4-0b5=R", |p| {
        assert_eq!(p.to_text(), "1R2k/5/5/5/K4|5/5/5/5/5 b - - 0 1 A west w");
    });
}

#[test]
fn optional_promotion_also_allows_staying_a_pawn() {
    let empty =
        Optional::from_text(&format!("4k/1P3/5/5/K4|{EMPTY_TOP} w - - 0 1 - west")).unwrap();
    assert_eq!(moves_from(&empty, "0b4"), ["0b4-0b5"]);
    let pooled =
        Optional::from_text(&format!("4k/1P3/5/5/K4|{EMPTY_TOP} w - - 0 1 R west")).unwrap();
    assert_eq!(moves_from(&pooled, "0b4"), ["0b4-0b5", "0b4-0b5=R"]);
}

#[test]
fn the_temple_wins_and_ends_perft() {
    // White King 0b2 steps onto the temple 0c3.
    let mut pos = Plain::from_text(&format!("4k/5/5/1K3/5|{EMPTY_TOP} w - - 0 1 - west")).unwrap();
    try_move(&mut pos, "0b2-0c3", |p| {
        assert_eq!(
            p.immediate_result(),
            Some(Outcome::Win {
                winner: Side::White,
                reason: WinReason::TempleReached
            })
        );
        assert_eq!(perft(p, 1), 0);
    });
    // Perft counts the winning move as a leaf and nothing below it. From
    // here White has 10 moves: the King on 0b2 to its 8 planar neighbours
    // (all on the board) and up to 1b2 on the platform, and the move of the
    // empty platform White owns.
    assert_eq!(perft(&mut pos, 1), 10);
}

#[test]
fn moving_into_attack_is_legal_without_check() {
    // The Black Rook on 0a5 attacks the a-file; the White King on 0b1 may
    // still step to 0a1 and 0a2.
    let pos = Plain::from_text(&format!("r3k/5/5/5/1K3|{EMPTY_TOP} w - - 0 1 - west")).unwrap();
    let king = moves_from(&pos, "0b1");
    assert!(king.contains(&"0b1-0a1".to_string()) && king.contains(&"0b1-0a2".to_string()));
}

#[test]
fn threefold_repetition_loses_for_the_mover() {
    let mut pos = Plain::from_text(&format!("4k/5/5/5/K4|{EMPTY_TOP} w - - 0 1 - west")).unwrap();
    for m in [
        "0a1-0b1", "0e5-0d5", "0b1-0a1", "0d5-0e5", "0a1-0b1", "0e5-0d5", "0b1-0a1",
    ] {
        pos.play(m).unwrap();
        assert_eq!(pos.outcome(), None, "after {m}");
    }
    // Black's next move makes the start position's third occurrence.
    pos.play("0d5-0e5").unwrap();
    assert_eq!(pos.repetitions(), 3);
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Repetition
        })
    );
}

#[test]
fn with_check_a_special_attack_restricts_the_king() {
    // White Ox on 0c3 attacks b3, d3, c2, c4 (special attack). Black King
    // on 0c5 may go to b5, d5, b4, d4, but not c4; 1-level cells above c5
    // do not exist.
    let pos =
        WithCheck::from_text(&format!("2k2/5/2O2/5/K4|{EMPTY_TOP} b - - 0 1 - west")).unwrap();
    assert_eq!(
        moves_from(&pos, "0c5"),
        ["0c5-0b4", "0c5-0b5", "0c5-0d4", "0c5-0d5"]
    );
    let check =
        WithCheck::from_text(&format!("5/2k2/2O2/5/K4|{EMPTY_TOP} b - - 0 1 - west")).unwrap();
    assert!(check.in_check());
    // And the side not to move may not be in check.
    assert!(WithCheck::from_text(&format!("5/2k2/2O2/5/K4|{EMPTY_TOP} w - - 0 1 - west")).is_err());
    // Ox a3 and a chain of three Pawns b3-d3 ending with the Black King on
    // e3, at the board's edge: a push would drop the King, so it is check.
    let dropped =
        WithCheck::from_text(&format!("5/5/OPPPk/5/K4|{EMPTY_TOP} b - - 0 1 - west")).unwrap();
    assert!(dropped.in_check());
    // With a gap in the chain the push moves the King but cannot drop it.
    let safe =
        WithCheck::from_text(&format!("5/5/OPP1k/5/K4|{EMPTY_TOP} b - - 0 1 - west")).unwrap();
    assert!(!safe.in_check());
}

#[test]
fn a_shot_that_opens_a_line_to_the_own_king_is_illegal() {
    // White King a1, Archer b2; the Black Pawn on a3 shields a1 from the
    // Black Rook on a5. Shooting the Pawn would open the a-file: illegal
    // with check. Without the Rook the same shot is legal; without check
    // (the plain variant) it is legal anyway.
    let text = format!("r4/5/p4/1A3/K3k|{EMPTY_TOP} w - - 0 1 - west");
    let shots = |m: Vec<String>| {
        m.into_iter()
            .filter(|m| m.contains('@'))
            .collect::<Vec<_>>()
    };
    assert!(shots(moves(&Lines::from_text(&text).unwrap())).is_empty());
    let no_rook = format!("5/5/p4/1A3/K3k|{EMPTY_TOP} w - - 0 1 - west");
    assert_eq!(
        shots(moves(&Lines::from_text(&no_rook).unwrap())),
        ["0b2@0a3"]
    );
    assert_eq!(shots(moves(&Plain::from_text(&text).unwrap())), ["0b2@0a3"]);
}

#[test]
fn a_games_own_insufficient_material_rule_draws() {
    // Skirmish's toy rule: Kings and at most one Pawn cannot win.
    let mut pos = Lines::from_text(&format!("4k/5/5/1P3/K4|{EMPTY_TOP} w - - 0 1 - west")).unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw(
            chess3d_core::DrawReason::InsufficientMaterial
        ))
    );
    let mut more =
        Lines::from_text(&format!("4k/5/5/1PP2/K4|{EMPTY_TOP} w - - 0 1 - west")).unwrap();
    assert_eq!(more.outcome(), None);
}

#[test]
fn with_check_a_move_that_loses_the_own_king_is_illegal() {
    // White's Ox on a3 could push the chain b3-c3-d3-e3, dropping White's
    // own King from e3: not a legal move.
    let pos =
        WithCheck::from_text(&format!("k4/5/OPPPK/5/5|{EMPTY_TOP} w - - 0 1 - west")).unwrap();
    assert!(!moves(&pos).contains(&"0a3>0b3".to_string()));
}

/// Plays seeded random games from the start, checking every position;
/// returns the positions checked and how many platform moves, pushes,
/// shots and promotions were played.
fn random_games<R: BuiltIn>(games: u64) -> (usize, [usize; 4]) {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let mut positions = 0;
    let mut played = [0; 4];
    for seed in 0..games {
        let mut pos = Position::<R>::start();
        for ply in 0..80u64 {
            if let Err(e) = check_position(&mut pos) {
                panic!("seed {seed} ply {ply}: {}: {e}", pos.to_text());
            }
            positions += 1;
            if pos.immediate_result().is_some() {
                break;
            }
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let mut h = DefaultHasher::new();
            (seed, ply).hash(&mut h);
            // Prefer the special moves, which are what this test is about.
            let special: Vec<Move> = list
                .iter()
                .copied()
                .filter(|m| m.kind != MoveKind::Normal || m.promotion.is_some())
                .collect();
            let r = h.finish() as usize;
            let m = if !special.is_empty() && r.is_multiple_of(2) {
                special[(r / 2) % special.len()]
            } else {
                list[(r / 2) % list.len()]
            };
            played[0] += (m.kind == MoveKind::Board) as usize;
            played[1] += (m.kind == MoveKind::Push) as usize;
            played[2] += (m.kind == MoveKind::Shot) as usize;
            played[3] += m.promotion.is_some() as usize;
            pos.make(m);
        }
        while pos.unmake().is_some() {}
        assert_eq!(
            pos,
            Position::<R>::start(),
            "seed {seed}: back to the start"
        );
    }
    (positions, played)
}

#[test]
fn invariants_hold_along_random_games_of_every_variant() {
    for (name, (positions, played)) in [
        ("plain", random_games::<Skirmish<0>>(300)),
        ("optional", random_games::<Skirmish<1>>(100)),
        ("check", random_games::<Skirmish<2>>(100)),
        ("lines", random_games::<Skirmish<3>>(100)),
    ] {
        println!(
            "{name}: {positions} positions; platform moves, pushes, shots, promotions: {played:?}"
        );
        assert!(positions > 1000, "{name}: {positions} positions");
        // Variant 3 has no pushes; everything else is played in every variant.
        let expected_pushes = name != "lines";
        assert_eq!(played[1] > 0, expected_pushes, "{name}: {played:?}");
        assert!(
            [played[0], played[2], played[3]].iter().all(|&n| n > 0),
            "{name}: {played:?}"
        );
    }
}
