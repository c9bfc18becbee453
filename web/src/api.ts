// The server's API, version 1 (docs/api.md): types and calls.

export interface Piece {
  letter: string;
  side: number;
  name: string;
}

export interface Cell {
  name: string;
  label: string;
  /// The labels of its file and rank, as the board's edges show them.
  file: string;
  rank: string;
  at: [number, number, number];
  place: [number, number, number];
  light: boolean;
  present: boolean;
  piece: Piece | null;
}

export interface LegalMove {
  from: string;
  to: string;
  text: string;
  /// As players read it: SAN for chess, with + and #.
  label?: string;
  /// The move in words ("Pawn to a8, promoting to Queen").
  words: string;
  /// Whether it captures (a shot and a push that drops a piece too).
  capture: boolean;
  /// A move of an attack board or an elevator: the cells it leaves and
  /// lands on.
  board?: { leaves: string[]; lands: string[] };
  /// A drop from the hand (crazyhouse): the letter of the piece dropped;
  /// `from` and `to` are both the square it goes to.
  drop?: string;
}

/// Pieces of one kind in a side's hand.
export interface HandPiece {
  letter: string;
  name: string;
  count: number;
}

export interface Post {
  x: number;
  z: number;
  from: number;
  to: number;
  /// The same span in level numbers.
  levels: [number, number];
}

export interface Camera {
  /// Degrees above the horizon.
  elevation: number;
  /// Per side, degrees around the board; 0 is behind the first side's edge.
  azimuth: [number, number];
}

export interface View {
  cells: Cell[];
  legal: LegalMove[];
  posts: Post[];
  levels: [number, string][];
  to_move: number;
  check: boolean;
  /// The King in check.
  checked: string | null;
  last: [string, string] | null;
  result: [string, string] | null;
  position: string;
  /// Each side's checks still to give (three-check chess).
  checks_left?: [number, number];
  /// Each side's hand, in a game with drops or gating.
  hands?: [HandPiece[], HandPiece[]];
  /// Whether the hands' pieces are gated, never dropped (Seirawan chess):
  /// chosen in the move menu of a first move from the first rank.
  gated_only?: boolean;
  camera: Camera;
}

export interface Seat {
  player: "human" | "engine";
  label: string;
  taken: boolean;
}

export interface Thinking {
  depth: number;
  summary: string;
  line: string[];
}

export interface GameState {
  api: number;
  id: string;
  game: string;
  name: string;
  sides: [string, string];
  mode: "local" | "computer" | "remote";
  version: number;
  seats: [Seat, Seat];
  ply: number;
  moves: string[];
  /// The moves as players read them: SAN for chess, with + and #.
  labels?: string[];
  /// The players' names (a name given at the start, else the seat's label).
  names?: [string, string];
  /// The options the game is played with that are not its defaults, as a
  /// record's Options tag writes them (`wonkavator=on`); empty for none.
  options?: string;
  /// The clocks of a timed game; times in ms when the state was made.
  clock?: { control: string; remaining: [number, number]; running: number | null } | null;
  /// The engine's last finished search, kept after it moved: the side it
  /// played and its score from that side.
  evaluation?: { side: number; cp: number | null; mate: number | null; depth: number; summary: string; line: string[] } | null;
  /// A rematch offered by this side, after the game.
  rematch_offer?: number | null;
  /// The rematch's game id, once agreed.
  rematch?: string | null;
  draw_offer: number | null;
  /// The side whose request to take back is open (remote games).
  takeback_offer?: number | null;
  /// Made "casual, hints allowed" (a game between people).
  hints_allowed?: boolean;
  /// Whether the engine may help now: hints, evaluation, analysis (not
  /// in a game between people while it is played, unless casual).
  engine_help?: boolean;
  /// The hints given in a casual game, shown to both players.
  hints_given?: { ply: number; side: number; label: string; summary: string | null }[];
  /// A game started from the lobby: rated or not, each side's player
  /// name and rating when it began.
  lobby?: { rated: boolean; players: (string | null)[]; ratings: (number | null)[] } | null;
  /// Why a lobby game was aborted (no first move in time).
  aborted?: string | null;
  note: string | null;
  thinking: Thinking | null;
  /// Engine turns of other games ahead of this game's in the server's
  /// queue; null when the engine is not waiting.
  queued: number | null;
  view: View;
}

