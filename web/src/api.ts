// The server's API, version 1 (docs/api.md): types and calls.

export interface Piece {
  letter: string;
  side: number;
  name: string;
}

export interface Cell {
  name: string;
  label: string;
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
}

export interface Post {
  x: number;
  z: number;
  from: number;
  to: number;
}

export interface View {
  cells: Cell[];
  legal: LegalMove[];
  posts: Post[];
  levels: [number, string][];
  to_move: number;
  check: boolean;
  last: [string, string] | null;
  result: [string, string] | null;
  position: string;
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
  draw_offer: number | null;
  note: string | null;
  thinking: Thinking | null;
  view: View;
}

export interface Variant {
  id: string;
  name: string;
  sides: [string, string];
}

export interface Created {
  id: string;
  token: string;
  sides: number[];
  invite: string | null;
  note: string | null;
  state: GameState;
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
  game: (id: string) => call<GameState>("GET", `/games/${id}`),
  join: (id: string, invite: string) =>
    call<{ token: string; sides: number[]; state: GameState }>("POST", `/games/${id}/join`, { invite }),
  act: (id: string, body: Record<string, unknown>) => call<GameState>("POST", `/games/${id}/actions`, body),
  recordUrl: (id: string) => `/api/v1/games/${id}/record`,
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
