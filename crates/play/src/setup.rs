//! A position as a command sets it up: game options, a position string or
//! the start, then moves (`chess3d perft`, `play`, `match`, and UCI's
//! `position` command): in canonical notation, or as players type them
//! (SAN for chess; `Position::read_move`).

use anyhow::{anyhow, bail, Context, Result};
use chess3d_core::{Game, GameVariant, Variant};
use chess3d_engine::eval::{tables_from_file, tables_with_network, EvalTables};
use chess3d_engine::Evaluate;

/// A game's evaluation weights read from a weights file (`chess3d tune`'s
/// output): `chess3d match`'s `engine:weights=FILE` and UCI's `Weights`.
/// A file ending in `.net` is a network (`chess3d train`'s output), which
/// then evaluates with the game's own weights beside it; any other file
/// is a weights file, which evaluates without a network.
pub fn load_weights<R: Evaluate>(
    game: Variant<R>,
    path: &str,
) -> Result<&'static EvalTables<R::Bits>> {
    if path.ends_with(".net") {
        let bytes =
            std::fs::read(path).with_context(|| format!("cannot read network file {path}"))?;
        return tables_with_network(game, &bytes).map_err(|e| anyhow!("network file {path}: {e}"));
    }
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read weights file {path}"))?;
    tables_from_file(game, &text).map_err(|e| anyhow!("weights file {path}: {e}"))
}

/// A position of `game` from options (`NAME`, `NAME=on`, `NAME=off`), a position
/// string or the start, and moves (canonical, SAN or short forms). Errors name the
/// option or the move (`label` first: "--moves, move 3 ('e2e5'): ...").
pub fn build_position<G: Game>(
    game: G::Variant,
    options: &[String],
    fen: Option<&str>,
    moves: &[&str],
    label: &str,
) -> Result<G> {
    // The options first: a position string is read under them.
    let mut pos = game.start();
    for option in options {
        let (name, on) = match option.split_once('=') {
            None => (option.as_str(), true),
            Some((name, "on")) => (name, true),
            Some((name, "off")) => (name, false),
            Some((_, value)) => bail!(
                "--option {}: '{}' is not 'on' or 'off'",
                option.escape_debug(),
                value.escape_debug()
            ),
        };
        pos.set_option(name, on)
            .with_context(|| format!("--option {}", option.escape_debug()))?;
    }
    if let Some(text) = fen {
        pos = game.position_with(text, pos.options())?;
    }
    for (i, text) in moves.iter().enumerate() {
        if let Some(end) = pos.outcome() {
            bail!(
                "{label}move {} ('{}'): the game is over ({})",
                i + 1,
                text.escape_debug(),
                end.describe(game.side_names())
            );
        }
        let m = pos
            .read_move(text)
            .with_context(|| format!("{label}move {} ('{}')", i + 1, text.escape_debug()))?;
        pos.make(m);
    }
    Ok(pos)
}