export interface Variant {
  id: string;
  name: string;
  sides: [string, string];
  /// How many squares the board has at the start, and on how many levels.
  cells: number;
  levels: number;
  /// The game's own options a new game may be played with.
  options: { name: string; help: string; default: boolean }[];
}

/// A game's rules for players: GET /api/v1/variants/{id}.
export interface About {
  id: string;
  name: string;
  sides: [string, string];
  setup: string;
  goal: string;
  special: string[];
  notation: string;
  /// Whether a side that can capture must (antichess).
  must_capture: boolean;
  kinds: { letter: string; name: string; royal: boolean; moves: string }[];
}

export interface Reach {
  moves: string[];
  captures: string[];
}

export interface Created {
  id: string;
  token: string;
  sides: number[];
  invite: string | null;
  note: string | null;
  state: GameState;
}

/// A score for the first side (White): centipawns or mate in moves
/// (negative: the first side is mated), and its expected score (0 to 1).
export interface Score {
  cp: number | null;
  mate: number | null;
  win: number;
}

/// One move of a game's analysis (docs/api.md, Analysis).
export interface AnalysedMove {
  /// The position after it (1: after the first move).
  ply: number;
  label: string;
  /// The evaluation after it; null when it ended the game.
  eval: Score | null;
  /// The evaluation before it (the best move's).
  before: Score;
  mark: "?!" | "?" | "??" | null;
  judgement: "inaccuracy" | "mistake" | "blunder" | null;
  loss: number;
  /// The best line before it, and the reply after it that refutes it.
  best: string[];
  refutation: string[];
  /// The move in words, as the terminal prints it.
  text: string;
}

export interface Analysis {
  state: "none" | "running" | "done" | "stopped";
  upto?: number;
  total?: number;
  done?: number;
  moves?: AnalysedMove[];
  summary?: string[];
  /// Engine turns of other clients ahead of its next step.
  ahead?: number | null;
}

/// The analysis board's position.
export interface Explored {
  ply: number;
  moves: string[];
  labels: string[];
  view: View;
}

/// The engine's best lines on the analysis board, for the first side.
export interface Lines {
  depth: number;
  lines: (Score & { line: string[] })[];
}

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/v1${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new ApiError(response.status, data.error ?? response.statusText);
  }
  return data as T;
}

