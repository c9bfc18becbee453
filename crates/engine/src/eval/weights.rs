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
//! A term the file leaves out keeps its default (the hand-set start of
//! the fit); a term or letter the game does not have is an error.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::features::{index_of, Feature, Term};

/// Reads `text` over `weights` (one `[mg, eg]` per feature).
pub fn read(
    text: &str,
    features: &[Feature],
    letters: &[char],
    weights: &mut [[i32; 2]],
) -> Result<(), String> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| e.to_string())?;
    let find = |term, letter| index_of(features, letters, term, letter);
    for (key, value) in &table {
        let term = Term::ALL
            .into_iter()
            .find(|t| t.name() == key)
            .ok_or_else(|| format!("unknown term '{key}' (terms: {})", term_names()))?;
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

fn term_names() -> String {
    Term::ALL.map(Term::name).join(", ")
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

/// The weights as a file, with `header` as its opening comment lines.
pub fn write(header: &str, features: &[Feature], letters: &[char], weights: &[[i32; 2]]) -> String {
    let mut out = String::new();
    for line in header.lines() {
        let _ = writeln!(out, "# {line}");
    }
    let mut tables: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (f, w) in features.iter().zip(weights) {
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
    out
}
