// The cells of the lobby's tables and a player's page.

/// A cell of text, with a class when given.
export function cell(text: string, className = ""): HTMLTableCellElement {
  const td = document.createElement("td");
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

/// A player's name, a link to their page, and their rating if given;
/// "anonymous" for none.
export function who(name: string | null, rating: number | null): HTMLTableCellElement {
  if (!name) return cell("anonymous", "quiet");
  const td = document.createElement("td");
  const a = document.createElement("a");
  a.href = `#/player/${encodeURIComponent(name)}`;
  a.textContent = name;
  td.append(a);
  if (rating !== null) td.append(` ${Math.round(rating)}`);
  return td;
}
