//! Game records: PGN. Chess records are standard PGN (RULINGS.md §6): the
//! Seven Tag Roster and moves in standard algebraic notation; the other
//! games write their moves in canonical notation (§0).
//!
//! ```text
//! [Event "chess3d play"]
//! [Site "?"]
//! [Date "2026.11.24"]
//! [Round "-"]
//! [White "you"]
//! [Black "chess3d skill=20"]
//! [Result "*"]
//! [Game "chess"]
//! [TimeControl "300+3"]
//!
//! 1. e4 {[%clk 0:04:58]} e5 {[%clk 0:05:01]} 2. Qh5 *
//! ```
//!
//! Tags come in the order given; a position not from the game's start has
//! `[FEN "..."]`, options other than the defaults `[Options "a=on b=off"]`.
//! Move numbers count from 1 at the record's first move, whatever the
//! position string's move counter says. A clock's time after each move is
//! a `[%clk h:mm:ss]` comment.
//!
//! Reading takes what other programs write: comments (`{...}`, `;` to the
//! end of the line), variations in parentheses and NAGs (`$1`) are skipped,
//! moves are read as players type them (SAN, canonical, UCI coordinates).
//! It is lenient about layout and strict about content: [`Record::parse`]
//! and [`replay`] keep everything up to the first damage (a cut, a changed or
//! illegal move, a wrong move number, a missing result) and report that
//! damage with the move's number and text.

use std::fmt;

use crate::game::GameVariant;
use crate::{Game, Move, Outcome, Side};

/// A finished or unfinished game as text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    /// The side to move before the first move (the move numbers start
    /// with `1...` for Black).
    pub first_mover: Option<Side>,
    pub moves: Vec<String>,
    /// The mover's clock after each move, in milliseconds, where the record
    /// has one (`{[%clk 0:04:58]}`); as long as `moves`, or empty.
    pub clocks: Vec<Option<u64>>,
    /// What is said of each move besides its clock (an analysis's marks,
    /// evaluations and better moves); as long as `moves`, or empty. Only
    /// written: reading skips comments and variations.
    pub notes: Vec<MoveNote>,
    /// A comment before the first move (an analysis's summary).
    pub comment: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

/// What a record says of a move: `Nf6?? {[%eval #1] a blunder} (3... g6)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveNote {
    /// Written right after the move: `?!`, `?`, `??`.
    pub suffix: String,
    /// Written in the move's comment, before its clock.
    pub comment: String,
    /// Moves played instead of this one, from the position before it, in
    /// the record's notation; written as a variation after the move.
    pub variation: Vec<String>,
}

/// The Seven Tag Roster of PGN, in its order: Event, Site, Date, Round,
/// White, Black, Result. `?` stands for an unknown Site, `-` for a Round
/// that does not apply, as PGN writes them.
pub fn roster(
    event: &str,
    site: &str,
    date: &str,
    round: &str,
    white: &str,
    black: &str,
    result: &str,
) -> Vec<(String, String)> {
    [
        ("Event", event),
        ("Site", site),
        ("Date", date),
        ("Round", round),
        ("White", white),
        ("Black", black),
        ("Result", result),
    ]
    .into_iter()
    .map(|(n, v)| (n.to_string(), v.to_string()))
    .collect()
}

/// The moves of a game as its record writes them: standard algebraic
/// notation with `+` and `#` for chess (RULINGS.md §6), the canonical text
/// for the other games (§0).
pub fn record_moves<G: Game>(start: &G, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&m| {
            let text = if pos.shows_san() {
                pos.move_label(m)
            } else {
                pos.move_text(m)
            };
            pos.make(m);
            text
        })
        .collect()
}

/// The move number due before the move at `ply` (counted from White's
/// first move): `3.` before a first side's move, `3...` before a second
/// side's unless the move before it was just written (`continues`).
pub fn move_number_text(ply: usize, continues: bool) -> Option<String> {
    if ply.is_multiple_of(2) {
        Some(format!("{}.", ply / 2 + 1))
    } else if !continues {
        Some(format!("{}...", ply / 2 + 1))
    } else {
        None
    }
}

/// Text as a PGN comment holds it: no `}`, which would end it (nor its
/// `{`, which would look unbalanced), and one line.
fn comment_text(text: &str) -> String {
    text.replace('{', "(")
        .replace('}', ")")
        .replace(['\n', '\r'], " ")
}

