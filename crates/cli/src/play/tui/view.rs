//! Drawing the screen from the state, changing nothing: the title, the
//! board, the move list, the status line, the message and the input line.

use chess3d_core::{Cell, Position, Side};
use chess3d_engine::Evaluate;
use ratatui::layout::{Constraint, Direction, Layout as Split, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use super::super::board::{self, BoardView, Marks};
use super::super::plain::number_of;
use super::super::session::Seat;
use super::App;
use chess3d_play::clock::clock_face;
use chess3d_play::words;

impl<R: Evaluate> App<R> {
    /// The smallest window that shows a level and the move list.
    pub(super) fn least_size(&self, level: (u16, u16)) -> (u16, u16) {
        (level.0 + SIDE_LEAST, level.1 + 6)
    }

    /// The marks drawn: the live ones, or a reviewed position's last move.
    pub(super) fn shown_marks(&self) -> std::borrow::Cow<'_, Marks> {
        match &self.review {
            Some((_, pos)) => std::borrow::Cow::Owned(Marks {
                last_move: pos.moves_played().last().map(|m| (m.from, m.to)),
                check: None,
                hint: None,
                ..self.marks.clone()
            }),
            None => std::borrow::Cow::Borrowed(&self.marks),
        }
    }

    /// Where each part of the screen goes in a window of `area`, or the
    /// size needed when it is too small.
    pub(super) fn screen(&self, area: Rect) -> Result<Screen, (u16, u16)> {
        // The levels laid out as wide as they like and as tall as the board
        // may be (the window less its five rows of text): the size of a
        // level, and how many columns of levels the board would use.
        let main_h = area.height.saturating_sub(5);
        let marks = self.shown_marks();
        let wide = board::layout(self.shown(), &marks, Rect::new(0, 0, 1000, main_h));
        let level = wide.level_size;
        let (need_w, need_h) = self.least_size(level);
        if area.width < need_w || area.height < need_h {
            return Err((need_w, need_h));
        }
        let rows = Split::default()
            .direction(Direction::Vertical)
            .constraints([
                Constraint::Length(1),
                Constraint::Min(5),
                Constraint::Length(1),
                Constraint::Length(2),
                Constraint::Length(1),
            ])
            .split(area);
        // The board takes as many columns of levels as it needs and the
        // window allows beside the narrowest move list; the move list the
        // rest, up to 40 columns.
        let mut xs: Vec<u16> = wide.panels.iter().map(|p| p.area.x).collect();
        xs.dedup();
        let fit = (area.width - SIDE_LEAST + 2) / (level.0 + 2);
        let columns = (xs.len() as u16).clamp(1, fit.max(1));
        let board_w = (columns * (level.0 + 2)).min(area.width - SIDE_LEAST);
        let side_w = (area.width - board_w).min(40);
        let cols = Split::default()
            .direction(Direction::Horizontal)
            .constraints([Constraint::Min(board_w), Constraint::Length(side_w)])
            .split(rows[1]);
        Ok(Screen {
            title: rows[0],
            board: cols[0],
            moves: cols[1],
            status: rows[2],
            message: rows[3],
            input: rows[4],
        })
    }

    /// The farthest the open window scrolls in this terminal (any, while
    /// its size is not known).
    pub(super) fn overlay_bottom(&self) -> u16 {
        match (&self.overlay, self.size) {
            (Some(o), Some(size)) => overlay_bottom(&o.text, centered(size, 84, 30)),
            _ => u16::MAX,
        }
    }

    /// The board as it is drawn in the window now: the position shown,
    /// with its marks, where [`Self::board_area`] puts it.
    pub(super) fn board_on_screen(&self) -> board::Layout {
        board::layout(self.shown(), &self.shown_marks(), self.board_area())
    }

    /// Where the board is drawn in the window (nothing when the window is
    /// too small or its size is not known yet).
    pub fn board_area(&self) -> Rect {
        self.size
            .and_then(|size| self.screen(size).ok())
            .map_or(Rect::default(), |s| s.board)
    }

    /// The screen, from the state alone.
    pub fn draw(&self, f: &mut Frame) {
        let area = f.area();
        let screen = match self.screen(area) {
            Ok(screen) => screen,
            Err((need_w, need_h)) => {
                let mut text = format!(
                    "This window is {}×{}; {} needs at least {need_w}×{need_h} (a level of its \
                     board and the move list). Make the window larger; Ctrl-C quits.",
                    area.width,
                    area.height,
                    self.session.game().name()
                );
                if self.pending.is_some() {
                    text = format!("{text}\n\n{}", self.message);
                }
                f.render_widget(
                    Paragraph::new(text)
                        .wrap(Wrap { trim: true })
                        .style(Style::default().add_modifier(Modifier::BOLD)),
                    area,
                );
                return;
            }
        };
        let marks = self.shown_marks();
        let marks = &*marks;
        let s = &self.session;
        let players = format!(
            "{}: {} · {}: {}",
            self.session.side_name(Side::White),
            s.seats[0].label(),
            self.session.side_name(Side::Black),
            s.seats[1].label()
        );
        // The game's name and id (with the options not its defaults, as a
        // record's tag writes them), or the id alone when the name is long.
        let options = chess3d_core::record::options_text(&s.pos);
        let id = if options.is_empty() {
            self.session.game().id().to_string()
        } else {
            format!("{} {options}", self.session.game().id())
        };
        let mut title = format!(
            " chess3d · {} ({id}) · {players} ",
            self.session.game().name()
        );
        if title.chars().count() > area.width as usize {
            title = format!(" chess3d · {id} · {players} ");
        }
        f.render_widget(
            Paragraph::new(title).style(Style::default().add_modifier(Modifier::REVERSED)),
            screen.title,
        );
        let lay = board::layout(self.shown(), marks, screen.board);
        f.render_widget(
            BoardView {
                pos: self.shown(),
                marks,
                palette: &self.palette,
                layout: &lay,
            },
            screen.board,
        );
        f.render_widget(
            self.side_panel(screen.moves.height.saturating_sub(2)),
            screen.moves,
        );
        f.render_widget(Paragraph::new(self.status(area.width, &lay)), screen.status);
        let engine_line = match (&self.thinking, &self.thought) {
            (Some(_), Some(t)) => format!("engine thinking: {}", t.summary()),
            (Some(_), None) => "engine thinking…".to_string(),
            (None, Some(t)) => format!("engine: {}", t.summary()),
            (None, None) => String::new(),
        };
        let message = if self.message.is_empty() {
            engine_line
        } else if engine_line.is_empty() {
            self.message.clone()
        } else {
            format!("{} · {engine_line}", self.message)
        };
        // In the terminal's own foreground (yellow read poorly on a light
        // terminal).
        let message = fit_rows(&message, screen.message.width, screen.message.height);
        f.render_widget(
            Paragraph::new(message).wrap(Wrap { trim: true }),
            screen.message,
        );
        f.render_widget(self.input_view(screen.input.width), screen.input);
        if let Some(o) = &self.overlay {
            let area = centered(f.area(), 84, 30);
            let scroll = o.scroll.min(overlay_bottom(&o.text, area));
            f.render_widget(Clear, area);
            f.render_widget(
                Paragraph::new(o.text.as_str())
                    .wrap(Wrap { trim: false })
                    .scroll((scroll, 0))
                    .block(Block::default().borders(Borders::ALL).title(format!(
                        "{}(↑↓ PgUp PgDn scroll, any other key closes) ",
                        o.title
                    ))),
                area,
            );
        }
    }

    /// The input line after its prompt, scrolled to keep the cursor in
    /// sight: a bar after the text, or the character under it reversed.
    pub(super) fn input_view(&self, width: u16) -> Line<'static> {
        let (shown, col) = self.input.visible(usize::from(width.saturating_sub(2)));
        let before: String = shown.chars().take(col).collect();
        let mut rest = shown.chars().skip(col);
        let mut spans = vec![Span::raw(format!("> {before}"))];
        match rest.next() {
            None => spans.push(Span::raw("▏")),
            Some(c) => {
                spans.push(Span::styled(
                    c.to_string(),
                    Style::default().add_modifier(Modifier::REVERSED),
                ));
                spans.push(Span::raw(rest.collect::<String>()));
            }
        }
        Line::from(spans)
    }

    /// Whose turn, check, the result, the last move and the cursor square.
    /// `lay`: where the board is drawn, for what it leaves out.
    pub fn status(&self, width: u16, lay: &board::Layout) -> Line<'static> {
        let s = &self.session;
        let mut parts: Vec<Span> = Vec::new();
        if let Some((ply, pos)) = &self.review {
            let side = self.session.side_name(pos.side_to_move());
            let what = match ply {
                0 => "the start".to_string(),
                n => format!("move {} {}", number_of(s, n - 1), s.labels[n - 1]),
            };
            parts.push(Span::styled(
                format!("REVIEWING {what} ({side} to move) · End/Esc: live game"),
                Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED),
            ));
            return Line::from(parts);
        }
        match s.result() {
            Some((result, why)) => parts.push(Span::styled(
                format!("Result {result} ({why})"),
                Style::default().add_modifier(Modifier::BOLD),
            )),
            None => {
                let side = self.session.side_name(s.pos.side_to_move());
                let who = if *s.seat_to_move() == Seat::Human {
                    ""
                } else {
                    " (engine)"
                };
                parts.push(Span::styled(
                    format!("{side} to move{who}"),
                    Style::default().add_modifier(Modifier::BOLD),
                ));
                if s.pos.in_check() {
                    parts.push(Span::styled(" · check", Style::default().fg(Color::Red)));
                }
                // Three-check: each side's checks still to give.
                let left = Side::BOTH.map(|side| s.pos.checks_left(side));
                if let [Some(white), Some(black)] = left {
                    parts.push(Span::raw(format!(" · checks to give {white}-{black}")));
                }
                // Crazyhouse: each side's pieces in hand, as position
                // strings write them (White's upper case).
                if let Some(hand) = s.pos.hand_text() {
                    parts.push(Span::raw(format!(" · in hand [{hand}]")));
                }
                if let Some(by) = s.draw_offer {
                    parts.push(Span::raw(format!(
                        " · draw offered by {}",
                        self.session.side_name(by)
                    )));
                }
            }
        }
        // Before the rest: a long line loses its end.
        if let Some(unseen) = self.out_of_sight(lay) {
            parts.push(Span::styled(
                format!(" · {unseen}: Tab"),
                Style::default().add_modifier(Modifier::BOLD),
            ));
        } else if lay.hidden > 0 {
            parts.push(Span::raw(format!(
                " · {} more level(s): PgUp/PgDn",
                lay.hidden
            )));
        }
        if let Some(last) = s.labels.last() {
            parts.push(Span::raw(format!(" · last {last}")));
        }
        if let Some(c) = self.marks.cursor {
            // The square's name, and what it means when there is room.
            let long = format!(" · cursor {}", words::cell_words(&self.session.pos, c));
            let used: usize = parts.iter().map(|p| p.content.chars().count()).sum();
            if used + long.chars().count() <= width as usize {
                parts.push(Span::raw(long));
            } else {
                let name = self.session.pos.tables().geo.name(c).to_string();
                parts.push(Span::raw(format!(" · cursor {name}")));
            }
        }
        cut_to(parts, usize::from(width))
    }

    /// What is marked on levels the window leaves out: the selection's
    /// destinations, else the last move and a King in check; said with
    /// their levels (`3 more on C, D`), for Tab to reach.
    pub(super) fn out_of_sight(&self, lay: &board::Layout) -> Option<String> {
        let pos = &self.session.pos;
        let levels = |cells: &[Cell]| {
            let mut zs: Vec<i32> = cells
                .iter()
                .map(|&c| pos.tables().geo.coord(c)[2])
                .collect();
            zs.sort_unstable();
            zs.dedup();
            let naming = &pos.tables().def.naming;
            let names: Vec<String> = zs.iter().map(|&z| naming.level(z)).collect();
            match names.as_slice() {
                [one] => format!("level {one}"),
                many => format!("levels {}", many.join(", ")),
            }
        };
        let unseen: Vec<Cell> = self
            .jump_targets()
            .into_iter()
            .filter(|&c| !lay.shows(c))
            .collect();
        if unseen.is_empty() || self.review.is_some() {
            return None;
        }
        let what = if self.marks.selected.is_some() {
            format!("{} more on {}", unseen.len(), levels(&unseen))
        } else if let Some(c) = self.marks.check.filter(|c| unseen.contains(c)) {
            format!("check on {}", levels(&[c]))
        } else {
            format!("last move on {}", levels(&unseen))
        };
        Some(what)
    }

    pub(super) fn side_panel(&self, height: u16) -> Paragraph<'static> {
        let s = &self.session;
        let black_first = s.start.side_to_move() == chess3d_core::Side::Black;
        let reviewed = self.review.as_ref().map(|r| r.0);
        let mut lines: Vec<Vec<Span<'static>>> = Vec::new();
        // The clocks first, the running one marked (seen without colour).
        let clocks: Vec<Line<'static>> = match s.clock_times() {
            Some(times) => chess3d_core::Side::BOTH
                .iter()
                .map(|&side| {
                    let running = s.clock.as_ref().is_some_and(|c| c.is_running())
                        && s.pos.side_to_move() == side;
                    let text = format!(
                        "{} {:<6} {:>8}",
                        if running { "▶" } else { " " },
                        self.session.side_name(side),
                        clock_face(times[side.index()])
                    );
                    let style = if running {
                        Style::default().add_modifier(Modifier::BOLD)
                    } else {
                        Style::default()
                    };
                    Line::from(Span::styled(text, style))
                })
                .collect(),
            None => Vec::new(),
        };
        // The line holding the move under review, kept in sight.
        let mut reviewed_line = None;
        for (i, m) in s.labels.iter().enumerate() {
            let ply = i + usize::from(black_first);
            // The move under review in brackets (seen without colour too).
            let text = if reviewed == Some(i + 1) {
                reviewed_line = Some(
                    lines
                        .len()
                        .saturating_sub(usize::from(ply % 2 == 1 && i > 0)),
                );
                Span::styled(
                    format!("[{m}]"),
                    Style::default().add_modifier(Modifier::REVERSED),
                )
            } else {
                Span::raw(format!(" {m} "))
            };
            if ply % 2 == 0 {
                lines.push(vec![Span::raw(format!("{:>3}.", ply / 2 + 1)), text]);
            } else if let (Some(last), false) = (lines.last_mut(), i == 0) {
                last.push(text);
            } else {
                lines.push(vec![Span::raw(format!("{:>3}. ...", ply / 2 + 1)), text]);
            }
        }
        if let Some((result, _)) = s.result() {
            lines.push(vec![Span::styled(
                format!("     {result}"),
                Style::default().add_modifier(Modifier::BOLD),
            )]);
        }
        let height = (height as usize).saturating_sub(clocks.len());
        let bottom = lines.len().saturating_sub(height);
        let skip = match reviewed_line {
            Some(l) if l < bottom => l.saturating_sub(height / 2),
            _ => bottom,
        };
        let text: Vec<Line> = clocks
            .into_iter()
            .chain(lines.into_iter().skip(skip).map(Line::from))
            .collect();
        Paragraph::new(text).block(Block::default().borders(Borders::LEFT).title(" moves "))
    }

    /// The position on the screen: the live one, or the one under review.
    pub(super) fn shown(&self) -> &Position<R> {
        self.review.as_ref().map_or(&self.session.pos, |r| &r.1)
    }
}

