//! `chess3d play` full screen in a pseudo-terminal, fed as a terminal feeds
//! it: a long paste must never stall the input.
#![cfg(target_os = "linux")]

use std::fs::File;
use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};
use rustix::termios::{tcsetwinsize, Winsize};

/// `chess3d play ARGS` on a new 80×24 pseudo-terminal of type `term`
/// (its colours the terminal's type alone decides): the process, the
/// terminal's side to write keys to, and all it has drawn so far (read on
/// a thread, so that its drawing never blocks).
fn play_in_a_terminal(args: &[&str], term: &str) -> (Child, File, Arc<Mutex<Vec<u8>>>) {
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pseudo-terminal");
    grantpt(&master).unwrap();
    unlockpt(&master).unwrap();
    let size = Winsize {
        ws_row: 24,
        ws_col: 80,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    tcsetwinsize(&master, size).unwrap();
    let name = ptsname(&master, Vec::new()).unwrap();
    let slave = File::options()
        .read(true)
        .write(true)
        .open(name.to_str().unwrap())
        .unwrap();
    let dir = std::env::temp_dir();
    let child = Command::new(env!("CARGO_BIN_EXE_chess3d"))
        .arg("play")
        .args(args)
        .env("CHESS3D_GAMES_DIR", "/nonexistent/chess3d-games")
        .env("TERM", term)
        .env_remove("COLORTERM")
        .env_remove("NO_COLOR")
        .current_dir(dir)
        .stdin(Stdio::from(slave.try_clone().unwrap()))
        .stdout(Stdio::from(slave.try_clone().unwrap()))
        .stderr(Stdio::from(slave))
        .spawn()
        .expect("the binary runs");
    let master = File::from(master);
    let screen = Arc::new(Mutex::new(Vec::new()));
    let mut reader = master.try_clone().unwrap();
    let seen = screen.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        // Ends when the process has gone (EIO) or on a real error.
        while let Ok(n @ 1..) = reader.read(&mut buf) {
            seen.lock().unwrap().extend_from_slice(&buf[..n]);
        }
    });
    (child, master, screen)
}

/// The screen's text as a terminal shows it, row by row.
fn screen_text(screen: &Mutex<Vec<u8>>) -> String {
    let mut terminal = vt100::Parser::new(24, 80, 0);
    terminal.process(&screen.lock().unwrap());
    terminal.screen().contents()
}

/// Waits up to `limit` for `text` on the screen.
fn wait_for(screen: &Mutex<Vec<u8>>, text: &str, limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if screen_text(screen).contains(text) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

/// Waits up to `limit` for the process to end; kills it if it has not.
fn ended_within(child: &mut Child, limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if child.try_wait().unwrap().is_some() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    false
}

const TWO_PLAYERS: [&str; 6] = [
    "chess",
    "--white",
    "human",
    "--black",
    "human",
    "--no-moves-file",
];

/// 10,000 characters typed at once (a paste in a terminal without
/// bracketed paste, or tmux's send-keys), then Ctrl-C: the game had no
/// move, so Ctrl-C quits without asking. Before the fix the keys were read
/// 1,024 bytes at a time and the rest waited for a key that never came:
/// Ctrl-C went unanswered for minutes.
#[test]
fn ctrl_c_after_a_long_paste_is_answered_at_once() {
    let (mut child, mut keys, screen) = play_in_a_terminal(&TWO_PLAYERS, "xterm-256color");
    assert!(
        wait_for(&screen, "White to move", Duration::from_secs(20)),
        "the board never showed"
    );
    keys.write_all("x".repeat(10_000).as_bytes()).unwrap();
    keys.write_all(b"\x03").unwrap();
    // The writes return once the program has read all but the terminal's
    // buffer (4 KB) of them: from here, it has a second.
    assert!(
        ended_within(&mut child, Duration::from_secs(1)),
        "Ctrl-C after 10,000 characters was not answered within 1 s"
    );
}

/// A bracketed paste of 10,000 characters is one event: the line keeps
/// its 256 and says how many were left out, Enter answers about the
/// 256, and Ctrl-C quits.
#[test]
fn a_bracketed_paste_is_cut_and_said() {
    let (mut child, mut keys, screen) = play_in_a_terminal(&TWO_PLAYERS, "xterm-256color");
    assert!(wait_for(&screen, "White to move", Duration::from_secs(20)));
    let mut paste = b"\x1b[200~".to_vec();
    paste.extend("e".repeat(10_000).as_bytes());
    paste.extend(b"\x1b[201~");
    keys.write_all(&paste).unwrap();
    assert!(
        wait_for(
            &screen,
            "the input line holds at most 256 characters: 9744 left out",
            Duration::from_secs(5)
        ),
        "{}",
        screen_text(&screen)
    );
    keys.write_all(b"\r").unwrap();
    assert!(wait_for(
        &screen,
        "a move is at most 64 characters; this text has 256",
        Duration::from_secs(5)
    ));
    keys.write_all(b"\x03").unwrap();
    assert!(ended_within(&mut child, Duration::from_secs(5)));
}

/// `TERM=xterm` knows 16 colours: they are written with their own codes
/// (30–37, 40–47, 90–97, 100–107), never as `38;5;N` / `48;5;N`.
#[test]
fn a_sixteen_colour_terminal_gets_sixteen_colour_codes() {
    let (mut child, mut keys, screen) = play_in_a_terminal(&TWO_PLAYERS, "xterm");
    assert!(wait_for(&screen, "White to move", Duration::from_secs(20)));
    keys.write_all(b"\x03").unwrap();
    assert!(ended_within(&mut child, Duration::from_secs(5)));
    let drawn = String::from_utf8_lossy(&screen.lock().unwrap()).into_owned();
    assert!(!drawn.contains(";5;"), "a 256-colour code: {drawn:?}");
    // Black pieces (30) on the squares' dark grey (100) and magenta (45).
    assert!(drawn.contains("\x1b[30;100m") && drawn.contains("\x1b[30;45m"));
}

/// `TERM=dumb` moves no cursor: the game is played in lines, with no
/// escape sequence at all.
#[test]
fn a_dumb_terminal_gets_plain_lines() {
    let (mut child, mut keys, screen) = play_in_a_terminal(&TWO_PLAYERS, "dumb");
    keys.write_all(b"e4\rquit\r").unwrap();
    assert!(ended_within(&mut child, Duration::from_secs(20)));
    // What the reader thread has not read yet is still in the terminal.
    std::thread::sleep(Duration::from_millis(200));
    let drawn = String::from_utf8_lossy(&screen.lock().unwrap()).into_owned();
    assert!(drawn.contains("Move 1. e4"), "{drawn}");
    assert!(!drawn.contains('\x1b'), "an escape sequence: {drawn:?}");
}