/// A clock's time as `%clk` writes it: `h:mm:ss`, with tenths of a second
/// when there are any (`0:00:09.4`), rounded down.
pub fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    let tenths = ms % 1000 / 100;
    let whole = format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    if tenths == 0 {
        whole
    } else {
        format!("{whole}.{tenths}")
    }
}

/// Reads `h:mm:ss` or `h:mm:ss.f` (as `%clk` writes it) in milliseconds.
pub fn parse_clock(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let parts: Vec<&str> = whole.split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    let mut seconds: u64 = 0;
    for p in parts {
        if p.is_empty() || p.len() > 6 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        seconds = seconds.checked_mul(60)?.checked_add(p.parse().ok()?)?;
    }
    let mut ms = seconds.checked_mul(1000)?;
    if !fraction.is_empty() {
        if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let padded = format!("{fraction:0<3}");
        ms += padded.parse::<u64>().ok()?;
    }
    Some(ms)
}

/// The `%clk` command in a comment's text, if there is one.
fn clock_in_comment(comment: &str) -> Option<u64> {
    let at = comment.find("[%clk")?;
    let rest = comment[at + 5..].trim_start();
    let end = rest.find(']')?;
    parse_clock(rest[..end].trim())
}

/// The result tokens, in the order PGN lists them.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// The result token of a game that ended so, or is unfinished (`*`).
pub fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Win {
            winner: Side::White,
            ..
        }) => "1-0",
        Some(Outcome::Win {
            winner: Side::Black,
            ..
        }) => "0-1",
        Some(Outcome::Draw(_)) => "1/2-1/2",
        None => "*",
    }
}

/// The first damage found in a record: where, and why. Everything before it
/// was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damage {
    /// Line of the text (from 1).
    pub line: usize,
    /// The move (index from 0 in the record's moves) and its text, when the
    /// damage is in a move.
    pub at_move: Option<(usize, String)>,
    /// The side to move before the record's first move, for move numbers.
    pub black_first: bool,
    pub reason: String,
}

impl Damage {
    /// The move number as the record writes it: `3.` or `3...`.
    pub fn move_number(&self) -> Option<String> {
        self.at_move.as_ref().map(|(i, _)| {
            let ply = i + usize::from(self.black_first);
            let dots = if ply % 2 == 0 { "." } else { "..." };
            format!("{}{dots}", ply / 2 + 1)
        })
    }
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        if let (Some((_, text)), Some(number)) = (&self.at_move, self.move_number()) {
            write!(f, "move {number} '{}': ", crate::error::quoted(text))?;
        }
        f.write_str(&self.reason)
    }
}

impl std::error::Error for Damage {}

