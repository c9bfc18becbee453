//! The line the player types moves and commands on, edited with a shell's
//! keys (readline's Ctrl-A/E/U/W/K, ←/→, Home/End, Delete) and shown
//! scrolled so that the cursor is always in sight.

/// The longest line: a move is at most 64 characters and a command's file
/// name rarely more than a hundred; a paste beyond it is cut and said.
pub const MAX_CHARS: usize = 256;

/// An edit of the line, from a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    Left,
    Right,
    Home,
    End,
    Backspace,
    Delete,
    /// Ctrl-U: everything before the cursor.
    KillToStart,
    /// Ctrl-K: everything from the cursor on.
    KillToEnd,
    /// Ctrl-W: the word before the cursor, and the spaces after it.
    KillWord,
}

/// The text typed so far and the cursor in it (a position between
/// characters, 0 to the length).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputLine {
    chars: Vec<char>,
    cursor: usize,
}

impl InputLine {
    pub fn text(&self) -> String {
        self.chars.iter().collect()
    }

    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    #[cfg(test)]
    fn cursor(&self) -> usize {
        self.cursor
    }

    /// The text, leaving the line empty.
    pub fn take(&mut self) -> String {
        let text = self.text();
        self.clear();
        text
    }

    pub fn clear(&mut self) {
        self.chars.clear();
        self.cursor = 0;
    }

    /// Inserts `text` at the cursor, line breaks and tabs as spaces and
    /// other control characters left out (a paste holds no keys); the
    /// number of characters that did not fit in [`MAX_CHARS`].
    pub fn insert(&mut self, text: &str) -> usize {
        let mut dropped = 0;
        for c in text.chars() {
            let c = match c {
                '\n' | '\r' | '\t' => ' ',
                c if c.is_control() => continue,
                c => c,
            };
            if self.chars.len() >= MAX_CHARS {
                dropped += 1;
                continue;
            }
            self.chars.insert(self.cursor, c);
            self.cursor += 1;
        }
        dropped
    }

