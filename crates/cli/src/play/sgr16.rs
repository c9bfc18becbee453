//! The 16 colours as a 16-colour terminal knows them. crossterm writes
//! every colour, the 16 included, as `38;5;N` / `48;5;N`, which a terminal
//! of 16 colours (`TERM=xterm`, the Linux console) may not read; this
//! writer turns those of the 16 into their own codes (30–37, 90–97 for the
//! foreground, 40–47, 100–107 for the background) as each frame is flushed.

use std::io::{self, Write};

/// A writer that keeps a frame until it is flushed, then writes it with
/// the 16 colours' codes when `sixteen`, unchanged otherwise.
pub struct Sgr16<W: Write> {
    out: W,
    sixteen: bool,
    frame: Vec<u8>,
}

impl<W: Write> Sgr16<W> {
    pub fn new(out: W, sixteen: bool) -> Self {
        Sgr16 {
            out,
            sixteen,
            frame: Vec::new(),
        }
    }
}

impl<W: Write> Write for Sgr16<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.frame.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.sixteen {
            let text = rewrite(&self.frame);
            self.out.write_all(&text)?;
        } else {
            self.out.write_all(&self.frame)?;
        }
        self.frame.clear();
        self.out.flush()
    }
}

/// `bytes` with every `38;5;N` and `48;5;N` of N below 16 in a colour
/// sequence (`ESC [ ... m`, crossterm joins a foreground and background
/// in one) written as the 16 colours' own code.
pub fn rewrite(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"\x1b[") {
            let params = bytes[i + 2..]
                .iter()
                .take_while(|b| b.is_ascii_digit() || **b == b';')
                .count();
            let end = i + 2 + params;
            if bytes.get(end) == Some(&b'm') {
                out.extend_from_slice(b"\x1b[");
                out.extend_from_slice(&sixteen_colour_params(&bytes[i + 2..end]));
                out.push(b'm');
                i = end + 1;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// A colour sequence's parameters with `38;5;N` / `48;5;N` of the 16 as
/// their own codes (30–37, 90–97; 40–47, 100–107).
fn sixteen_colour_params(params: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(params);
    let parts: Vec<&str> = text.split(';').collect();
    let mut out: Vec<String> = Vec::new();
    let mut k = 0;
    while k < parts.len() {
        let n: Option<u8> = parts.get(k + 2).and_then(|n| n.parse().ok());
        match (parts[k], parts.get(k + 1), n) {
            ("38", Some(&"5"), Some(n @ 0..=7)) => out.push((30 + n).to_string()),
            ("38", Some(&"5"), Some(n @ 8..=15)) => out.push((90 + n - 8).to_string()),
            ("48", Some(&"5"), Some(n @ 0..=7)) => out.push((40 + n).to_string()),
            ("48", Some(&"5"), Some(n @ 8..=15)) => out.push((100 + n - 8).to_string()),
            ("38" | "48", Some(&"5"), Some(_)) => {
                out.extend(parts[k..k + 3].iter().map(|p| p.to_string()));
            }
            (p, _, _) => {
                out.push(p.to_string());
                k += 1;
                continue;
            }
        }
        k += 3;
    }
    out.join(";").into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ECMA-48's codes: 31 red foreground, 47 white (light grey)
    /// background; aixterm's 90–97 and 100–107 for the bright eight.
    #[test]
    fn the_sixteen_get_their_own_codes() {
        assert_eq!(rewrite(b"\x1b[38;5;1mx"), b"\x1b[31mx");
        assert_eq!(rewrite(b"\x1b[48;5;7m"), b"\x1b[47m");
        assert_eq!(rewrite(b"\x1b[38;5;8m\x1b[48;5;15m"), b"\x1b[90m\x1b[107m");
        // A foreground and a background in one sequence, as crossterm
        // writes them.
        assert_eq!(rewrite(b"\x1b[38;5;0;48;5;8m P "), b"\x1b[30;100m P ");
        // Colours beyond the 16, other sequences and text stay as they are.
        let kept: &[u8] = b"\x1b[38;5;16m\x1b[48;5;231m\x1b[1m\x1b[39;49mabc\x1b[2;41H\x1b[?25l";
        assert_eq!(rewrite(kept), kept);
    }

    /// A sequence written in pieces, as crossterm's formatting writes it,
    /// is rewritten whole at the flush.
    #[test]
    fn a_frame_is_rewritten_when_flushed() {
        let mut w = Sgr16::new(Vec::new(), true);
        for piece in ["\x1b[", "38;5;", "3", "m", "K"] {
            w.write_all(piece.as_bytes()).unwrap();
        }
        assert!(w.out.is_empty());
        w.flush().unwrap();
        assert_eq!(w.out, b"\x1b[33mK");
    }
}