impl Record {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing its value if it is there, else adding it.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The text, moves wrapped at 80 columns, ending with a blank line.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (name, value) in &self.tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{name} \"{value}\"]\n"));
        }
        out.push('\n');
        let mut tokens = Vec::new();
        if !self.comment.is_empty() {
            tokens.push(format!("{{{}}}", comment_text(&self.comment)));
        }
        let black_first = self.first_mover == Some(Side::Black);
        // A move number is due at every move of the first side, at the
        // first move, and after a note (as PGN's export format has it; a
        // clock alone is not worth the noise).
        let mut continues = false;
        for (i, m) in self.moves.iter().enumerate() {
            let ply = i + usize::from(black_first);
            let note = self.notes.get(i).cloned().unwrap_or_default();
            tokens.extend(move_number_text(ply, continues));
            tokens.push(format!("{m}{}", note.suffix));
            let mut comment = comment_text(&note.comment);
            if let Some(Some(ms)) = self.clocks.get(i) {
                if !comment.is_empty() {
                    comment.push(' ');
                }
                comment.push_str(&format!("[%clk {}]", clock_text(*ms)));
            }
            continues = note.comment.is_empty() && note.variation.is_empty();
            if !comment.is_empty() {
                tokens.push(format!("{{{comment}}}"));
            }
            if !note.variation.is_empty() {
                let mut line: Vec<String> = Vec::new();
                for (k, v) in note.variation.iter().enumerate() {
                    line.extend(move_number_text(ply + k, k > 0));
                    line.push(v.clone());
                }
                line[0].insert(0, '(');
                line.last_mut().unwrap().push(')');
                tokens.extend(line);
            }
        }
        tokens.push(self.result.clone());
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > 80 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }

    /// Reads a record: the tags, the moves and the result, up to the first
    /// damage, which is returned with it. A record without a result is
    /// damaged (cut short), and so is a last move that the text ends inside.
    /// Moves are only read here; [`replay`] checks them against the rules.
    pub fn parse(text: &str) -> (Record, Option<Damage>) {
        // A byte-order mark, as some editors write.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut record = Record::default();
        let damage = |line, at_move, black_first, reason: String| Damage {
            line,
            at_move,
            black_first,
            reason,
        };
        let mut lines = text.lines().enumerate().peekable();
        // Tags: every line up to the first that is neither a tag nor blank.
        while let Some(&(i, line)) = lines.peek() {
            let line = line.trim();
            if line.is_empty() {
                lines.next();
                continue;
            }
            if !line.starts_with('[') {
                break;
            }
            match parse_tag(line) {
                Ok(tag) => record.tags.push(tag),
                Err(reason) => return (record, Some(damage(i + 1, None, false, reason))),
            }
            lines.next();
        }
        // The moves: tokens separated by white space, comments and
        // variations, up to a stray tag.
        let ends_in_space = text.ends_with(char::is_whitespace);
        let rest: Vec<(usize, &str)> = lines.map(|(i, line)| (i + 1, line)).collect();
        let Lexed {
            tokens,
            ends_in_word,
            stray_tag,
            unclosed,
        } = lex(&rest);
        let last_line = text.lines().count().max(1);
        let mut black_first = false;
        // Whether a move number came before the first move: only then does
        // the record say who moved first.
        let mut numbered = false;
        let mut moves: Vec<(usize, &str)> = Vec::new();
        let mut result = None;
        let mut found = None;
        let mut last_is_move = false;
        let mut clocks: Vec<Option<u64>> = Vec::new();
        for (k, &(line, ref token)) in tokens.iter().enumerate() {
            let token = match token {
                Token::Word(w) => *w,
                Token::Comment(c) => {
                    // A comment after a move: its clock, if it has one.
                    if last_is_move {
                        if let (Some(ms), Some(slot)) = (clock_in_comment(c), clocks.last_mut()) {
                            *slot = Some(ms);
                        }
                    }
                    continue;
                }
            };
            last_is_move = false;
            if let Some(r) = RESULTS.iter().find(|&&r| r == token) {
                let next = tokens[k + 1..].iter().find_map(|(line, t)| match t {
                    Token::Word(w) => Some((*line, *w)),
                    Token::Comment(_) => None,
                });
                if let Some((line, next)) = next {
                    let reason = format!("text '{next}' after the result {r}");
                    found = Some(damage(line, None, black_first, reason));
                    break;
                }
                result = Some(r.to_string());
                continue;
            }
            if let Some(number) = move_number(token) {
                if moves.is_empty() {
                    numbered = true;
                }
                if moves.is_empty() && number == (1, true) {
                    black_first = true;
                    continue;
                }
                // Numbers are optional, but one that is there must be right.
                // `8...` before Black's move, as exports write it after a
                // comment or a variation.
                let ply = moves.len() + usize::from(black_first);
                if number != (ply / 2 + 1, ply % 2 == 1) {
                    let want = if ply % 2 == 1 {
                        format!("a move or {}...", ply / 2 + 1)
                    } else {
                        format!("{}.", ply / 2 + 1)
                    };
                    let reason = format!("move number '{token}' where {want} belongs");
                    found = Some(damage(line, None, black_first, reason));
                    break;
                }
                continue;
            }
            moves.push((line, token));
            clocks.push(None);
            last_is_move = true;
        }
        if found.is_none() {
            if let Some((line, what)) = unclosed {
                let reason = format!("{what} is never closed: cut short?");
                found = Some(damage(line, None, black_first, reason));
            } else if let Some(line) = stray_tag {
                let reason = "a tag after the moves (one game per record)".to_string();
                found = Some(damage(line, None, black_first, reason));
            } else if result.is_none() {
                // No result: the record was cut short. A last move the text
                // ends inside may itself be cut (`a1-a10` cut to `a1-a1`).
                found = Some(match moves.last() {
                    Some(&(line, token)) if last_is_move && ends_in_word && !ends_in_space => {
                        let at_move = Some((moves.len() - 1, token.to_string()));
                        moves.pop();
                        clocks.pop();
                        let reason = "the text ends inside this move, without a result: cut short?";
                        damage(line, at_move, black_first, reason.to_string())
                    }
                    _ => {
                        let reason =
                            "the record ends without a result (1-0, 0-1, 1/2-1/2 or *): cut short?";
                        damage(last_line, None, black_first, reason.to_string())
                    }
                });
            }
        }
        record.first_mover = match (numbered, black_first) {
            (false, _) => None,
            (true, false) => Some(Side::White),
            (true, true) => Some(Side::Black),
        };
        record.moves = moves.into_iter().map(|(_, t)| t.to_string()).collect();
        record.clocks = if clocks.iter().any(Option::is_some) {
            clocks
        } else {
            Vec::new()
        };
        if found.is_none() {
            record.result = result.unwrap_or_default();
        }
        (record, found)
    }
}

