//! Lines for standard output and standard error that never panic
//! (`println!` does, when nobody reads any more). A reader that has gone
//! (`chess3d analyze chess --depth 12 | head -1`) ends the program at once,
//! quietly and successfully, as the Unix tools end; a standard error that
//! cannot be written to is left unwritten.

use std::fmt::Arguments;
use std::io::{self, Write};

/// Writes to standard output, flushed (a progress line shows at once).
/// A closed pipe ends the program with success and no word; any other
/// failure to write ends it with the reason on standard error.
pub(crate) fn to_stdout(args: Arguments) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        to_stderr(format_args!(
            "error: cannot write to standard output: {e}\n"
        ));
        std::process::exit(1);
    }
}

/// Writes to standard error, or nothing if it cannot be written to.
pub(crate) fn to_stderr(args: Arguments) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.flush());
}

/// `println!` to standard output, through [`to_stdout`].
macro_rules! outln {
    () => { $crate::output::to_stdout(format_args!("\n")) };
    ($($t:tt)*) => { $crate::output::to_stdout(format_args!("{}\n", format_args!($($t)*))) };
}

/// `eprintln!`, through [`to_stderr`].
macro_rules! errln {
    () => { $crate::output::to_stderr(format_args!("\n")) };
    ($($t:tt)*) => { $crate::output::to_stderr(format_args!("{}\n", format_args!($($t)*))) };
}

/// `eprint!` (a progress line rewritten in place), through [`to_stderr`].
macro_rules! err {
    ($($t:tt)*) => { $crate::output::to_stderr(format_args!($($t)*)) };
}
