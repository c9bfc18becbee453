//! The board's colours for each kind of terminal.
//!
//! Every background a piece can stand on (both squares, and the selected,
//! capture, check, last-move and hint marks) is readable under pieces of
//! both sides: a contrast of at least 4.5:1 (WCAG 2's AA for text) in
//! 24-bit and 256 colours, checked by the tests below. White and black
//! pieces both reach it only on backgrounds of relative luminance between
//! 0.175 and 0.183, so the squares and marks differ by hue, not lightness:
//! a tan and a slate-blue square (grey and blue-violet in 256 colours, the
//! only ones of the xterm palette in that band with a blue among them, the
//! hue every kind of colour blindness keeps apart from grey and tan). The
//! 43-square Ziggurat's Red and Gold armies are both light, so its slate
//! board is dark. With 16 colours the terminal's theme decides what they
//! look like: the squares are dark grey and magenta, neither the
//! terminal's own background, and every mark keeps its glyph.

use ratatui::style::Color;

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colours {
    /// None (`NO_COLOR`, `TERM=dumb`): glyphs and reverse video only.
    Mono,
    /// The 16 ANSI colours, whatever the terminal's theme makes of them.
    Ansi16,
    /// The xterm 256-colour palette.
    Indexed256,
    /// 24-bit colour, only when the terminal says so (`COLORTERM`).
    TrueColour,
}

impl Colours {
    /// The terminal's colours from its environment.
    pub fn from_env() -> Colours {
        let var = |name| std::env::var(name).ok();
        Colours::from_vars(
            var("NO_COLOR").as_deref(),
            var("COLORTERM").as_deref(),
            var("TERM").as_deref(),
        )
    }

    /// `NO_COLOR` set and not empty (no-color.org) or `TERM=dumb`: none;
    /// `COLORTERM=truecolor` or `24bit`: 24-bit; a `TERM` naming 256
    /// colours: 256; otherwise the 16 every colour terminal has.
    pub fn from_vars(no_color: Option<&str>, colorterm: Option<&str>, term: Option<&str>) -> Self {
        if no_color.is_some_and(|v| !v.is_empty()) || term == Some("dumb") {
            Colours::Mono
        } else if matches!(colorterm, Some("truecolor" | "24bit")) {
            Colours::TrueColour
        } else if term.is_some_and(|t| t.contains("256")) {
            Colours::Indexed256
        } else {
            Colours::Ansi16
        }
    }
}

/// The colours of the board's roles, for one terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub colours: Colours,
    pub light: Color,
    pub dark: Color,
    pub destination: Color,
    pub capture: Color,
    pub selected: Color,
    pub last_move: Color,
    pub check: Color,
    pub hint: Color,
    pub ghost: Color,
    /// The pieces of each side.
    pub pieces: [Color; 2],
}

/// One role's colour: 24-bit, its xterm 256-colour index (chosen, not the
/// nearest: the nearest may leave the readable band), and one of the 16.
#[derive(Clone, Copy, Debug)]
struct Paint {
    rgb: (u8, u8, u8),
    xterm: u8,
    ansi: Color,
}

const fn paint(rgb: (u8, u8, u8), xterm: u8, ansi: Color) -> Paint {
    Paint { rgb, xterm, ansi }
}

/// The colours of a board: the backgrounds pieces stand on, then the
/// empty squares' marks, then the two armies.
struct Theme {
    light: Paint,
    dark: Paint,
    selected: Paint,
    capture: Paint,
    check: Paint,
    last_move: Paint,
    hint: Paint,
    destination: Paint,
    ghost: Paint,
    pieces: [Paint; 2],
}

