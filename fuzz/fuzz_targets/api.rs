//! The API through the server's router, as a hostile client would send
//! it: the first byte picks an endpoint (creating a game, actions and
//! joining on games that exist, the legend's reach query), the rest is
//! the request body or query. Never a panic, never a 5xx.
#![no_main]

use std::sync::OnceLock;

use axum::body::Body;
use axum::http::Request;
use chess3d_server::hub::{Mode, NewGame};
use chess3d_server::limits::Limits;
use chess3d_server::{api, Config, Hub, Page, Store};
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt;

struct Setup {
    runtime: tokio::runtime::Runtime,
    router: axum::Router,
    /// A local chess game, a remote Polyhedron game and its invitation.
    games: [(String, String); 2],
}

fn setup() -> &'static Setup {
    static SETUP: OnceLock<Setup> = OnceLock::new();
    SETUP.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let dir = std::env::temp_dir().join(format!("chess3d-fuzz-api-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let config = Config {
            creates_per_minute: u32::MAX,
            actions_per_second: u32::MAX,
            reads_per_second: u32::MAX,
            ..Config::default()
        };
        let _guard = runtime.enter();
        let hub = Hub::with_config(Store::open(&dir.join("games.db")).unwrap(), config.clone());
        let game = |game: &str, mode: Mode| {
            let c = hub
                .create(NewGame {
                    game: Some(game.into()),
                    mode: Some(mode),
                    ..NewGame::default()
                })
                .unwrap();
            (c.id, c.invite.unwrap_or(c.token))
        };
        let games = [game("chess", Mode::Local), game("polyhedron", Mode::Remote)];
        let router = api::router(hub, Limits::new(&config), Page::BuiltIn);
        Setup {
            runtime,
            router,
            games,
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let s = setup();
    let (id, _) = &s.games[usize::from(pick >> 7)];
    let body = rest.to_vec();
    let query = String::from_utf8_lossy(rest)
        .chars()
        .filter(|c| !c.is_control() && *c != ' ' && *c != '#')
        .collect::<String>();
    let (method, path, body) = match pick & 3 {
        0 => ("POST", "/api/v1/games".to_string(), body),
        1 => ("POST", format!("/api/v1/games/{id}/actions"), body),
        2 => ("POST", format!("/api/v1/games/{id}/join"), body),
        _ => (
            "GET",
            format!("/api/v1/games/{id}/reach?{query}"),
            Vec::new(),
        ),
    };
    let Ok(request) = Request::builder()
        .method(method)
        .uri(&path)
        .header("host", "localhost")
        .header("content-type", "application/json")
        .body(Body::from(body))
    else {
        return;
    };
    let answer = s
        .runtime
        .block_on(s.router.clone().oneshot(request))
        .unwrap();
    assert!(
        !answer.status().is_server_error(),
        "{method} {path}: {}",
        answer.status()
    );
});
