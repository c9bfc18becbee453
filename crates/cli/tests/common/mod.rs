//! What the command line's tests of `chess3d serve` share.
#![allow(dead_code)] // each test program uses its part

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

/// Starts `chess3d serve` on a free port with the database `db` and the
/// flags `more`; the process and its address. Whatever else the server
/// writes on its output is read and dropped.
pub fn serve(db: &OsStr, more: &[&str]) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess3d"))
        .args(["serve", "--port", "0"])
        .args(more)
        .arg("--db")
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let line = lines.next().unwrap().unwrap();
    std::thread::spawn(move || lines.for_each(drop));
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|a| a.split('/').next())
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (child, addr)
}
