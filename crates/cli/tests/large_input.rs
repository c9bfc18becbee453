//! Input of any size and any bytes, bounded everywhere (issue 56): a huge
//! record refused at once in one short line, a long word quoted back cut
//! short, control characters escaped, a line that is not UTF-8 one error
//! in line mode and the game going on.

mod common;

use std::io::Write;
use std::path::PathBuf;
use std::process::Output;

fn dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("chess3d-large-input-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `chess3d play ARGS --plain` with `input` (bytes) on stdin.
fn play(args: &[&str], input: &[u8]) -> Output {
    let args: Vec<&str> = ["play"]
        .into_iter()
        .chain(args.iter().copied())
        .chain(["--plain", "--white", "human", "--black", "human"])
        .collect();
    let data = dir();
    let mut child = common::spawn_piped(&args, &[("XDG_DATA_HOME", data.as_os_str())]);
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_huge_record_is_refused_in_one_short_line() {
    // 50 MB of one word: it used to take 20 s and 1.85 GB to refuse.
    let path = dir().join("huge.pgn");
    std::fs::write(&path, "e".repeat(50 << 20)).unwrap();
    let o = play(&["chess", "--load", path.to_str().unwrap()], b"");
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.len() < 200 && err.contains("is over 200 KB, more than a game record holds"),
        "{err}"
    );
    // The load command says the same, and the game goes on.
    let o = play(
        &["chess"],
        format!("load {}\ne2e4\nquit\n", path.display()).as_bytes(),
    );
    let out = text(&o.stdout);
    assert!(
        out.lines()
            .any(|l| l.starts_with("Error ") && l.contains("is over 200 KB") && l.len() < 200),
        "{out}"
    );
    assert!(out.contains("Move 1. e4"), "{out}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_long_word_is_quoted_back_cut_short() {
    // 300 KB of one word, read with a larger bound: the damage names the
    // move by its first 40 characters and its length.
    let path = dir().join("word.pgn");
    std::fs::write(
        &path,
        format!("[Game \"chess\"]\n\n1. {}\n", "e".repeat(300 * 1024)),
    )
    .unwrap();
    let o = play(
        &[
            "chess",
            "--load",
            path.to_str().unwrap(),
            "--max-record-kb",
            "400",
        ],
        b"quit\n",
    );
    let out = text(&o.stdout);
    let line = out
        .lines()
        .find(|l| l.starts_with("Error "))
        .expect("the damage is named");
    assert!(line.len() < 200, "{} bytes: {}", line.len(), &line[..200]);
    assert!(
        line.contains(&format!("'{}… (307200 characters)'", "e".repeat(40))),
        "{line}"
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn control_characters_are_escaped_and_a_line_not_utf8_is_one_error() {
    let o = play(&["chess"], b"e\x01\x1b[31m4\n\xff\xfe e4\ne2e4\nquit\n");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(!out.contains('\x1b') && !out.contains('\x01'), "{out:?}");
    assert!(out.contains(r"'e\u{1}\u{1b}[31m4'"), "{out}");
    assert!(out.contains("Error the line is not UTF-8 text"), "{out}");
    assert!(out.contains("Move 1. e4"), "{out}");
}
