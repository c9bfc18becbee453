//! What the command line's tests share: starting the binary, and for
//! those of `chess3d serve`, talking to it.
#![allow(dead_code)] // each test program uses its part

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use serde_json::Value;
use std::process::{Child, Command, Stdio};

/// Runs `chess3d ARGS` to its end with the built-in games only (a games
/// folder that is not there, whatever the machine's holds).
pub fn chess3d(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_chess3d"))
        .args(args)
        .env("CHESS3D_GAMES_DIR", "/nonexistent/chess3d-games")
        .output()
        .expect("the binary runs")
}

/// Starts `chess3d ARGS` with the built-in games only (a games folder
/// that is not there) and its three streams piped, `env` set besides.
pub fn spawn_piped(args: &[&str], env: &[(&str, &OsStr)]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_chess3d"))
        .args(args)
        .env("CHESS3D_GAMES_DIR", "/nonexistent/chess3d-games")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

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

/// One HTTP request; the status and the JSON answer.
pub fn http(addr: SocketAddr, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}