/// A piece of the movetext: a word (a move, a move number, a result) or a
/// comment's text.
enum Token<'a> {
    Word(&'a str),
    Comment(String),
}

struct Lexed<'a> {
    tokens: Vec<(usize, Token<'a>)>,
    /// Whether the text ends inside a word (a move the text may have cut),
    /// rather than after a space, a comment, a variation or a NAG.
    ends_in_word: bool,
    /// The line of a tag after the moves.
    stray_tag: Option<usize>,
    /// A comment or variation the text ends inside: where it opened.
    unclosed: Option<(usize, &'static str)>,
}

/// Splits numbered lines of movetext into words and comments, skipping
/// variations, NAGs and `;` comments; a move number glued to its move
/// (`1.e4`, `1...e5`) is two words.
fn lex<'a>(lines: &[(usize, &'a str)]) -> Lexed<'a> {
    let mut out = Lexed {
        tokens: Vec::new(),
        ends_in_word: false,
        stray_tag: None,
        unclosed: None,
    };
    // An open `{` comment: where it began and its text so far.
    let mut comment: Option<(usize, String)> = None;
    // Open parentheses of variations, and where the outermost began.
    let mut depth = 0usize;
    let mut variation_line = 0;
    for &(line_no, line) in lines {
        let mut rest = line;
        if comment.is_none() && depth == 0 {
            let trimmed = line.trim_start();
            if trimmed.starts_with('[') {
                out.stray_tag = Some(line_no);
                return out;
            }
            // An escaped line (PGN's `%` in the first column).
            if line.starts_with('%') {
                continue;
            }
        }
        // A line break ends any word.
        out.ends_in_word = false;
        while !rest.is_empty() {
            out.ends_in_word = false;
            if let Some((_, text)) = &mut comment {
                match rest.find('}') {
                    Some(end) => {
                        text.push_str(&rest[..end]);
                        let (_, text) = comment.take().expect("an open comment");
                        if depth == 0 {
                            out.tokens.push((line_no, Token::Comment(text)));
                        }
                        rest = &rest[end + 1..];
                    }
                    None => {
                        text.push_str(rest);
                        text.push(' ');
                        rest = "";
                    }
                }
                continue;
            }
            let c = rest.chars().next().expect("text left");
            match c {
                '{' => {
                    comment = Some((line_no, String::new()));
                    rest = &rest[1..];
                }
                ';' => rest = "",
                '(' => {
                    if depth == 0 {
                        variation_line = line_no;
                    }
                    depth += 1;
                    rest = &rest[1..];
                }
                ')' if depth > 0 => {
                    depth -= 1;
                    rest = &rest[1..];
                }
                c if c.is_whitespace() => rest = &rest[c.len_utf8()..],
                // Inside a variation, a character at a time: its
                // parentheses count wherever they stand.
                _ if depth > 0 => rest = &rest[c.len_utf8()..],
                _ => {
                    // Parentheses inside a word are Star Trek's levels
                    // (`b2(2)`); only one that starts a word opens a
                    // variation.
                    let end = rest
                        .find(|c: char| c.is_whitespace() || "{};".contains(c))
                        .unwrap_or(rest.len())
                        .max(c.len_utf8());
                    let word = &rest[..end];
                    rest = &rest[end..];
                    let is_nag = word.len() > 1
                        && word.starts_with('$')
                        && word[1..].bytes().all(|b| b.is_ascii_digit());
                    if is_nag {
                        continue;
                    }
                    // `1.e4`: the number, then the move.
                    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                    let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
                    out.ends_in_word = rest.is_empty();
                    if digits > 0 && dots > 0 && digits + dots < word.len() {
                        out.tokens
                            .push((line_no, Token::Word(&word[..digits + dots])));
                        out.tokens
                            .push((line_no, Token::Word(&word[digits + dots..])));
                    } else {
                        out.tokens.push((line_no, Token::Word(word)));
                    }
                }
            }
        }
    }
    if let Some((line, _)) = comment {
        out.unclosed = Some((line, "a comment opened with '{'"));
    } else if depth > 0 {
        out.unclosed = Some((variation_line, "a variation opened with '('"));
    }
    out
}

