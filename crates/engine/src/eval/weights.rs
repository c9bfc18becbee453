//! Weights files: each game's weights as TOML, `[middle game, end game]`
//! in centipawns per term, per-kind terms as tables keyed by the kind's
//! letter:
//!
//! ```toml
//! tempo = [10, 10]
//! [value]
//! P = [100, 120]
//! ```
//!
//! Piece-square tables (`square`) are keyed by letter, then cell name;
//! a cell left out weighs 0:
//!
//! ```toml
//! [square.N]
//! e4 = [20, 10]
//! ```
//!
//! A term the file leaves out keeps its default (the hand-set start of
//! the fit); a term, letter or cell the game does not have is an error.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::features::{index_of, square_index, Feature, Term};

/// Reads `text` over `weights` (one `[mg, eg]` per feature; `names`:
/// the cells' names).
pub fn read(
    text: &str,
    features: &[Feature],
    letters: &[char],
    names: &[String],
    weights: &mut [[i32; 2]],
) -> Result<(), String> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| e.to_string())?;
    let find = |term, letter| index_of(features, letters, term, letter);
    let squares = square_index(features, letters.len(), names.len());
    for (key, value) in &table {
        let term = Term::from_name(key)
            .ok_or_else(|| format!("unknown term '{key}' (terms: {})", Term::names()))?;
        if term.per_kind() {
            let toml::Value::Table(kinds) = value else {
                return Err(format!(
                    "'{key}' has a weight per kind: write it as a table [{key}] of LETTER = [MG, EG]"
                ));
            };
            for (letter, pair) in kinds {
                let mut chars = letter.chars();
                let (Some(c), None) = (chars.next(), chars.next()) else {
                    return Err(format!("{key}.{letter}: a kind is one letter"));
                };
                if term == Term::Square {
                    read_squares(&squares, letters, names, c, pair, weights)?;
                    continue;
                }
                let i = find(term, Some(c)).ok_or_else(|| {
                    format!("{key}.{letter}: this game has no such term for '{letter}'")
                })?;
                weights[i] = pair_of(&format!("{key}.{letter}"), pair)?;
            }
        } else {
            let i = find(term, None).ok_or_else(|| format!("{key}: this game has no such term"))?;
            weights[i] = pair_of(key, value)?;
        }
    }
    Ok(())
}

/// The `[square.LETTER]` table `table` of kind `letter` (`squares`: the
/// features' [`square_index`]).
fn read_squares(
    squares: &[Option<usize>],
    letters: &[char],
    names: &[String],
    letter: char,
    table: &toml::Value,
    weights: &mut [[i32; 2]],
) -> Result<(), String> {
    let toml::Value::Table(cells) = table else {
        return Err(format!(
            "square.{letter}: write it as a table [square.{letter}] of CELL = [MG, EG]"
        ));
    };
    let Some(kind) = letters.iter().position(|&l| l == letter) else {
        return Err(format!("square.{letter}: this game has no kind '{letter}'"));
    };
    for (name, pair) in cells {
        let key = format!("square.{letter}.{name}");
        let cell = names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| format!("{key}: this game has no cell '{name}'"))?;
        let i = squares[kind * names.len() + cell]
            .ok_or_else(|| format!("{key}: '{letter}' may not stand on {name}"))?;
        weights[i] = pair_of(&key, pair)?;
    }
    Ok(())
}

fn pair_of(key: &str, value: &toml::Value) -> Result<[i32; 2], String> {
    let err =
        || format!("{key}: expected [MIDDLE_GAME, END_GAME], two whole numbers of centipawns");
    let toml::Value::Array(items) = value else {
        return Err(err());
    };
    let numbers: Vec<i32> = items
        .iter()
        .map(|v| match v {
            toml::Value::Integer(n) if n.unsigned_abs() <= 100_000 => Ok(*n as i32),
            _ => Err(err()),
        })
        .collect::<Result<_, _>>()?;
    match numbers[..] {
        [mg, eg] => Ok([mg, eg]),
        _ => Err(err()),
    }
}

/// The weights as a file, with `header` as its opening comment lines
/// (piece-square weights only where not 0).
pub fn write(
    header: &str,
    features: &[Feature],
    letters: &[char],
    names: &[String],
    weights: &[[i32; 2]],
) -> String {
    let mut out = String::new();
    for line in header.lines() {
        let _ = writeln!(out, "# {line}");
    }
    let mut tables: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    let mut squares: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (f, w) in features.iter().zip(weights) {
        if let (Some(k), Some(c)) = (f.kind, f.cell) {
            if *w != [0, 0] {
                let name = &names[c as usize];
                // A bare TOML key is letters, digits, '-' and '_'.
                let bare = name
                    .chars()
                    .all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_');
                let key = if bare {
                    name.clone()
                } else {
                    format!("{name:?}")
                };
                squares
                    .entry(k as usize)
                    .or_default()
                    .push(format!("{key} = [{}, {}]", w[0], w[1]));
            }
            continue;
        }
        match f.kind {
            None => {
                let _ = writeln!(out, "{} = [{}, {}]", f.term.name(), w[0], w[1]);
            }
            Some(k) => {
                let order = Term::ALL.iter().position(|&t| t == f.term).unwrap_or(0);
                tables
                    .entry(order)
                    .or_default()
                    .push(format!("{} = [{}, {}]", letters[k as usize], w[0], w[1]));
            }
        }
    }
    for (order, lines) in tables {
        let _ = writeln!(out, "\n[{}]", Term::ALL[order].name());
        for line in lines {
            let _ = writeln!(out, "{line}");
        }
    }
    for (k, lines) in squares {
        let _ = writeln!(out, "\n[{}.{}]", Term::Square.name(), letters[k]);
        for line in lines {
            let _ = writeln!(out, "{line}");
        }
    }
    out
}
