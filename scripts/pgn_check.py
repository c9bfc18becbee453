"""Reads PGN files written by chess3d with python-chess and checks them.

Each game must have the Seven Tag Roster in order, be read without errors,
and come out the same when python-chess writes its moves back (so every
move is standard SAN with the right check marks); a timed game has every
move's clock. Every game's result and its reason (the Termination tag)
must be python-chess's on the final board: a checkmate by the side that
chess3d says wins, a stalemate, bare Kings, 100 plies without a capture
or a pawn move, a threefold repetition; and a board python-chess finds
mated or stalemated must be one chess3d ended so.
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


def check_ending(game, board):
    """chess3d's result and reason against python-chess's reading of the
    final board; the reason's kind, for the summary."""
    result = game.headers["Result"]
    why = game.headers.get("Termination", "")
    context = (result, why, board.fen())
    if board.is_checkmate():
        winner = "White" if board.turn == chess.BLACK else "Black"
        assert why == f"checkmate, {winner} wins", context
        assert result == ("1-0" if winner == "White" else "0-1"), context
        return "checkmate"
    if board.is_stalemate():
        assert why == "draw by stalemate" and result == "1/2-1/2", context
        return "stalemate"
    if why.startswith("checkmate") or why == "draw by stalemate":
        raise AssertionError(("python-chess sees no such ending",) + context)
    if why == "draw by bare Kings":
        assert len(board.piece_map()) == 2 and result == "1/2-1/2", context
    elif why == "draw by 100 plies without capture or pawn move":
        assert board.halfmove_clock >= 100 and result == "1/2-1/2", context
    elif why == "draw by threefold repetition":
        assert board.is_repetition(3) and result == "1/2-1/2", context
    return why or "none"


def main(paths):
    games = moves = mates = timed = 0
    endings = {}
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
            ending = check_ending(game, board)
            endings[ending] = endings.get(ending, 0) + 1
            mates += ending == "checkmate"
            games += 1
            moves += n
    assert games > 0 and timed > 0
    # The endings the records are there to show were reached.
    assert endings.get("checkmate", 0) > 0 and endings.get("stalemate", 0) > 0, endings
    told = ", ".join(f"{n} {why}" for why, n in sorted(endings.items()))
    print(f"python-chess {chess.__version__} read {games} games, {moves} moves, {mates} mates, {timed} timed games with every move's clock; endings as python-chess reads them: {told}")


# python-chess's NAGs for the suffixes an analysis writes: ?! ? ??.
MARKS = {6: "?!", 2: "?", 4: "??"}


def check_analysed(paths):
    """Records written by `chess3d analyze --record`: read without errors;
    every move has its %eval but one that checkmates; every marked move
    has a variation from the same position starting with another move;
    the clocks of a timed game kept. A file named hung*.pgn is the test's
    hung Queen: 3... Qg5?? with White over five pawns up after it."""
    evals = marks = 0
    for path in paths:
        game = chess.pgn.read_game(open(path, encoding="utf-8"))
        assert game is not None and not game.errors, (path, game and game.errors)
        assert "Annotator" in game.headers, path
        for node in game.mainline():
            board = node.board()
            if node.eval() is None:
                assert board.is_checkmate(), (path, node.move, node.comment)
            else:
                evals += 1
            if "TimeControl" in game.headers:
                assert node.clock() is not None, (path, node.move)
            marked = [MARKS[n] for n in node.nags if n in MARKS]
            if marked:
                marks += 1
                others = node.parent.variations[1:]
                assert others and others[0].move != node.move, (path, node.move)
                assert "was best" in node.comment, node.comment
        if "hung" in path:
            qg5 = [n for n in game.mainline() if n.san() == "Qg5"][0]
            assert qg5.nags == {4}, qg5.nags
            assert qg5.eval().white().score(mate_score=100000) > 500, qg5.eval()
    assert evals > 0 and marks > 0, (evals, marks)
    print(f"python-chess read {len(paths)} analysed records: {evals} evaluations, {marks} marked moves each with a better move")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--analysed"]:
        check_analysed(sys.argv[2:])
    else:
        main(sys.argv[1:])
