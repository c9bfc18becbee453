//! A game record read from a file, bounded: the terminal reads records
//! up to the size the server takes (200 KB), unless told otherwise, so
//! that a huge file is refused at once rather than read, parsed and drawn
//! for half a minute.

use std::io::Read;
use std::path::Path;

use anyhow::{bail, Context, Result};

/// The most a record file is read to by default, in KB (the server's
/// bound on a record sent to it).
pub const DEFAULT_MAX_KB: u64 = 200;

/// The text of the record file at `path`, if it is at most `max_kb` KB of
/// UTF-8 text; else why not, in one line. At most one byte past the bound
/// is read, whatever the file (a pipe, a device) says its size is.
pub fn read_record(path: &Path, max_kb: u64) -> Result<String> {
    let max = max_kb.saturating_mul(1024);
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > max {
        bail!(
            "{} is over {max_kb} KB, more than a game record holds (--max-record-kb N reads larger files)",
            path.display()
        );
    }
    String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{} is not a text file (not UTF-8 at byte {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_over_the_bound_is_refused_and_one_within_read() {
        let dir = std::env::temp_dir().join(format!("chess3d-record-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.pgn");
        // 1 KB and one byte over a bound of 1 KB; exactly 1 KB is read.
        std::fs::write(&path, "x".repeat(1025)).unwrap();
        let e = read_record(&path, 1).unwrap_err().to_string();
        assert!(e.ends_with("is over 1 KB, more than a game record holds (--max-record-kb N reads larger files)"), "{e}");
        std::fs::write(&path, "x".repeat(1024)).unwrap();
        assert_eq!(read_record(&path, 1).unwrap().len(), 1024);
        std::fs::write(&path, b"[Game \"chess\"]\n\xff").unwrap();
        let e = read_record(&path, 1).unwrap_err().to_string();
        // `[Game "chess"]` is 14 bytes and its line end the 15th: 0xff is
        // byte 15, counted from 0.
        assert!(
            e.ends_with("is not a text file (not UTF-8 at byte 15)"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
