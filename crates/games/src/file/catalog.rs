//! Where games read from files come from: the files compiled into the
//! program, a games folder (docs/game-files.md, "Where chess3d finds game
//! files"), and files named by their path.
//!
//! The folder is read once, the first time a game is looked for in it: a
//! file added later is found by a program started later. A file named by
//! its path is read when named, and is then known by its id too (a server
//! or a UCI session names games by id).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::{load, FileGame};

/// The folder set by [`set_games_dir`], if any.
static GAMES_DIR: Mutex<Option<PathBuf>> = Mutex::new(None);

/// What has been read: the folder's listing (once), files named by path.
static READ: Mutex<Read> = Mutex::new(Read {
    folder: None,
    by_path: Vec::new(),
});

struct Read {
    folder: Option<Listing>,
    by_path: Vec<Found>,
}

/// A game read from a file, and where it came from.
#[derive(Clone, Debug)]
pub struct Found {
    pub game: FileGame,
    /// The file (for the embedded ones, its place in the repository).
    pub path: PathBuf,
    pub embedded: bool,
}

/// What a games folder holds.
#[derive(Clone, Debug, Default)]
pub struct Listing {
    pub dir: PathBuf,
    /// The games read, by file name.
    pub games: Vec<Found>,
    /// Each file that could not be used, and why, as `path:line:column:
    /// message` where the mistake is in the file.
    pub problems: Vec<String>,
    /// Why the folder itself could not be read (it need not exist).
    pub unreadable: Option<String>,
}

/// The folder searched when none is set: `$XDG_DATA_HOME/chess3d/variants`,
/// or `~/.local/share/chess3d/variants` (beside the saved games'
/// `chess3d/games`).
pub fn default_games_dir() -> Option<PathBuf> {
    std::env::var_os("XDG_DATA_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .map(|d| d.join("chess3d").join("variants"))
}

/// Searches `dir` for game files instead of the default folder. Set it
/// before the first game is looked for.
pub fn set_games_dir(dir: PathBuf) {
    *lock(&GAMES_DIR) = Some(dir);
    lock(&READ).folder = None;
}

/// The folder searched for game files.
pub fn games_dir() -> Option<PathBuf> {
    lock(&GAMES_DIR).clone().or_else(default_games_dir)
}

/// Whether `name` names a file rather than a game id (ids have neither
/// `/` nor `.`).
pub fn is_path(name: &str) -> bool {
    name.contains(['/', '\\']) || name.ends_with(".toml")
}

/// The games compiled into the program as files: always there, whatever
/// the folder holds.
pub fn embedded() -> Vec<Found> {
    vec![Found {
        game: FileGame::Small(crate::raumschach::game()),
        path: PathBuf::from(crate::raumschach::PATH),
        embedded: true,
    }]
}

/// The games folder's listing, read the first time it is asked for.
pub fn folder() -> Listing {
    let mut read = lock(&READ);
    if read.folder.is_none() {
        read.folder = Some(match games_dir() {
            Some(dir) => scan(&dir),
            None => Listing {
                unreadable: Some("no folder: neither XDG_DATA_HOME nor HOME is set".into()),
                ..Listing::default()
            },
        });
    }
    read.folder.clone().unwrap_or_default()
}

/// The game a name names, if a file holds it: a file's path, or the id of
/// an embedded game, of a file read by path before, or of a file in the
/// games folder. `Ok(None)`: no file game has this id. `Err`: a file was
/// named and cannot be used, with why.
pub fn find(name: &str) -> Result<Option<FileGame>, String> {
    if is_path(name) {
        return by_path(Path::new(name)).map(Some);
    }
    Ok(known()
        .into_iter()
        .find(|f| f.game.def().id == name)
        .map(|f| f.game))
}

/// Every game read from a file so far, and the folder's: the embedded
/// ones, those read by path, the folder's.
pub fn known() -> Vec<Found> {
    let folder = folder().games;
    all_of(&lock(&READ).by_path, folder)
}

/// The embedded games, then those read by path, then the folder's.
fn all_of(by_path: &[Found], folder: Vec<Found>) -> Vec<Found> {
    let mut all = embedded();
    all.extend_from_slice(by_path);
    all.extend(folder);
    all
}

/// The file of the game `id`, if it was read from one at run time (from
/// the folder or by its path): what names the game to another program,
/// whose folder may differ.
pub fn path_of(id: &str) -> Option<PathBuf> {
    known()
        .into_iter()
        .find(|f| !f.embedded && f.game.def().id == id)
        .map(|f| f.path)
}

/// Reads the game file at `path` and makes its id known.
fn by_path(path: &Path) -> Result<FileGame, String> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
    let def = load(&text).map_err(|e| e.in_file(&shown))?;
    let game = FileGame::of(def);
    let id = def.id;
    // Checked and added under one lock: two threads reading two files of
    // one id add one of them.
    let folder = folder().games;
    let mut read = lock(&READ);
    let same_id = all_of(&read.by_path, folder)
        .into_iter()
        .find(|f| f.game.def().id == id);
    match same_id {
        // The file of a game known already (Raumschach's, say).
        Some(f) if f.game == game => Ok(game),
        _ if crate::AVAILABLE.contains(&id) => Err(format!(
            "{shown}: the id '{id}' is a built-in game's: give the file another"
        )),
        Some(f) => Err(format!(
            "{shown}: the id '{id}' is already the game of {}: give the file another",
            f.path.display()
        )),
        None => {
            read.by_path.push(Found {
                game,
                path: path.to_path_buf(),
                embedded: false,
            });
            Ok(game)
        }
    }
}