/// The rows a text takes wrapped at `width` columns, word by word as the
/// window wraps it (a word longer than the width takes rows of its own).
fn wrapped_rows(text: &str, width: u16) -> u16 {
    let width = usize::from(width.max(1));
    let mut rows = 0usize;
    for line in text.lines() {
        rows += 1;
        let mut used = 0usize;
        for word in line.split(' ') {
            let w = word.chars().count();
            if used == 0 && w <= width {
                used = w;
            } else if used > 0 && used + 1 + w <= width {
                used += 1 + w;
            } else {
                // On a row of its own, and more for a word longer than a row.
                if used > 0 {
                    rows += 1;
                }
                let extra = w.saturating_sub(1) / width;
                rows += extra;
                used = w - extra * width;
            }
        }
    }
    u16::try_from(rows).unwrap_or(u16::MAX)
}

/// A line of spans cut to `width` columns, ending with `…` when cut.
fn cut_to(parts: Vec<Span<'static>>, width: usize) -> Line<'static> {
    let total: usize = parts.iter().map(|p| p.content.chars().count()).sum();
    if total <= width {
        return Line::from(parts);
    }
    let mut left = width.saturating_sub(1);
    let mut kept = Vec::new();
    for p in parts {
        let n = p.content.chars().count();
        if n <= left {
            left -= n;
            kept.push(p);
        } else {
            let head: String = p.content.chars().take(left).collect();
            kept.push(Span::styled(head, p.style));
            break;
        }
    }
    kept.push(Span::raw("…"));
    Line::from(kept)
}

/// `text` as it fits in `rows` rows of `width` columns, wrapped by words:
/// whole, or cut at a word with `…` to say there was more.
fn fit_rows(text: &str, width: u16, rows: u16) -> String {
    if wrapped_rows(text, width) <= rows {
        return text.to_string();
    }
    let words: Vec<&str> = text.split(' ').collect();
    for n in (0..words.len()).rev() {
        let cut = format!("{} …", words[..n].join(" "));
        if wrapped_rows(&cut, width) <= rows {
            return cut;
        }
    }
    "…".to_string()
}

/// The farthest a window of `text` over `area` scrolls: its last row at
/// the bottom.
fn overlay_bottom(text: &str, area: Rect) -> u16 {
    let inner = (area.width.saturating_sub(2), area.height.saturating_sub(2));
    wrapped_rows(text, inner.0).saturating_sub(inner.1)
}

/// The parts of the screen.
pub(super) struct Screen {
    title: Rect,
    pub(super) board: Rect,
    moves: Rect,
    status: Rect,
    message: Rect,
    input: Rect,
}

/// The narrowest move list.
const SIDE_LEAST: u16 = 20;

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 5-letter words in 11 columns: two a row. Three rows of them are cut
    /// to two, the second ending with `…`; what fits is left whole.
    #[test]
    fn a_message_too_long_is_cut_with_an_ellipsis() {
        let text = "aaaaa bbbbb ccccc ddddd eeeee fffff";
        assert_eq!(wrapped_rows(text, 11), 3);
        assert_eq!(fit_rows(text, 11, 2), "aaaaa bbbbb ccccc …");
        assert_eq!(fit_rows(text, 11, 3), text);
        // A status line: cut within its second part.
        let line = cut_to(
            vec![Span::raw("White to move"), Span::raw(" · last e4")],
            16,
        );
        assert_eq!(line.to_string(), "White to move ·…");
        let line = cut_to(vec![Span::raw("White to move")], 16);
        assert_eq!(line.to_string(), "White to move");
    }
}