export const api = {
  variants: () => call<{ games: Variant[] }>("GET", "/variants"),
  create: (req: Record<string, unknown>) => call<Created>("POST", "/games", req),
  game: (id: string) => call<GameState>("GET", `/games/${encodeURIComponent(id)}`),
  join: (id: string, invite: string, name?: string) =>
    call<{ token: string; sides: number[]; state: GameState }>("POST", `/games/${encodeURIComponent(id)}/join`, { invite, name }),
  seat: (id: string, token: string) =>
    call<{ token: string; sides: number[]; state: GameState }>("POST", `/games/${encodeURIComponent(id)}/seat`, { token }),
  hint: (id: string, token: string | null) =>
    call<{ version: number; ply: number; move: string; label: string; summary: string | null }>("POST", `/games/${encodeURIComponent(id)}/hint`, {
      token,
    }),
  act: (id: string, body: Record<string, unknown>) => call<GameState>("POST", `/games/${encodeURIComponent(id)}/actions`, body),
  about: (game: string) => call<About>("GET", `/variants/${encodeURIComponent(game)}`),
  reach: (id: string, piece: string, side: number, cell: string) =>
    call<Reach>(
      "GET",
      `/games/${encodeURIComponent(id)}/reach?piece=${encodeURIComponent(piece)}&side=${side}&cell=${encodeURIComponent(cell)}`,
    ),
  premoves: (id: string, cell: string) =>
    call<{ version: number; moves: LegalMove[]; more: string[] }>(
      "GET",
      `/games/${encodeURIComponent(id)}/premoves?cell=${encodeURIComponent(cell)}`,
    ),
  position: (id: string, ply: number) =>
    call<{ ply: number; plies: number; view: View }>("GET", `/games/${encodeURIComponent(id)}/positions/${ply}`),
  recordUrl: (id: string) => `/api/v1/games/${encodeURIComponent(id)}/record`,
  analysis: (id: string) => call<Analysis>("GET", `/games/${encodeURIComponent(id)}/analysis`),
  analyse: (id: string, upto: number) => call<Analysis>("POST", `/games/${encodeURIComponent(id)}/analysis`, { upto }),
  stopAnalysis: (id: string) => call<Analysis>("DELETE", `/games/${encodeURIComponent(id)}/analysis`),
  explore: (id: string, ply: number, moves: string[]) =>
    call<Explored>("POST", `/games/${encodeURIComponent(id)}/explore`, { ply, moves }),
  lines: (id: string, ply: number, moves: string[]) =>
    call<Lines>("POST", `/games/${encodeURIComponent(id)}/explore/lines`, { ply, moves }),
};

/// An open challenge in the lobby.
export interface Challenge {
  id: string;
  game: string;
  rated: boolean;
  clock: string | null;
  side: "white" | "black" | "random";
  name: string | null;
  rating: number | null;
  min_rating: number | null;
  max_rating: number | null;
  created: number;
}

/// A lobby game being played.
export interface LiveGame {
  id: string;
  game: string;
  white: string | null;
  black: string | null;
  white_rating: number | null;
  black_rating: number | null;
  rated: boolean;
  ply: number;
  clock: string | null;
  clocks: [number, number] | null;
  clock_at: number | null;
  spectators: number;
}

export interface Rating {
  rating: number;
  deviation: number;
  games: number;
}

export interface PlayedGame {
  id: string;
  game: string;
  white: string | null;
  black: string | null;
  result: string;
  rated: boolean;
  white_rating: number | null;
  white_change: number | null;
  black_rating: number | null;
  black_change: number | null;
  ended: number;
}

export interface Profile {
  name: string;
  ratings: Record<string, Rating>;
  results: PlayedGame[];
}

export const lobbyApi = {
  register: (name: string) => call<{ name: string; key: string }>("POST", "/players", { name }),
  profile: (name: string) => call<Profile>("GET", `/players/${encodeURIComponent(name)}`),
  leaderboard: (game: string) =>
    call<{ game: string; max_deviation: number; players: ({ name: string } & Rating)[] }>(
      "GET",
      `/leaderboard/${encodeURIComponent(game)}`,
    ),
  post: (req: Record<string, unknown>) => call<{ id: string; token: string }>("POST", "/challenges", req),
  accept: (id: string, key: string | null) =>
    call<{ game: string; token: string }>("POST", `/challenges/${encodeURIComponent(id)}/accept`, key ? { key } : {}),
  cancel: (id: string, token: string) =>
    call<unknown>("DELETE", `/challenges/${encodeURIComponent(id)}`, { token }),
};

/// The seat this browser holds in a game, kept across reloads.
export interface Held {
  token: string;
  sides: number[];
  invite?: string | null;
}

export function heldSeat(id: string): Held | null {
  try {
    return JSON.parse(localStorage.getItem(`chess3d.seat.${id}`) ?? "null");
  } catch {
    return null;
  }
}

export function holdSeat(id: string, held: Held) {
  localStorage.setItem(`chess3d.seat.${id}`, JSON.stringify(held));
}
