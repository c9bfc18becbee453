"""Reads PGN files written by chess3d with python-chess and checks them.

Each game must have the Seven Tag Roster in order, be read without errors,
and come out the same when python-chess writes its moves back (so every
move is standard SAN with the right check marks); a timed game has every
move's clock. A game that ends in
checkmate or stalemate must end so on python-chess's board too.
"""
import re
import sys

import chess
import chess.pgn

ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]


def movetext(text):
    """The moves of a record's text, without tags, comments and numbers."""
    body = "\n".join(l for l in text.splitlines() if not l.startswith("["))
    body = re.sub(r"\{[^}]*\}", " ", body)
    return [t for t in body.split() if not re.fullmatch(r"\d+\.(\.\.)?", t)]


def main(paths):
    games = moves = mates = timed = 0
    for path in paths:
        text = open(path, encoding="utf-8").read()
        chunks = [c for c in re.split(r"\n\n(?=\[Event )", text.strip()) if c.strip()]
        for chunk in chunks:
            game = chess.pgn.read_game(__import__("io").StringIO(chunk))
            assert game is not None, chunk[:200]
            assert not game.errors, (game.errors, chunk[:400])
            keys = list(game.headers.keys())[:7]
            assert keys == ROSTER, keys
            exporter = chess.pgn.StringExporter(headers=False, comments=False, variations=False)
            ours = movetext(chunk)
            theirs = movetext(game.accept(exporter))
            assert ours == theirs, (ours, theirs)
            board = game.end().board()
            n = len(list(game.mainline_moves()))
            assert n == len(ours) - 1, (n, len(ours))
            if "TimeControl" in game.headers:
                clocks = [node.clock() for node in game.mainline()]
                assert all(c is not None for c in clocks), clocks
                timed += 1
            if board.is_checkmate():
                mates += 1
                assert game.headers["Result"] in ("1-0", "0-1"), game.headers
            games += 1
            moves += n
    assert games > 0 and timed > 0
    print(f"python-chess {chess.__version__} read {games} games, {moves} moves, {mates} mates, {timed} timed games with every move's clock")


if __name__ == "__main__":
    main(sys.argv[1:])
