// This browser's player: a name and its secret key (issue 58), kept in
// the browser; a private link carries both to another device. No
// password, no e-mail: the key is the player.

import { lobbyApi } from "../api";
import { store, stored } from "../settings";

export interface Me {
  name: string;
  key: string;
}

const KEY = "chess3d.player";

export function me(): Me | null {
  try {
    const held = JSON.parse(stored(KEY) ?? "null");
    return held && typeof held.name === "string" && typeof held.key === "string" ? held : null;
  } catch {
    return null;
  }
}

export function keep(player: Me) {
  store(KEY, JSON.stringify(player));
}

/// Forgets the player in this browser (their link still works).
export function forget() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

export async function register(name: string): Promise<Me> {
  const made = await lobbyApi.register(name);
  const player = { name: made.name, key: made.key };
  keep(player);
  return player;
}

/// The private link that makes another browser this player.
export function privateLink(player: Me): string {
  return `${location.origin}/#/key/${encodeURIComponent(player.name)}/${encodeURIComponent(player.key)}`;
}
