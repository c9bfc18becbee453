// Settings kept in this browser (the view, the level spacing, the theme,
// sound, the player's name). Where storage is refused (a private window
// that forbids it), a setting holds for this page only.

export function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept: the setting holds for this page only.
  }
}
