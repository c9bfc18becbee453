//! The web page's files: built into the binary from `web/dist` when the
//! page was built before the binary (a release binary carries them
//! wherever it is copied; a debug build reads that folder), or from a
//! folder given with `--web DIR`. Without either, a page that says how to
//! build it. Paths with a part starting with a dot, and files that resolve
//! (through links) outside the folder, are never served.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use axum::http::{header, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};
use rust_embed::Embed;

#[derive(Embed)]
#[folder = "../../web/dist/"]
#[allow_missing = true]
struct Built;

/// Where the page's files come from.
#[derive(Clone, Debug)]
pub enum Page {
    /// The files built into the binary.
    BuiltIn,
    /// A folder's files (its canonical path).
    Folder(PathBuf),
}

impl Page {
    /// The folder `dir` (it must hold `index.html`), or the built-in page.
    pub fn new(dir: Option<&Path>) -> anyhow::Result<Page> {
        let Some(dir) = dir else {
            return Ok(Page::BuiltIn);
        };
        let root = dir
            .canonicalize()
            .map_err(|e| anyhow::anyhow!("cannot use the page folder {}: {e}", dir.display()))?;
        if !root.join("index.html").is_file() {
            anyhow::bail!(
                "{} has no index.html: give --web the built page's dist folder",
                dir.display()
            );
        }
        Ok(Page::Folder(root))
    }

    /// Whether the page is there (else the explanation is served).
    pub fn is_built(&self) -> bool {
        match self {
            Page::BuiltIn => Built::get("index.html").is_some(),
            Page::Folder(_) => true,
        }
    }

    /// Describes where the page comes from, for the start-up line.
    pub fn describe(&self) -> String {
        match self {
            Page::BuiltIn if self.is_built() => "the page built into chess3d".into(),
            Page::BuiltIn => "no page (built without it: the API only)".into(),
            Page::Folder(dir) => format!("the page in {}", dir.display()),
        }
    }

    fn file(&self, path: &str) -> Option<Cow<'static, [u8]>> {
        match self {
            Page::BuiltIn => Built::get(path).map(|f| f.data),
            Page::Folder(root) => {
                let file = root.join(path).canonicalize().ok()?;
                // A link leading out of the folder, or to a dotfile in it,
                // is not the page's.
                let inside = file.strip_prefix(root).ok()?;
                let hidden = inside
                    .components()
                    .any(|c| c.as_os_str().to_string_lossy().starts_with('.'));
                (!hidden && file.is_file())
                    .then(|| std::fs::read(file).ok().map(Cow::Owned))
                    .flatten()
            }
        }
    }

    /// The answer for `uri`: the file, or `index.html` for a path that
    /// names no file (the page's own routes), or 404.
    pub fn serve(&self, uri: &Uri) -> Response {
        let path = uri.path().trim_start_matches('/');
        let safe = path
            .split('/')
            .all(|part| !part.starts_with('.') && !part.contains('\\') && !part.contains('\0'));
        if !safe {
            return (StatusCode::NOT_FOUND, "no such file").into_response();
        }
        let path = if path.is_empty() { "index.html" } else { path };
        if let Some(data) = self.file(path) {
            let kind = mime_guess::from_path(path).first_or_octet_stream();
            return ([(header::CONTENT_TYPE, kind.to_string())], data).into_response();
        }
        let last = path.rsplit('/').next().unwrap_or("");
        match self.file("index.html") {
            Some(index) if !last.contains('.') => {
                ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], index).into_response()
            }
            Some(_) => (StatusCode::NOT_FOUND, "no such file").into_response(),
            None => Html(NO_PAGE).into_response(),
        }
    }
}

const NO_PAGE: &str = "<!doctype html><title>chess3d</title><p>This chess3d was built \
without its web page. Run <code>scripts/run</code> from the repository (it builds the page \
with npm, then chess3d with the page inside), or give <code>chess3d serve --web DIR</code> \
the page's <code>dist</code> folder. The API is at <code>/api/v1</code>.";