/// White and Black on tan and slate-blue squares, all of luminance about
/// 0.18. The xterm palette has six colours in that band for seven roles,
/// two of them too alike to stand side by side (blue-violet 63 and purple
/// 98): in 256 colours the squares are grey 243 and blue-violet 63, the
/// selection magenta 163, the last move teal 29, a capture and a check
/// both red 131 (told apart by their glyphs `× ×` and `! !`) and the hint
/// purple 98 (`{ }`).
const WOOD: Theme = Theme {
    light: paint((140, 112, 80), 243, Color::DarkGray),
    dark: paint((95, 120, 150), 63, Color::Magenta),
    selected: paint((85, 110, 215), 163, Color::Blue),
    capture: paint((205, 70, 70), 131, Color::Red),
    check: paint((225, 30, 110), 131, Color::LightRed),
    last_move: paint((0, 135, 95), 29, Color::Cyan),
    hint: paint((150, 90, 200), 98, Color::LightMagenta),
    destination: paint((120, 190, 90), 107, Color::Green),
    ghost: paint((150, 210, 170), 151, Color::LightGreen),
    pieces: [
        paint((255, 255, 255), 231, Color::White),
        paint((0, 0, 0), 16, Color::Black),
    ],
};

/// Red and Gold (the 43-square Ziggurat) on a dark board: both armies are
/// light, so every background is dark (luminance at most 0.036), brown and
/// navy squares rather than near-black ones that a dark terminal's own
/// background would swallow (256 colours: grey 236 and navy 17, a check
/// sharing a capture's maroon 52).
const SLATE: Theme = Theme {
    light: paint((70, 47, 35), 236, Color::DarkGray),
    dark: paint((20, 35, 75), 17, Color::Blue),
    selected: paint((0, 0, 180), 19, Color::Cyan),
    capture: paint((110, 0, 0), 52, Color::Red),
    check: paint((95, 0, 95), 52, Color::Magenta),
    last_move: paint((0, 60, 20), 53, Color::Green),
    hint: paint((55, 55, 0), 18, Color::LightBlue),
    destination: paint((120, 190, 90), 107, Color::Green),
    ghost: paint((150, 210, 170), 151, Color::LightGreen),
    pieces: [
        paint((255, 120, 120), 210, Color::LightRed),
        paint((255, 215, 0), 220, Color::LightYellow),
    ],
};

impl Palette {
    /// The palette for a game with these side names on this terminal.
    pub fn new(colours: Colours, side_names: [&str; 2]) -> Palette {
        let theme = if side_names.contains(&"Red") {
            &SLATE
        } else {
            &WOOD
        };
        let c = |p: Paint| match colours {
            Colours::Mono => Color::Reset,
            Colours::Ansi16 => p.ansi,
            Colours::Indexed256 => Color::Indexed(p.xterm),
            Colours::TrueColour => Color::Rgb(p.rgb.0, p.rgb.1, p.rgb.2),
        };
        Palette {
            colours,
            light: c(theme.light),
            dark: c(theme.dark),
            destination: c(theme.destination),
            capture: c(theme.capture),
            selected: c(theme.selected),
            last_move: c(theme.last_move),
            check: c(theme.check),
            hint: c(theme.hint),
            ghost: c(theme.ghost),
            pieces: [c(theme.pieces[0]), c(theme.pieces[1])],
        }
    }

