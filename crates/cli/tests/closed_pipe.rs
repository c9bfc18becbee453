//! Every command read by a reader that has gone (`| head`): it ends at
//! once with success, no panic and no word of it, as `moves` and the Unix
//! tools do. Each runs with its standard output closed before it writes (and
//! some with standard error closed too); `match`, which also writes its
//! games to a file, has its own test in cli.rs.

mod common;

use std::io::Write;

/// Runs the binary on `input` with standard output closed, and standard
/// error too with `no_stderr`; the exit status and what it wrote on
/// standard error.
fn closed(args: &[&str], input: &str, no_stderr: bool) -> (std::process::ExitStatus, String) {
    let mut child = common::spawn_piped(args, &[]);
    // The read ends closed before anything is written.
    drop(child.stdout.take());
    if no_stderr {
        drop(child.stderr.take());
    }
    // The command may be gone before it reads its input.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let o = child.wait_with_output().unwrap();
    (o.status, String::from_utf8_lossy(&o.stderr).into_owned())
}

/// Success, whether standard error is open or not, and on it (progress
/// aside, which `tune` and `perft` write there) no panic and no word of
/// the pipe.
fn ends_quietly(args: &[&str], input: &str) {
    for no_stderr in [false, true] {
        let (status, err) = closed(args, input, no_stderr);
        assert!(status.success(), "{args:?}: {status:?} {err}");
        assert!(
            !err.contains("panicked")
                && !err.to_lowercase().contains("pipe")
                && !err.lines().any(|l| l.starts_with("error")),
            "{args:?} said on standard error: {err}"
        );
    }
}

#[test]
fn analyze() {
    // It used to panic twice (from the search's thread) and exit 101.
    ends_quietly(&["analyze", "chess", "--depth", "12"], "");
    ends_quietly(&["analyze", "elevator", "--depth", "6"], "");
}

#[test]
fn variants() {
    ends_quietly(&["variants", "--verbose"], "");
}

#[test]
fn bench() {
    ends_quietly(&["bench", "perft", "--quick", "--runs", "1"], "");
}

#[test]
fn uci() {
    ends_quietly(
        &["uci"],
        "uci\nisready\nposition startpos\ngo depth 4\nquit\n",
    );
}

#[test]
fn play_plain() {
    ends_quietly(&["play", "chess", "--plain"], "e2e4\ne7e5\nquit\n");
}

#[test]
fn show_moves_perft() {
    ends_quietly(&["moves", "ziggurat"], "");
    ends_quietly(&["show", "polyhedron"], "");
    ends_quietly(&["perft", "chess", "3", "--divide"], "");
}

#[test]
fn tune() {
    let dir = std::env::temp_dir().join(format!("chess3d-tune-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("w.toml");
    let out = out.to_str().unwrap();
    let args = [
        "tune", "chess", "--games", "4", "--nodes", "100", "--epochs", "1", "--out", out,
    ];
    ends_quietly(&args, "");
    // The weights are written before the line that says so.
    assert!(std::fs::read_to_string(out).unwrap().contains("value"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train() {
    let dir = std::env::temp_dir().join(format!("chess3d-train-closed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // 24 labelled positions (the trainer wants 20 at least): three
    // openings' positions, eight times each.
    let lines = "1 30 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
                 0.5 0 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
                 0 -50 rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n";
    let data = dir.join("t.scores");
    std::fs::write(&data, lines.repeat(8)).unwrap();
    let out = dir.join("t.net");
    let args = [
        "train",
        "chess",
        "--data",
        data.to_str().unwrap(),
        "--epochs",
        "2",
        "--batch",
        "4",
        "--hidden",
        "4",
        "--out",
        out.to_str().unwrap(),
    ];
    ends_quietly(&args, "");
    // The network is written whatever became of the words about it.
    assert!(std::fs::metadata(&out).unwrap().len() > 0);
    std::fs::remove_dir_all(&dir).unwrap();
}
