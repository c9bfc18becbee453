//! The help and legend windows' text.

use chess3d_engine::Evaluate;

use super::super::board::Colours;
use super::super::command::help_text;
use super::super::plain::{self};
use super::App;

impl<R: Evaluate> App<R> {
    /// The help window: keys, this game's rules in short, its notation, the
    /// commands.
    pub(super) fn help_screen(&self) -> String {
        let def = self.session.game().tables().def;
        let about = &def.about;
        let mut text = format!(
            "{} ({})\n\n{}\n\nGoal: {}\n",
            def.name, def.id, about.setup, about.goal
        );
        if !about.special.is_empty() {
            text += "\nSpecial rules\n";
            for rule in about.special {
                text += &format!("  - {rule}\n");
            }
        }
        let typed = if self.session.pos.shows_san() {
            "SAN (e4, Nf3, exd5, O-O, e8=Q) or coordinates (e2e4, e7e8q)"
        } else {
            def.move_hint
        };
        text += &format!("\nMoves are typed as {typed}; `moves` lists the legal ones.\n");
        text += &format!("\n{KEYS}\nCommands\n{}", help_text());
        text += &format!(
            "\n{}\n",
            match &self.session.moves_file {
                Some(p) => format!("This game is recorded to {} after every move.", p.display()),
                None => "This game has no moves file: 'save FILE' keeps it.".to_string(),
            }
        );
        text
    }

    /// The legend window: the marks, and every piece with how it moves.
    pub(super) fn legend(&self) -> String {
        let def = self.session.game().tables().def;
        let mut text = format!(
            "Pieces: upper case {}, lower case {}\n\n",
            def.side_names[0], def.side_names[1]
        );
        for line in plain::pieces_lines(self.session.game()) {
            text += &line;
            text.push('\n');
        }
        let empty = if self.palette.colours == Colours::Mono {
            "*"
        } else {
            "·"
        };
        let marks = [
            "[ ]  the cursor".to_string(),
            "< >  the selected piece, an attack board or an elevator".to_string(),
            format!("{empty}    an empty square it can go to"),
            "× ×  a capture".to_string(),
            format!("{empty} {empty}  a push onto a piece (the Ox's, in Elevator)"),
            "+    a square an attack board or an elevator would bring".to_string(),
            "' '  the last move".to_string(),
            "! !  a King in check".to_string(),
            "{ }  the hint (F4)".to_string(),
            "     (blank) no square there".to_string(),
        ];
        text += "\nMarks on the board\n";
        for m in marks {
            text += &format!("  {m}\n");
        }
        if self.palette.colours == Colours::Mono {
            text += "  .    an empty square\n";
        }
        text
    }
}

/// What the player reads while reviewing.
pub(super) const REVIEW_HELP: &str =
    "past position: ←/→ step, Home start, End/Esc live, 'continue' plays from here";

/// The keys, for the help window.
const KEYS: &str = "Keys
  arrows: cursor along files and ranks   PgUp/PgDn or [ ]: level up/down
  Enter or Space: select a piece, an attack board or an elevator / move it
    to the cursor's square   mouse: click a square; wheel: level up/down
  1-9: choose among several moves to one square   Esc: clear
  Tab: the cursor to the next destination of the selected piece (else to
    the last move, a check): the view follows, so marks out of sight come in
  Home/End: review from the start / back to the live game
  Shift+←/→ or , .: a move back/forward
  F1 help  F2 undo  F3 redo  F4 hint  F5 flip  F6 legend  Ctrl-C quit
  Type a move (canonical or the seed's form) or a command, then Enter.
  While typing: ← → Home End in the text, Ctrl-A/E start/end, Ctrl-U/K
  delete before/after the cursor, Ctrl-W the word before it.
";
