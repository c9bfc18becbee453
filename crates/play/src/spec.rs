//! Players as the command line writes them: the engine with its
//! settings, a random mover, a greedy capture-first player, or another
//! program speaking UCI. `chess3d match` takes all of them; the seats of a
//! game being played take the engine forms.

use anyhow::{anyhow, bail, Result};
use chess3d_engine::Config;

/// A player as written on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    Engine {
        config: Config,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<u64>,
        /// A weights file to evaluate with instead of the game's own (a
        /// fit to try in `chess3d match`).
        weights: Option<String>,
    },
    Random,
    Greedy,
    Uci(String),
}

pub const SPEC_HELP: &str = "engine[:KEY=VALUE,...] (keys depth, movetime, nodes, skill, threads, hash, weights), random, greedy, or uci:COMMAND";

impl Spec {
    pub fn parse(text: &str) -> Result<Spec> {
        match text {
            "random" => return Ok(Spec::Random),
            "greedy" => return Ok(Spec::Greedy),
            _ => {}
        }
        if let Some(command) = text.strip_prefix("uci:") {
            if command.trim().is_empty() {
                bail!("player 'uci:': no command given");
            }
            return Ok(Spec::Uci(command.to_string()));
        }
        let settings = match text.strip_prefix("engine") {
            Some("") => "",
            Some(rest) if rest.starts_with(':') => &rest[1..],
            _ => bail!(
                "unknown player '{}' (expected {SPEC_HELP})",
                text.escape_debug()
            ),
        };
        let mut config = Config::default();
        let (mut depth, mut nodes, mut movetime, mut weights) = (None, None, None, None);
        for setting in settings.split(',').filter(|s| !s.is_empty()) {
            let (key, value) = setting.split_once('=').ok_or_else(|| {
                anyhow!(
                    "player '{}': '{setting}' is not KEY=VALUE",
                    text.escape_debug()
                )
            })?;
            if key == "weights" {
                if value.is_empty() {
                    bail!("player '{}': weights= needs a file", text.escape_debug());
                }
                weights = Some(value.to_string());
                continue;
            }
            let number: u64 = value.parse().map_err(|_| {
                anyhow!(
                    "player '{}': '{value}' is not a number",
                    text.escape_debug()
                )
            })?;
            let small = |max: u64| -> Result<u64> {
                if number > max {
                    bail!("player '{}': {key} is at most {max}", text.escape_debug());
                }
                Ok(number)
            };
            match key {
                "depth" => depth = Some(small(99)?.max(1) as u32),
                "nodes" => nodes = Some(number.max(1)),
                "movetime" => movetime = Some(number.max(1)),
                "skill" => config.skill = small(20)? as u8,
                "threads" => config.threads = small(64)?.max(1) as usize,
                "hash" => config.hash_mb = small(65_536)?.max(1) as usize,
                _ => bail!(
                    "player '{}': unknown setting '{key}' (depth, movetime, nodes, skill, threads, hash, weights)",
                    text.escape_debug()
                ),
            }
        }
        Ok(Spec::Engine {
            config,
            depth,
            nodes,
            movetime,
            weights,
        })
    }
}