    pub fn edit(&mut self, edit: Edit) {
        let len = self.chars.len();
        match edit {
            Edit::Left => self.cursor = self.cursor.saturating_sub(1),
            Edit::Right => self.cursor = (self.cursor + 1).min(len),
            Edit::Home => self.cursor = 0,
            Edit::End => self.cursor = len,
            Edit::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                self.chars.remove(self.cursor);
            }
            Edit::Backspace => {}
            Edit::Delete if self.cursor < len => {
                self.chars.remove(self.cursor);
            }
            Edit::Delete => {}
            Edit::KillToStart => {
                self.chars.drain(..self.cursor);
                self.cursor = 0;
            }
            Edit::KillToEnd => self.chars.truncate(self.cursor),
            Edit::KillWord => {
                // Spaces before the cursor, then the word before them.
                let mut start = self.cursor;
                while start > 0 && self.chars[start - 1] == ' ' {
                    start -= 1;
                }
                while start > 0 && self.chars[start - 1] != ' ' {
                    start -= 1;
                }
                self.chars.drain(start..self.cursor);
                self.cursor = start;
            }
        }
    }

    /// What shows in `width` columns (one a character; at least 2): the
    /// text from the first character shown, scrolled so that the cursor
    /// is in sight with a column for it at the end, `…` at either end
    /// where text is cut off; and the cursor's column.
    pub fn visible(&self, width: usize) -> (String, usize) {
        let width = width.max(2);
        let len = self.chars.len();
        if len < width {
            return (self.text(), self.cursor);
        }
        // The cursor kept a column from the right edge, and the start as far
        // left as that allows.
        let start = (self.cursor + 1)
            .saturating_sub(width - 1)
            .min(len + 1 - width);
        let end = (start + width).min(len);
        let mut shown: Vec<char> = self.chars[start..end].to_vec();
        if start > 0 {
            shown[0] = '…';
        }
        if end < len {
            let last = shown.len() - 1;
            shown[last] = '…';
        }
        (shown.into_iter().collect(), self.cursor - start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn line(text: &str, cursor: usize) -> InputLine {
        let mut l = InputLine::default();
        l.insert(text);
        l.cursor = cursor;
        l
    }

    #[test]
    fn readline_keys_edit_as_in_a_shell() {
        // "save my game.pgn" with the cursor after "my": Ctrl-W takes "my",
        // then the spaces and "save" before it on a second press.
        let mut l = line("save my game.pgn", 7);
        l.edit(Edit::KillWord);
        assert_eq!((l.text().as_str(), l.cursor()), ("save  game.pgn", 5));
        l.edit(Edit::KillWord);
        assert_eq!((l.text().as_str(), l.cursor()), (" game.pgn", 0));
        let mut l = line("e2e4 junk", 4);
        l.edit(Edit::KillToEnd);
        assert_eq!(l.text(), "e2e4");
        let mut l = line("junk e2e4", 5);
        l.edit(Edit::KillToStart);
        assert_eq!((l.text().as_str(), l.cursor()), ("e2e4", 0));
        // Typing in the middle, and deleting either side of the cursor.
        let mut l = line("e4", 1);
        l.insert("2e");
        assert_eq!((l.text().as_str(), l.cursor()), ("e2e4", 3));
        l.edit(Edit::Backspace);
        l.edit(Edit::Delete);
        assert_eq!(l.text(), "e2");
        l.edit(Edit::Home);
        l.edit(Edit::Backspace);
        assert_eq!((l.text().as_str(), l.cursor()), ("e2", 0));
        l.edit(Edit::End);
        l.edit(Edit::Delete);
        assert_eq!((l.text().as_str(), l.cursor()), ("e2", 2));
    }

    #[test]
    fn a_paste_is_cut_at_the_longest_line_and_holds_no_keys() {
        let mut l = InputLine::default();
        assert_eq!(l.insert(&"a".repeat(10_000)), 10_000 - MAX_CHARS);
        assert_eq!(l.text().len(), MAX_CHARS);
        let mut l = InputLine::default();
        assert_eq!(l.insert("e4\r\n\x1b[31mx\x03"), 0);
        assert_eq!(l.text(), "e4  [31mx");
    }

    #[test]
    fn a_long_line_scrolls_to_keep_the_cursor_in_sight() {
        // 26 letters in 10 columns.
        let abc = "abcdefghijklmnopqrstuvwxyz";
        assert_eq!(line(abc, 26).visible(10), ("…stuvwxyz".to_string(), 9));
        assert_eq!(line(abc, 0).visible(10), ("abcdefghi…".to_string(), 0));
        assert_eq!(line(abc, 12).visible(10), ("…fghijklm…".to_string(), 8));
        // A line that fits is shown whole, wherever the cursor.
        assert_eq!(line("e2e4", 2).visible(10), ("e2e4".to_string(), 2));
    }

    proptest! {
        /// Whatever is typed and edited, the cursor stays in the text, the
        /// text within its bound, and the cursor's column in the window
        /// on the character under it.
        #[test]
        fn the_cursor_is_always_in_the_text_and_in_sight(
            text in "[a-z ]{0,300}",
            edits in prop::collection::vec(0usize..9, 0..40),
            width in 2usize..80,
        ) {
            let mut l = InputLine::default();
            l.insert(&text);
            let all = [Edit::Left, Edit::Right, Edit::Home, Edit::End, Edit::Backspace,
                Edit::Delete, Edit::KillToStart, Edit::KillToEnd, Edit::KillWord];
            for e in edits {
                l.edit(all[e]);
                prop_assert!(l.cursor() <= l.chars.len());
                prop_assert!(l.chars.len() <= MAX_CHARS);
                let (shown, col) = l.visible(width);
                let shown: Vec<char> = shown.chars().collect();
                prop_assert!(shown.len() <= width && col < width.max(shown.len() + 1));
                if let Some(&c) = l.chars.get(l.cursor()) {
                    prop_assert!(shown[col] == c || shown[col] == '…');
                }
            }
        }
    }
}
