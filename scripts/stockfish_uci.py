"""Stockfish over UCI, for the chess scripts (stockfish-games, label-stockfish).

One process a caller, one thread each: Threads 1, Hash 16. A Stockfish that
stops raises StockfishStopped, so that a caller's threads can report it.
"""
import subprocess

# A mate's score in centipawns, for labels and adjudication.
MATE_CP = 3000


class StockfishStopped(Exception):
    pass


class Stockfish:
    """One Stockfish process, spoken to over UCI."""

    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        self.sync()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def line(self):
        text = self.p.stdout.readline()
        if not text:
            raise StockfishStopped("stockfish stopped")
        return text.rstrip("\n")

    def sync(self):
        self.send("isready")
        while self.line() != "readyok":
            pass

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def position_fen(self, fen):
        self.send("position fen " + fen)

    def board(self):
        """(FEN, in check) of the position set last."""
        self.send("d")
        fen, checkers = None, None
        while checkers is None:
            text = self.line()
            if text.startswith("Fen: "):
                fen = text[5:]
            elif text.startswith("Checkers:"):
                checkers = text[9:].strip()
        return fen, checkers != ""

    def legal_moves(self):
        self.send("go perft 1")
        moves = []
        while True:
            text = self.line()
            if text.startswith("Nodes searched"):
                return moves
            if ": " in text:
                moves.append(text.split(":")[0])

    def best(self, limit):
        """(best move or None, score in cp for the side to move, 0 when it
        gives none) of a search to LIMIT, e.g. "nodes 4000" or "depth 8"."""
        self.send("go " + limit)
        cp = 0
        while True:
            words = self.line().split()
            if words and words[0] == "bestmove":
                move = words[1] if len(words) > 1 else "(none)"
                return (None if move == "(none)" else move), cp
            if "score" in words and "lowerbound" not in words and "upperbound" not in words:
                i = words.index("score")
                n = int(words[i + 2])
                cp = n if words[i + 1] == "cp" else (MATE_CP if n > 0 else -MATE_CP)

    def quit(self):
        self.send("quit")
        self.p.wait()
