//! What a player types: a move, or one of the commands below. The line
//! mode and the terminal interface read the same words.

/// A typed line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    Move(String),
    Undo,
    Redo,
    Hint,
    Flip,
    Save(Option<String>),
    Load(String),
    New,
    Resign,
    Draw,
    Accept,
    Board,
    Moves,
    Help,
    /// The pieces and the board's marks (the terminal interface).
    Legend,
    Quit,
    /// Play on from the position under review.
    Continue,
    /// The moves played (up to the position under review) evaluated and
    /// marked.
    Analyse,
}

/// The commands and what they do, for `help` and `--help`.
pub const COMMANDS: &[(&str, &str)] = &[
    (
        "MOVE",
        "play a move: canonical (e2e4, 0e2-0e4, b2(2)-b4(2)) or the seed's short forms (Nf3, O2a3)",
    ),
    (
        "undo",
        "take back your last move (and the computer's reply)",
    ),
    ("redo", "play again what undo took back"),
    (
        "continue",
        "while reviewing (Home, Shift+arrows): take back the moves after the position shown and play on",
    ),
    ("hint", "ask the engine for a move"),
    (
        "analyse",
        "evaluate the moves played (up to the position under review), marking ?! ? ??; after a game between people",
    ),
    ("flip", "turn the board round"),
    (
        "save [FILE]",
        "save the game record (to the moves file if no FILE)",
    ),
    (
        "load FILE",
        "load a game record or moves file and play on from it",
    ),
    ("new", "a new game (the old one stays in its moves file)"),
    ("resign", "resign the game"),
    ("draw", "offer a draw"),
    ("accept", "accept a draw offer"),
    ("board", "print the board again (line mode)"),
    ("moves", "list the legal moves"),
    ("help", "this list"),
    ("legend", "the pieces, how each moves, and the board's marks (F6)"),
    ("quit", "leave (the game stays in its moves file)"),
];

impl Typed {
    pub fn parse(line: &str) -> Result<Typed, String> {
        let line = line.trim();
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        let no_argument = |typed: Typed| {
            if rest.is_empty() {
                Ok(typed)
            } else {
                Err(format!("'{word}' takes no argument"))
            }
        };
        match word.to_ascii_lowercase().as_str() {
            "undo" | "takeback" => no_argument(Typed::Undo),
            "redo" => no_argument(Typed::Redo),
            "continue" => no_argument(Typed::Continue),
            "hint" => no_argument(Typed::Hint),
            "analyse" | "analyze" => no_argument(Typed::Analyse),
            "flip" => no_argument(Typed::Flip),
            "save" => Ok(Typed::Save((!rest.is_empty()).then(|| rest.to_string()))),
            "load" if rest.is_empty() => Err("load: which file? (load FILE)".to_string()),
            "load" => Ok(Typed::Load(rest.to_string())),
            "new" => no_argument(Typed::New),
            "resign" => no_argument(Typed::Resign),
            "draw" => no_argument(Typed::Draw),
            "accept" => no_argument(Typed::Accept),
            "board" | "show" => no_argument(Typed::Board),
            "moves" | "legal" => no_argument(Typed::Moves),
            "help" | "?" => no_argument(Typed::Help),
            "legend" | "pieces" => no_argument(Typed::Legend),
            "quit" | "exit" | "q" => no_argument(Typed::Quit),
            "" => Err("type a move or a command ('help' lists them)".to_string()),
            _ if !rest.is_empty() => Err(format!(
                "'{}' is not a command, and a move has no spaces ('help' lists the commands)",
                line.escape_debug()
            )),
            _ => Ok(Typed::Move(line.to_string())),
        }
    }
}

/// The command list as text, one per line.
pub fn help_text() -> String {
    COMMANDS
        .iter()
        .map(|(c, what)| format!("  {c:<12} {what}\n"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words() {
        assert_eq!(Typed::parse(" undo "), Ok(Typed::Undo));
        assert_eq!(
            Typed::parse("SAVE a b.pgn"),
            Ok(Typed::Save(Some("a b.pgn".into())))
        );
        assert_eq!(Typed::parse("save"), Ok(Typed::Save(None)));
        assert_eq!(Typed::parse("e2e4"), Ok(Typed::Move("e2e4".into())));
        assert!(Typed::parse("load").is_err());
        assert!(Typed::parse("undo 3").is_err());
        assert!(Typed::parse("e2 e4").unwrap_err().contains("not a command"));
        assert!(Typed::parse("   ").is_err());
    }
}
