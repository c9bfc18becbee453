//! Moves, boards and cells in a player's words, for every interface: the
//! web page's scene (its move menu and cell labels) and the terminal (its
//! status line and its question when several moves end on one square).

use chess3d_core::geometry::Naming;
use chess3d_core::{BitSet, Cell, Kind, Move, MoveKind, Piece, Position, Rules, Side, V3};

/// A piece's name (`Knight`), or nothing for an empty square.
fn piece_name<R: Rules>(pos: &Position<R>, piece: Piece) -> &'static str {
    if piece.is_empty() {
        ""
    } else {
        pos.tables().def.pieces[piece.kind() as usize].name
    }
}

/// A move in a player's words, from what it does to the board. `legal` is
/// every legal move, so that a move can be told from the others between
/// the same two cells (a leap from a push, no promotion from one).
pub fn move_words<R: Rules>(pos: &Position<R>, m: Move, legal: &[Move]) -> String {
    let geo = &pos.tables().geo;
    let (from, to) = (geo.name(m.from), geo.name(m.to));
    let mover = piece_name(pos, pos.piece_at(m.from));
    let target = piece_name(pos, pos.piece_at(m.to));
    let promotion = |m: Move| {
        m.promotion
            .map(|k| pos.tables().def.pieces[k as usize].name)
    };
    let mut s = match m.kind {
        MoveKind::Board => R::special_move_words(pos, m)
            .unwrap_or_else(|| format!("the board from {from} to {to}, with its pieces")),
        MoveKind::Castle => {
            let text = pos.tables().castling.rules[m.extra as usize].text;
            match text {
                "O-O" => "castle on the King's side".to_string(),
                "O-O-O" => "castle on the Queen's side".to_string(),
                other => format!("castle ({other})"),
            }
        }
        MoveKind::Drop => format!(
            "{} from the hand to {to}",
            pos.tables().def.pieces[m.extra as usize].name
        ),
        MoveKind::Shot => format!("{mover} on {from} shoots the {target} on {to}"),
        MoveKind::EnPassant => format!("{mover} takes en passant, to {to}"),
        MoveKind::DoubleStep => format!("{mover} two squares to {to}"),
        MoveKind::Push => push_words(pos, m, mover),
        MoveKind::Normal if target.is_empty() => {
            let pushes_too = legal
                .iter()
                .any(|n| n.kind == MoveKind::Push && n.from == m.from && n.to == m.to);
            if pushes_too {
                format!("{mover} leaps to {to}, pushing nothing")
            } else {
                format!("{mover} to {to}")
            }
        }
        MoveKind::Normal => format!("{mover} takes the {target} on {to}"),
    };
    // The piece gated on the cell left (Seirawan chess).
    if let Some((k, cell)) = pos.tables().gate_of(m) {
        s += &format!(
            ", gating the {} on {}",
            pos.tables().def.pieces[k as usize].name,
            geo.name(cell)
        );
    } else if legal
        .iter()
        .any(|n| n.from == m.from && n.to == m.to && pos.tables().gate_of(*n).is_some())
    {
        s += ", gating nothing";
    }
    if m.kind != MoveKind::Board {
        match promotion(m) {
            Some(k) => s += &format!(", promoting to {k}"),
            None => {
                let others_promote = legal.iter().any(|n| {
                    n.from == m.from && n.to == m.to && n.kind == m.kind && n.promotion.is_some()
                });
                if others_promote {
                    s += &format!(", staying a {mover}");
                }
            }
        }
    }
    s
}

/// An Ox's push: where each pushed piece goes, and which fall.
fn push_words<R: Rules>(pos: &Position<R>, m: Move, mover: &str) -> String {
    let geo = &pos.tables().geo;
    let mut after = pos.clone();
    after.make(m);
    let mut parts = Vec::new();
    // A pushed piece is on a cell whose piece changed, other than the
    // pusher's own two cells.
    for cell in geo.cells() {
        let is = after.piece_at(cell);
        if cell != m.from && cell != m.to && !is.is_empty() && is != pos.piece_at(cell) {
            parts.push(format!(
                "the {} goes to {}",
                piece_name(pos, is),
                geo.name(cell)
            ));
        }
    }
    // A piece that falls is one fewer of its kind and side on the board.
    let count =
        |p: &Position<R>, piece: Piece| geo.cells().filter(|&c| p.piece_at(c) == piece).count();
    let def = pos.tables().def;
    for side in Side::BOTH {
        for kind in 0..def.pieces.len() {
            let piece = Piece::new(side, kind as Kind);
            for _ in count(&after, piece)..count(pos, piece) {
                let name = def.side_names[side.index()];
                parts.push(format!("the {name} {} falls", piece_name(pos, piece)));
            }
        }
    }
    let to = geo.name(m.to);
    if parts.is_empty() {
        format!("{mover} pushes to {to}")
    } else {
        format!("{mover} pushes to {to}: {}", parts.join(", "))
    }
}

/// The cells a board or elevator move leaves and lands on: what exists
/// before and after it.
pub fn board_cells<R: Rules>(pos: &Position<R>, m: Move) -> (Vec<Cell>, Vec<Cell>) {
    let before = R::present(pos);
    let mut after = pos.clone();
    after.make(m);
    let after = R::present(&after);
    (
        (before & !after).iter().collect(),
        (after & !before).iter().collect(),
    )
}

/// `2c1 (level 2, file c, rank 1)`.
pub fn cell_label(naming: &Naming, name: &str, [x, y, z]: V3) -> String {
    let level = naming.level(z);
    let level = if level.is_empty() {
        String::new()
    } else {
        format!("level {level}, ")
    };
    format!(
        "{name} ({level}file {}, rank {})",
        naming.file(z, x),
        naming.row(z, y)
    )
}

/// A cell with its level, file and rank spelled out.
pub fn cell_words<R: Rules>(pos: &Position<R>, cell: Cell) -> String {
    let geo = &pos.tables().geo;
    cell_label(&pos.tables().def.naming, geo.name(cell), geo.coord(cell))
}

/// A move among several to one square, told from the others in a few
/// words: `promote to Queen (e8=Q)`, `leap (O2a3)`, `push the pieces ahead
/// (O2a3>)`, `move the board (Lb1(2)-b3(4))`; else its label alone.
pub fn choice_words<R: Rules>(pos: &Position<R>, m: Move, all: &[Move]) -> String {
    let mut pos = pos.clone();
    let label = pos.move_label(m);
    let t = pos.tables();
    let what = if let Some(k) = m.promotion {
        format!("promote to {}", t.kinds[k as usize].def.name)
    } else {
        match m.kind {
            MoveKind::Push => "push the pieces ahead".to_string(),
            MoveKind::Board => "move the board".to_string(),
            MoveKind::Shot => "shoot".to_string(),
            MoveKind::Castle => "castle".to_string(),
            _ if all.iter().any(|o| o.kind == MoveKind::Push) => "leap".to_string(),
            _ => return label,
        }
    };
    format!("{what} ({label})")
}
