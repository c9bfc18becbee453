//! Fair play and takebacks between people (issue 57): no engine help in a
//! game between people while it is played, unless it was made casual with
//! hints allowed, and then every hint is shown to both; takeback requests
//! in remote games, accepted or declined, the clocks as they were.

mod support;

use std::net::SocketAddr;

use serde_json::{json, Value};
use support::{act, error, get, moved, post};

async fn server(name: &str) -> SocketAddr {
    support::serve_lifted("fair-play", name).await
}

/// A remote game of chess made by Ann with `more` settings, joined by Bob:
/// its id and the two tokens.
async fn remote(addr: SocketAddr, more: Value) -> (String, String, String) {
    let mut body = json!({ "game": "chess", "mode": "remote", "name": "Ann" });
    body.as_object_mut()
        .unwrap()
        .extend(more.as_object().unwrap().clone());
    let created = support::create(addr, body).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (status, joined) = post(
        addr,
        &format!("/api/v1/games/{id}/join"),
        json!({ "invite": created["invite"], "name": "Bob" }),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    let token = |v: &Value| v["token"].as_str().unwrap().to_string();
    (id, token(&created), token(&joined))
}

async fn hint(addr: SocketAddr, id: &str, token: &str) -> (u16, Value) {
    post(
        addr,
        &format!("/api/v1/games/{id}/hint"),
        json!({ "token": token }),
    )
    .await
}

async fn state(addr: SocketAddr, id: &str) -> Value {
    get(addr, &format!("/api/v1/games/{id}")).await.1
}

#[tokio::test(flavor = "multi_thread")]
async fn no_engine_help_between_people_while_they_play() {
    let addr = server("no-help").await;
    let (id, ann, bob) = remote(addr, json!({})).await;
    let s = state(addr, &id).await;
    assert_eq!(
        (s["hints_allowed"].clone(), s["engine_help"].clone()),
        (json!(false), json!(false))
    );
    // The player to move and the other: 403, with the rule in a sentence.
    for token in [&ann, &bob] {
        let (status, v) = hint(addr, &id, token).await;
        assert_eq!(status, 403, "{v}");
        assert!(
            error(&v).starts_with("no engine help in a game between people"),
            "{v}"
        );
    }
    // Two people at one screen: the same.
    let local = support::create(addr, json!({ "game": "chess", "mode": "local" })).await;
    let (lid, ltoken) = (
        local["id"].as_str().unwrap(),
        local["token"].as_str().unwrap(),
    );
    assert_eq!(hint(addr, lid, ltoken).await.0, 403);
    // Against the computer: a hint.
    let computer = support::create(addr, json!({ "game": "chess", "mode": "computer" })).await;
    let (cid, ctoken) = (
        computer["id"].as_str().unwrap(),
        computer["token"].as_str().unwrap(),
    );
    assert_eq!(computer["state"]["engine_help"], json!(true));
    let (status, v) = hint(addr, cid, ctoken).await;
    assert_eq!(status, 200, "{v}");
    // Over, the game is open to the engine.
    let (status, v) = act(addr, &id, json!({ "token": bob, "action": "resign" })).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["engine_help"], json!(true));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_casual_game_gives_hints_to_both_players_and_shows_each() {
    let addr = server("casual").await;
    let (id, ann, bob) = remote(addr, json!({ "hints": true })).await;
    // What the invitee reads before joining, and the header after.
    let s = state(addr, &id).await;
    assert_eq!(
        (s["hints_allowed"].clone(), s["engine_help"].clone()),
        (json!(true), json!(true))
    );
    let (status, given) = hint(addr, &id, &ann).await;
    assert_eq!(status, 200, "{given}");
    // Bob sees it: in the game's hints (for White's first move) and its note.
    let s = state(addr, &id).await;
    let label = given["label"].as_str().unwrap();
    assert_eq!(s["hints_given"][0]["ply"], json!(0));
    assert_eq!(s["hints_given"][0]["side"], json!(0));
    assert_eq!(s["hints_given"][0]["label"], json!(label));
    assert_eq!(s["note"], json!(format!("White asked for a hint: {label}")));
    assert_eq!(
        given["version"], s["version"],
        "the hint's version is the game's after it"
    );
    // Bob's turn, Bob's hint; both kept.
    moved(addr, &id, &ann, "e4").await;
    let (status, v) = hint(addr, &id, &bob).await;
    assert_eq!(status, 200, "{v}");
    let s = state(addr, &id).await;
    assert_eq!(s["hints_given"].as_array().unwrap().len(), 2, "{s}");
    assert_eq!(s["hints_given"][1]["side"], json!(1));
    assert_eq!(s["hints_given"][1]["ply"], json!(1));
    // The analysis is open too.
    let (status, v) = post(addr, &format!("/api/v1/games/{id}/analysis"), json!({})).await;
    assert_eq!(status, 200, "{v}");
    // Moves taken back past a hint's position take its hint with them:
    // 1... e5, then White asks on her turn (two moves), Black accepts.
    moved(addr, &id, &bob, "e5").await;
    act(addr, &id, json!({ "token": ann, "action": "takeback" })).await;
    let (status, v) = act(addr, &id, json!({ "token": bob, "action": "takeback" })).await;
    assert_eq!((status, v["ply"].clone()), (200, json!(0)), "{v}");
    assert_eq!(v["hints_given"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["hints_given"][0]["ply"], json!(0));
    // A rematch is casual too.
    act(addr, &id, json!({ "token": ann, "action": "resign" })).await;
    act(addr, &id, json!({ "token": ann, "action": "rematch" })).await;
    let (_, v) = act(addr, &id, json!({ "token": bob, "action": "rematch" })).await;
    let next = state(addr, v["rematch"].as_str().unwrap()).await;
    assert_eq!(next["hints_allowed"], json!(true));
}

/// White's and Black's clocks in a state.
fn clocks(s: &Value) -> [u64; 2] {
    let r = &s["clock"]["remaining"];
    [r[0].as_u64().unwrap(), r[1].as_u64().unwrap()]
}

#[tokio::test(flavor = "multi_thread")]
async fn takebacks_are_asked_for_then_declined_or_accepted() {
    let addr = server("takeback").await;
    let (id, ann, bob) = remote(addr, json!({ "clock": "5+3" })).await;
    let ask = |token: &str| json!({ "token": token, "action": "takeback" });
    // Nothing of Black's to take back yet.
    let (status, v) = act(addr, &id, ask(&bob)).await;
    assert_eq!(status, 409, "{v}");
    moved(addr, &id, &ann, "e4").await;
    let at_two = moved(addr, &id, &bob, "e5").await;
    moved(addr, &id, &ann, "d4").await;
    // Ann asks for her move back; asking twice is refused.
    let (status, v) = act(addr, &id, ask(&ann)).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["takeback_offer"], json!(0));
    assert_eq!(v["note"], json!("White asks to take back the last move"));
    assert_eq!(act(addr, &id, ask(&ann)).await.0, 409);
    // Bob declines: nothing taken back.
    let (status, v) = act(addr, &id, json!({ "token": bob, "action": "decline" })).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        (v["ply"].clone(), v["takeback_offer"].clone()),
        (json!(3), Value::Null)
    );
    assert_eq!(v["note"], json!("Black declines the takeback"));
    // Asked again and accepted: d4 taken back, White to move, the clocks
    // as they stood after 1... e5 (White's running again from there); with
    // an increment of 3 s, a clock given back anything else is seconds
    // off.
    act(addr, &id, ask(&ann)).await;
    let (status, v) = act(addr, &id, ask(&bob)).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v["moves"],
        json!(["e7e5", "e2e4"].iter().rev().collect::<Vec<_>>())
    );
    assert_eq!(v["view"]["to_move"], json!(0));
    assert_eq!(
        v["note"],
        json!("Black accepts: the last move taken back, White to move")
    );
    let (was, now) = (clocks(&at_two), clocks(&v));
    assert_eq!(now[1], was[1], "Black's clock as it was");
    // White's as it stood when 1... e5 was played (the state after it was
    // made a moment later, its clock running), less the moment since the
    // acceptance: within two seconds either way.
    assert!(now[0].abs_diff(was[0]) < 2_000, "{was:?} {now:?}");
    // Asked on one's own turn: the reply and one's move (two). A move
    // instead withdraws it.
    let (_, v) = act(addr, &id, ask(&ann)).await;
    assert_eq!(v["note"], json!("White asks to take back the last 2 moves"));
    let v = moved(addr, &id, &ann, "Nf3").await;
    assert_eq!(v["takeback_offer"], Value::Null);
    // At one screen, Undo is the way.
    let local = support::create(addr, json!({ "game": "chess", "mode": "local" })).await;
    let (lid, ltoken) = (
        local["id"].as_str().unwrap(),
        local["token"].as_str().unwrap(),
    );
    moved(addr, lid, ltoken, "e4").await;
    let (status, v) = act(addr, lid, ask(ltoken)).await;
    assert_eq!(status, 409, "{v}");
    assert!(error(&v).contains("Undo"), "{v}");
}