/// `3.` as (3, false), `3...` as (3, true).
fn move_number(token: &str) -> Option<(usize, bool)> {
    let (digits, black) = match token.strip_suffix("...") {
        Some(d) => (d, true),
        None => (token.strip_suffix('.')?, false),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((digits.parse().ok()?, black))
}

/// `[Name "value"]` with `\"` and `\\` escapes.
fn parse_tag(line: &str) -> Result<(String, String), String> {
    let bad = || format!("'{line}' is not a tag of the form [Name \"value\"]");
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, rest) = inner.split_once(char::is_whitespace).ok_or_else(bad)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(bad());
    }
    let quoted = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(bad)?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return Err(format!("{}: a lone backslash", bad())),
            },
            '"' => return Err(format!("{}: an unescaped quote", bad())),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

/// The options of a position that differ from the game's defaults, as the
/// `Options` tag writes them: `name=on name=off`.
pub fn options_text<G: Game>(pos: &G) -> String {
    let now = pos.options();
    let mut out = Vec::new();
    for (i, def) in pos.variant().option_defs().iter().enumerate() {
        let on = now.is_on(i);
        if on != def.default {
            out.push(format!("{}={}", def.name, if on { "on" } else { "off" }));
        }
    }
    out.join(" ")
}

/// Applies an `Options` tag (`name`, `name=on`, `name=off`, separated by
/// spaces or commas) to a position.
pub fn apply_options<G: Game>(pos: &mut G, text: &str) -> Result<(), String> {
    for item in text.split([' ', ',']).filter(|s| !s.is_empty()) {
        let (name, on) = match item.split_once('=') {
            None => (item, true),
            Some((name, "on")) => (name, true),
            Some((name, "off")) => (name, false),
            Some((_, value)) => return Err(format!("option '{item}': '{value}' is not on or off")),
        };
        pos.set_option(name, on)
            .map_err(|e| format!("option '{item}': {e}"))?;
    }
    Ok(())
}

/// The tags every record of a game has: the game, the start position when
/// it is not the game's, the options that are not the defaults.
pub fn game_tags<G: Game>(start: &G) -> Vec<(String, String)> {
    let game = start.variant();
    let mut tags = vec![("Game".to_string(), game.id().to_string())];
    if start.to_text() != game.start().to_text() {
        // PGN readers want `SetUp` before a `FEN`.
        tags.push(("SetUp".to_string(), "1".to_string()));
        tags.push(("FEN".to_string(), start.to_text()));
    }
    let options = options_text(start);
    if !options.is_empty() {
        tags.push(("Options".to_string(), options));
    }
    tags
}

/// A record read against the rules of its game.
#[derive(Clone, Debug)]
pub struct Replayed<G> {
    /// The position before the first move (tags `FEN` and `Options`).
    pub start: G,
    /// The position after every move that could be played.
    pub position: G,
    pub moves: Vec<Move>,
    /// The result token, when the record was read to its end.
    pub result: Option<String>,
    /// The first damage; `moves` stops before it.
    pub damage: Option<Damage>,
}