/// The most the games folder is read of: a folder of a few games' files
/// is far below, and a folder holding anything else (a link to a large
/// file, thousands of files) costs no more than this at start.
const MAX_FILE_BYTES: u64 = 256 * 1024;
const MAX_FOLDER_FILES: usize = 200;
const MAX_FOLDER_BYTES: u64 = 4 * 1024 * 1024;

/// The size of the file at `path` if it is one to read: a regular file in
/// the folder itself (a link, which may lead out of it, is not followed)
/// and at most [`MAX_FILE_BYTES`]; else why not.
fn regular_file(path: &Path) -> Result<u64, String> {
    let meta = std::fs::symlink_metadata(path).map_err(|e| e.to_string())?;
    if meta.file_type().is_symlink() {
        return Err("a link is not read from the games folder: copy the file in".into());
    }
    if !meta.is_file() {
        return Err("not a file".into());
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "{} KB: a game file is at most {} KB",
            meta.len() / 1024,
            MAX_FILE_BYTES / 1024
        ));
    }
    Ok(meta.len())
}

/// The text of the file at `path`, checked again once open (a regular
/// file) and read no further than [`MAX_FILE_BYTES`]: a file that grew or
/// was swapped since it was looked at costs no more.
fn read_capped(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    if !file.metadata().map_err(|e| e.to_string())?.is_file() {
        return Err("not a file".into());
    }
    let mut text = String::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| e.to_string())?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "a game file is at most {} KB",
            MAX_FILE_BYTES / 1024
        ));
    }
    Ok(text)
}

/// Reads every `*.toml` file of `dir`, in name order. A file that does not
/// load, or whose id another game has, is a problem, not a game.
fn scan(dir: &Path) -> Listing {
    let mut listing = Listing {
        dir: dir.to_path_buf(),
        ..Listing::default()
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            listing.unreadable = Some(format!("{}: {e}", dir.display()));
            return listing;
        }
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    let mut read_bytes = 0u64;
    for (i, path) in paths.into_iter().enumerate() {
        let shown = path.display().to_string();
        if i >= MAX_FOLDER_FILES || read_bytes >= MAX_FOLDER_BYTES {
            listing.problems.push(format!(
                "{shown}: left out, with the files after it: a games folder is read up to \
                 {MAX_FOLDER_FILES} files or {} KB",
                MAX_FOLDER_BYTES / 1024
            ));
            break;
        }
        let loaded = regular_file(&path)
            .inspect(|&len| read_bytes += len)
            .and_then(|_| read_capped(&path))
            .map_err(|e| format!("{shown}: {e}"))
            .and_then(|text| load(&text).map_err(|e| e.in_file(&shown)));
        let def = match loaded {
            Ok(def) => def,
            Err(problem) => {
                listing.problems.push(problem);
                continue;
            }
        };
        let earlier = listing.games.iter().find(|f| f.game.def().id == def.id);
        if let Some(f) = earlier {
            listing.problems.push(format!(
                "{shown}: the id '{}' is already the game of {}: this file is left out",
                def.id,
                f.path.display()
            ));
        } else if crate::AVAILABLE.contains(&def.id) {
            listing.problems.push(format!(
                "{shown}: the id '{}' is a built-in game's: this file is left out",
                def.id
            ));
        } else {
            listing.games.push(Found {
                game: FileGame::of(def),
                path,
                embedded: false,
            });
        }
    }
    listing
}

/// A lock that a panic elsewhere did not spoil (the data stays whole:
/// every change is one assignment or push).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 54: the folder's own regular files are read; a link (to a
    /// game file outside the folder) is not followed, nor is a file over
    /// the size cap read, and each is named with why.
    #[test]
    fn the_games_folder_reads_only_its_own_small_files() {
        let root = std::env::temp_dir().join(format!("chess3d-catalog-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let (dir, outside) = (root.join("variants"), root.join("elsewhere"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        let raumschach = include_str!("../../../../games/raumschach.toml");
        let named =
            |id: &str| raumschach.replacen("id = \"raumschach\"", &format!("id = \"{id}\""), 1);
        std::fs::write(dir.join("inside.toml"), named("inside")).unwrap();
        std::fs::write(outside.join("secret.toml"), named("outside")).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(outside.join("secret.toml"), dir.join("link.toml")).unwrap();
        // Over the cap: a valid file padded with a comment.
        let padding = "#".repeat(MAX_FILE_BYTES as usize);
        std::fs::write(dir.join("large.toml"), named("large") + &padding).unwrap();
        let listing = scan(&dir);
        let ids: Vec<String> = listing
            .games
            .iter()
            .map(|f| f.game.def().id.to_string())
            .collect();
        assert_eq!(ids, ["inside"], "{:?}", listing.problems);
        let said = listing.problems.join("\n");
        assert!(
            said.contains("large.toml") && said.contains("at most 256 KB"),
            "{said}"
        );
        #[cfg(unix)]
        assert!(
            said.contains("link.toml") && said.contains("a link is not read"),
            "{said}"
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
