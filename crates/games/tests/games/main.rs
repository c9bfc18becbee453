//! The games' integration tests, as one test program: each module below
//! was once a program of its own. Built at opt-level 3 (see
//! `[profile.test]`), each program compiled the core's generic code for
//! the games it used again, and CI has 25 minutes; one program compiles
//! it once. Run one module's tests with `cargo test -p chess3d-games
//! --test games ziggurat_rules::`.

#[macro_use]
mod common;

mod about;
mod antichess;
mod attackers;
mod chess960;
mod chess_perft;
mod chess_properties;
mod chess_rules;
mod chess_vs_cozy;
mod crazyhouse;
mod elevator_properties;
mod elevator_rules;
mod elevator_vs_reference;
mod elevator_wonkavator;
mod game_files;
mod goals;
mod hoppers;
mod jocly3d;
mod lame;
mod may_expose;
mod millennium;
mod minishogi;
mod moving_boards;
mod notation;
mod pawns;
mod polyhedron_properties;
mod polyhedron_rules;
mod polyhedron_vs_reference;
mod raumschach_rules;
mod reach;
mod records;
mod san;
mod seirawan;
mod shogi;
mod spartan;
mod startrek_properties;
mod startrek_rules;
mod startrek_vs_reference;
mod variant_files;
mod xiangqi;
mod ziggurat43_properties;
mod ziggurat43_rules;
mod ziggurat43_vs_reference;
mod ziggurat_properties;
mod ziggurat_rules;
mod ziggurat_vs_reference;
mod zones;
