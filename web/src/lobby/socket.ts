// The lobby's live connection: the open challenges and the games being
// played, pushed by the server as they change; this browser's own
// challenges said to be its own (they stay open while it is here), and
// the news that one was accepted. Reconnects by itself.

import type { Challenge, LiveGame } from "../api";

export interface Own {
  id: string;
  token: string;
  game: string;
  /// When it was posted (Date.now()).
  at: number;
}

export interface LobbyEvents {
  lists(challenges: Challenge[], games: LiveGame[]): void;
  accepted(challenge: string, game: string, token: string): void;
  link(live: boolean): void;
}

export class LobbySocket {
  private socket: WebSocket | null = null;
  private retryMs = 500;
  private closed = false;

  constructor(
    private events: LobbyEvents,
    private own: () => Own[],
  ) {
    this.connect();
  }

  private connect() {
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/v1/lobby/ws`;
    const ws = new WebSocket(url);
    this.socket = ws;
    ws.onopen = () => {
      this.retryMs = 500;
      this.events.link(true);
      this.sayMine();
    };
    ws.onmessage = (e) => {
      const event = JSON.parse(e.data);
      if (event.type === "lobby") this.events.lists(event.challenges, event.games);
      else if (event.type === "accepted") this.events.accepted(event.challenge, event.game, event.token);
    };
    ws.onclose = () => {
      if (this.socket !== ws || this.closed) return;
      this.socket = null;
      this.events.link(false);
      this.retryMs = Math.min(this.retryMs * 2, 10000);
      setTimeout(() => !this.closed && !this.socket && this.connect(), this.retryMs);
    };
  }

  /// Tells the server which challenges are this browser's.
  sayMine() {
    const own = this.own();
    if (this.socket?.readyState !== WebSocket.OPEN || !own.length) return;
    this.socket.send(JSON.stringify({ type: "mine", challenges: own.map(({ id, token }) => ({ id, token })) }));
  }

  close() {
    this.closed = true;
    const ws = this.socket;
    this.socket = null;
    ws?.close();
  }
}