    pub fn mono(&self) -> bool {
        self.colours == Colours::Mono
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An xterm 256-colour index's 24-bit colour, from xterm's definition
    /// of its cube (levels 0, 95, 135, 175, 215, 255) and grey ramp
    /// (8 + 10n).
    fn xterm_rgb(i: u8) -> (u8, u8, u8) {
        const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
        match i {
            16..=231 => {
                let n = i - 16;
                (
                    LEVELS[usize::from(n / 36)],
                    LEVELS[usize::from(n / 6 % 6)],
                    LEVELS[usize::from(n % 6)],
                )
            }
            232..=255 => {
                let v = 8 + 10 * (i - 232);
                (v, v, v)
            }
            _ => panic!("a system colour {i}: its look is the terminal's"),
        }
    }

    /// WCAG 2's relative luminance of an sRGB colour.
    fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG 2's contrast ratio, 1 to 21.
    fn contrast(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    /// The backgrounds a piece may stand on.
    fn under_pieces(p: &Palette) -> [Color; 7] {
        [
            p.light,
            p.dark,
            p.selected,
            p.capture,
            p.check,
            p.last_move,
            p.hint,
        ]
    }

    fn rgb(c: Color) -> (u8, u8, u8) {
        match c {
            Color::Rgb(r, g, b) => (r, g, b),
            Color::Indexed(i) => xterm_rgb(i),
            other => panic!("not a colour of known value: {other:?}"),
        }
    }

    /// The formulas against WCAG's own figures: black on white 21:1, and
    /// the luminance of the mid-grey #767676, the darkest grey with 4.5:1
    /// on white (4.54).
    #[test]
    fn the_contrast_formula_gives_wcags_figures() {
        assert!((contrast((0, 0, 0), (255, 255, 255)) - 21.0).abs() < 1e-9);
        assert!((contrast((118, 118, 118), (255, 255, 255)) - 4.54).abs() < 0.01);
    }

    /// The figures, from the palette before: white on the light
    /// wood square #ffd7af (the 256-colour 223) 1.35:1; the 16-colour white
    /// on light grey, in xterm's palette, 1.26:1.
    #[test]
    fn the_old_light_square_was_unreadable_under_white() {
        let white = (255, 255, 255);
        assert!((contrast(white, xterm_rgb(223)) - 1.35).abs() < 0.01);
        assert!((contrast(white, (229, 229, 229)) - 1.26).abs() < 0.01);
    }

    /// Every piece on every background it may stand on, in 24-bit and
    /// 256 colours, for both boards: at least 4.5:1.
    #[test]
    fn every_piece_reads_on_every_square_and_mark() {
        for sides in [["White", "Black"], ["Red", "Gold"]] {
            for colours in [Colours::TrueColour, Colours::Indexed256] {
                let p = Palette::new(colours, sides);
                for piece in p.pieces {
                    for under in under_pieces(&p) {
                        let ratio = contrast(rgb(piece), rgb(under));
                        assert!(
                            ratio >= 4.5,
                            "{sides:?} {colours:?}: {piece:?} on {under:?} is {ratio:.2}:1"
                        );
                    }
                }
            }
        }
    }

    /// The two squares, the selection, a capture and the last move stay
    /// apart (as colours, by a distance a player sees at a glance: 60 of
    /// 441 in RGB). A check and the hint may share a colour in 256 colours,
    /// their glyphs telling them apart.
    #[test]
    fn squares_and_marks_are_told_apart() {
        for sides in [["White", "Black"], ["Red", "Gold"]] {
            for colours in [Colours::TrueColour, Colours::Indexed256] {
                let p = Palette::new(colours, sides);
                let roles = [p.light, p.dark, p.selected, p.capture, p.last_move];
                for (i, &a) in roles.iter().enumerate() {
                    for &b in &roles[i + 1..] {
                        let (a, b) = (rgb(a), rgb(b));
                        let d = ((f64::from(a.0) - f64::from(b.0)).powi(2)
                            + (f64::from(a.1) - f64::from(b.1)).powi(2)
                            + (f64::from(a.2) - f64::from(b.2)).powi(2))
                        .sqrt();
                        assert!(d >= 60.0, "{sides:?} {colours:?}: {a:?} and {b:?} ({d:.0})");
                    }
                }
            }
        }
    }

    /// With 16 colours no square is the terminal's own background (colour
    /// 0 or the default), and both are system colours, not indexed ones.
    #[test]
    fn sixteen_colour_squares_are_not_the_terminals_background() {
        for sides in [["White", "Black"], ["Red", "Gold"]] {
            let p = Palette::new(Colours::Ansi16, sides);
            for square in [p.light, p.dark] {
                assert!(!matches!(
                    square,
                    Color::Black | Color::Reset | Color::Indexed(_) | Color::Rgb(..)
                ));
            }
        }
    }
}