/// Plays a record's moves on its game, `game`. A record of another game, or with a
/// bad `FEN` or `Options` tag, is an error; damage in the moves leaves the
/// moves before it played and is reported in [`Replayed::damage`], as is a
/// result that the final position contradicts.
pub fn replay<G: Game>(
    game: G::Variant,
    record: &Record,
    damage: Option<Damage>,
) -> Result<Replayed<G>, String> {
    if let Some(tagged) = record.tag("Game") {
        if tagged != game.id() {
            return Err(format!(
                "the record is a game of '{tagged}', not '{}'",
                game.id()
            ));
        }
    }
    let mut start = game.start();
    if let Some(options) = record.tag("Options") {
        apply_options(&mut start, options).map_err(|e| format!("tag Options: {e}"))?;
    }
    if let Some(fen) = record.tag("FEN") {
        start = game
            .position_with(fen, start.options())
            .map_err(|e| format!("tag FEN: {e}"))?;
    }
    let black_first = start.side_to_move() == Side::Black;
    let mut out = Replayed {
        position: start.clone(),
        start,
        moves: Vec::new(),
        result: None,
        damage: None,
    };
    if record
        .first_mover
        .is_some_and(|s| s != out.start.side_to_move())
        && !record.moves.is_empty()
    {
        out.damage = Some(Damage {
            line: 0,
            at_move: Some((0, record.moves[0].clone())),
            black_first,
            reason: format!(
                "the moves start with {}, but {} is to move",
                if black_first { "1." } else { "1..." },
                game.side_names()[out.start.side_to_move().index()]
            ),
        });
        return Ok(out);
    }
    for (i, text) in record.moves.iter().enumerate() {
        let bad = |reason: String| Damage {
            line: 0,
            at_move: Some((i, text.clone())),
            black_first,
            reason,
        };
        if let Some(end) = out.position.outcome() {
            out.damage = Some(bad(format!(
                "the game is already over ({})",
                end.describe(game.side_names())
            )));
            return Ok(out);
        }
        match out.position.read_move(text) {
            Ok(m) => {
                out.position.make(m);
                out.moves.push(m);
            }
            Err(e) => {
                out.damage = Some(bad(e.to_string()));
                return Ok(out);
            }
        }
    }
    if let Some(d) = damage {
        out.damage = Some(d);
        return Ok(out);
    }
    let result = record.result.clone();
    let tagged = record.tag("Result");
    let end = out.position.outcome();
    let last = || {
        record
            .moves
            .last()
            .map(|m| (record.moves.len() - 1, m.clone()))
    };
    if end.is_some() && result_token(end) != result {
        out.damage = Some(Damage {
            line: 0,
            at_move: last(),
            black_first,
            reason: format!(
                "the record says {result}, but the game ended: {}",
                end.map(|o| o.describe(game.side_names()))
                    .unwrap_or_default()
            ),
        });
    } else if tagged.is_some_and(|t| t != result) {
        out.damage = Some(Damage {
            line: 0,
            at_move: None,
            black_first,
            reason: format!(
                "the Result tag says {} but the moves end with {result}",
                tagged.unwrap_or_default()
            ),
        });
    } else {
        out.result = Some(result);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DrawReason, WinReason};

    #[test]
    fn tags_moves_and_result() {
        let r = Record {
            tags: vec![
                ("Game".into(), "chess".into()),
                ("White".into(), "say \"hi\"".into()),
            ],
            first_mover: Some(Side::White),
            moves: vec!["e2e4".into(), "e7e5".into(), "g1f3".into()],
            clocks: Vec::new(),
            result: "*".into(),
            ..Default::default()
        };
        assert_eq!(
            r.to_text(),
            "[Game \"chess\"]\n[White \"say \\\"hi\\\"\"]\n\n1. e2e4 e7e5 2. g1f3 *\n\n"
        );
    }

    #[test]
    fn black_first_and_wrapping() {
        let r = Record {
            tags: vec![],
            first_mover: Some(Side::Black),
            moves: vec!["a7a6".into(); 30],
            clocks: Vec::new(),
            result: "1/2-1/2".into(),
            ..Default::default()
        };
        let text = r.to_text();
        assert!(text.starts_with("\n1... a7a6 2. a7a6 a7a6 3."), "{text}");
        assert!(text.lines().all(|l| l.len() <= 80));
        assert!(text.trim_end().ends_with("1/2-1/2"));
        // 30 moves, 16 move numbers (1... then 2. to 16.), one result.
        assert_eq!(text.split_whitespace().count(), 30 + 16 + 1);
    }

    #[test]
    fn result_tokens() {
        let win = |winner| {
            Some(Outcome::Win {
                winner,
                reason: WinReason::Checkmate,
            })
        };
        assert_eq!(result_token(win(Side::White)), "1-0");
        assert_eq!(result_token(win(Side::Black)), "0-1");
        assert_eq!(
            result_token(Some(Outcome::Draw(DrawReason::Stalemate))),
            "1/2-1/2"
        );
        assert_eq!(result_token(None), "*");
    }

    #[test]
    fn clocks_are_written_and_read() {
        // 4 min 58 s, and 1 h 2 min 3 s: h:mm:ss as PGN's %clk writes it.
        assert_eq!(clock_text(298_999), "0:04:58.9");
        assert_eq!(clock_text(298_000), "0:04:58");
        assert_eq!(clock_text(3_723_000), "1:02:03");
        assert_eq!(parse_clock("0:04:58"), Some(298_000));
        assert_eq!(parse_clock("0:00:09.5"), Some(9_500));
        assert_eq!(parse_clock("1:02:03"), Some(3_723_000));
        for bad in [
            "",
            "1::2",
            "a:00:00",
            "0:00:00.1234",
            "1:2:3:4",
            "99999999:0:0",
        ] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
        let r = Record {
            tags: vec![("TimeControl".into(), "300+3".into())],
            first_mover: Some(Side::White),
            moves: vec!["e4".into(), "e5".into()],
            clocks: vec![Some(298_000), None],
            result: "*".into(),
            ..Default::default()
        };
        let text = r.to_text();
        assert!(text.contains("1. e4 {[%clk 0:04:58]} e5 *"), "{text}");
        let (back, damage) = Record::parse(&text);
        assert_eq!(damage, None);
        assert_eq!(back, r);
    }

    /// An analysis's notes as PGN writes them: the suffix on the move, the
    /// comment before the clock, the variation numbered from its own move,
    /// a move number again after a note; read back, the same moves (with
    /// their suffixes, which reading a move takes).
    #[test]
    fn notes_are_written_as_pgn_annotates_moves() {
        let note = |suffix: &str, comment: &str, variation: &[&str]| MoveNote {
            suffix: suffix.into(),
            comment: comment.into(),
            variation: variation.iter().map(|v| v.to_string()).collect(),
        };
        let r = Record {
            first_mover: Some(Side::White),
            moves: vec!["e4".into(), "e5".into(), "Qh5".into(), "Ke7".into()],
            clocks: vec![None, Some(60_000), None, None],
            notes: vec![
                note("", "[%eval 0.20]", &[]),
                note("", "", &[]),
                note("?!", "a {brace}", &["Nf3", "Nc6"]),
                note("??", "", &["Nc6", "Bc4", "g6"]),
            ],
            comment: "summary".into(),
            result: "*".into(),
            ..Default::default()
        };
        let text = r.to_text();
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(
            flat,
            "{summary} 1. e4 {[%eval 0.20]} 1... e5 {[%clk 0:01:00]} 2. Qh5?! {a (brace)} \
             (2. Nf3 Nc6) 2... Ke7?? (2... Nc6 3. Bc4 g6) *"
        );
        let (back, damage) = Record::parse(&text);
        assert_eq!(damage, None);
        assert_eq!(back.moves, ["e4", "e5", "Qh5?!", "Ke7??"]);
    }

    #[test]
    fn what_other_programs_write_is_skipped() {
        let text =
            "[Event \"x\"]\n\n1.e4 {a comment\nover two lines} e5 $1 (1... c5 2. Nf3 (2. c3))\n\
                    ; to the end of the line\n%escaped line\n2. Nf3 1-0\n";
        let (r, damage) = Record::parse(text);
        assert_eq!(damage, None);
        assert_eq!(r.moves, ["e4", "e5", "Nf3"]);
        assert_eq!(r.result, "1-0");
        // Star Trek's squares keep their parentheses.
        let (r, damage) = Record::parse("1. b2(2)-b4(2) (1. c2(2)-c3(2)) e7(6)-e5(6) *\n");
        assert_eq!(damage, None);
        assert_eq!(r.moves, ["b2(2)-b4(2)", "e7(6)-e5(6)"]);
        // A comment or a variation left open: damage where it began.
        let (r, damage) = Record::parse("1. e4 {cut\n");
        assert_eq!(r.moves, ["e4"]);
        let d = damage.unwrap();
        assert_eq!((d.line, d.reason.contains("comment")), (1, true), "{d}");
        let (_, damage) = Record::parse("1. e4 (1. d4\n2. c4\n");
        assert!(damage.unwrap().reason.contains("variation"));
        // A cut record ending in a NAG or a variation keeps its last move.
        for text in ["1. e4 $1", "1. e4 (1. d4)", "1. e4 {ok}"] {
            let (r, damage) = Record::parse(text);
            assert_eq!(r.moves, ["e4"], "{text}");
            assert!(
                damage.unwrap().reason.contains("without a result"),
                "{text}"
            );
        }
        // `1...` where White's move number belongs is still damage.
        let (_, damage) = Record::parse("1. e4 e5 2... Nf3 *\n");
        assert!(damage.unwrap().reason.contains("'2...'"));
    }
}
