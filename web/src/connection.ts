// A game's live connection: a WebSocket that brings every new state and
// the engine's thinking, takes the player's actions, and reconnects by
// itself (the server sends the whole state again), waiting longer each
// time the server stays away.

import type { GameState, Thinking } from "./api";

export interface Events {
  state(state: GameState): void;
  thinking(version: number, thinking: Thinking): void;
  queued(version: number, ahead: number | null): void;
  error(status: number, message: string): void;
  link(status: "connecting" | "live" | "reconnecting"): void;
  /// How many watch with no seat.
  spectators?(count: number): void;
}

export class Connection {
  private socket: WebSocket | null = null;
  private retryMs = 500;
  private closed = false;

  /// `token`, the seat this browser holds, if any: the server keeps
  /// room for the players' connections that watchers cannot take.
  constructor(
    private id: string,
    private events: Events,
    private token: string | null = null,
  ) {
    this.connect();
  }

  private connect() {
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/v1/games/${encodeURIComponent(this.id)}/ws`;
    // The seat's token goes as a subprotocol (a header: a URL's query
    // would be in proxies' logs).
    const ws = this.token ? new WebSocket(url, ["chess3d", `seat.${this.token}`]) : new WebSocket(url);
    this.socket = ws;
    this.events.link("connecting");
    ws.onopen = () => {
      this.retryMs = 500;
      this.events.link("live");
    };
    ws.onmessage = (e) => {
      const event = JSON.parse(e.data);
      if (event.type === "state") this.events.state(event as GameState);
      else if (event.type === "thinking") this.events.thinking(event.version, event.thinking);
      else if (event.type === "queue") this.events.queued(event.version, event.ahead);
      else if (event.type === "error") this.events.error(event.status, event.error);
      else if (event.type === "spectators") this.events.spectators?.(event.count);
    };
    ws.onclose = () => {
      if (this.socket !== ws || this.closed) return;
      this.socket = null;
      this.events.link("reconnecting");
      this.retryMs = Math.min(this.retryMs * 2, 10000);
      setTimeout(() => !this.closed && !this.socket && this.connect(), this.retryMs);
    };
  }

  /// Sends an action if the socket is open; false if it is not (the
  /// caller then uses HTTP).
  send(body: Record<string, unknown>): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(body));
    return true;
  }

  close() {
    this.closed = true;
    const ws = this.socket;
    this.socket = null;
    ws?.close();
  }
}
