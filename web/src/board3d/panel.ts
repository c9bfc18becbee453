// A panel in the headset's scene: lines of text and a row or column of
// buttons, drawn on a canvas that is the texture of a flat rectangle. A
// controller's ray finds a button by where it meets the rectangle. The
// canvas is drawn again only when what it shows changes (the text, a
// button, the one pointed at).

import * as THREE from "three";

export interface PanelLine {
  text: string;
  tone?: "strong" | "error" | "dim";
}

export interface PanelButton {
  id: string;
  label: string;
  enabled: boolean;
}

export interface PanelModel {
  lines: PanelLine[];
  buttons: PanelButton[];
  /// Buttons a row (4 unless said): a menu of moves has one or two, wide.
  perRow?: number;
}

/// Canvas pixels a metre: text of 34 px is 2 cm tall, readable at arm's
/// length in today's headsets.
const PX_PER_M = 1700;
const PAD = 28;
const LINE = 44;
const BUTTON_H = 76;
const GAP = 14;
const PER_ROW = 4;

const TONES: Record<string, string> = { strong: "#f2f5f9", error: "#ff8a80", dim: "#9fb0c4" };

export class Panel {
  readonly mesh: THREE.Mesh;
  private canvas = document.createElement("canvas");
  private g: CanvasRenderingContext2D;
  private texture: THREE.CanvasTexture;
  private shown = "";
  private model: PanelModel = { lines: [], buttons: [] };
  private boxes: { id: string; x: number; y: number; w: number; h: number; enabled: boolean }[] = [];
  /// The button a ray points at, drawn lit.
  private hot: string | null = null;

  /// A panel `width` by `height` metres; with `fit`, as tall as what it
  /// shows instead (a menu), its top edge where it is placed.
  constructor(
    width: number,
    height: number,
    private fit = false,
  ) {
    this.canvas.width = Math.round(width * PX_PER_M);
    this.canvas.height = Math.round(height * PX_PER_M);
    this.g = this.canvas.getContext("2d")!;
    this.texture = this.makeTexture();
    const material = new THREE.MeshBasicMaterial({ map: this.texture, transparent: true, depthTest: false, depthWrite: false });
    this.mesh = new THREE.Mesh(this.geometry(), material);
    // Over the board: a panel is never hidden behind a piece.
    this.mesh.renderOrder = 40;
  }

  /// Shows `model`, drawing only if it changed.
  show(model: PanelModel) {
    this.model = model;
    this.draw();
  }

  /// The button pointed at (null: none).
  point(id: string | null) {
    if (id === this.hot) return;
    this.hot = id;
    this.draw();
  }

  /// The canvas's texture and the rectangle let go (the session is over).
  dispose() {
    this.texture.dispose();
    this.mesh.geometry.dispose();
    (this.mesh.material as THREE.Material).dispose();
  }

  /// The button at a point of the rectangle (its texture's uv), if any
  /// and usable.
  buttonAt(uv: THREE.Vector2): string | null {
    const x = uv.x * this.canvas.width;
    const y = (1 - uv.y) * this.canvas.height;
    const b = this.boxes.find((b) => x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h);
    return b?.enabled ? b.id : null;
  }

  /// Where a button's middle is in the scene, or null (for the tests,
  /// which point a controller at it).
  buttonPoint(id: string): THREE.Vector3 | null {
    const b = this.boxes.find((b) => b.id === id);
    if (!b || !this.mesh.visible) return null;
    const { width, height } = this.canvas;
    const top = this.fit ? 0 : height / PX_PER_M / 2;
    const local = new THREE.Vector3(((b.x + b.w / 2) / width - 0.5) * (width / PX_PER_M), top - (b.y + b.h / 2) / PX_PER_M, 0);
    this.mesh.updateMatrixWorld(true);
    return this.mesh.localToWorld(local);
  }

  /// What the panel shows, as text (for the tests).
  read(): { lines: string[]; buttons: PanelButton[] } {
    return { lines: this.model.lines.map((l) => l.text).filter(Boolean), buttons: this.model.buttons };
  }

  private makeTexture(): THREE.CanvasTexture {
    const texture = new THREE.CanvasTexture(this.canvas);
    texture.colorSpace = THREE.SRGBColorSpace;
    return texture;
  }

  /// The rectangle, the canvas's size in metres; a fitted panel hangs
  /// from its top edge.
  private geometry(): THREE.PlaneGeometry {
    const { width, height } = this.canvas;
    const plane = new THREE.PlaneGeometry(width / PX_PER_M, height / PX_PER_M);
    return this.fit ? plane.translate(0, -height / PX_PER_M / 2, 0) : plane;
  }

  /// A fitted panel's canvas made as tall as its lines and buttons.
  private resize() {
    const { g, canvas } = this;
    // Counted in bold, the wider: no line is cut off.
    g.font = "bold 34px system-ui, sans-serif";
    const lines = this.model.lines.reduce((n, l) => n + (l.text ? wrap(g, l.text, canvas.width - 2 * PAD).length : 0), 0);
    const rows = Math.ceil(this.model.buttons.length / (this.model.perRow ?? PER_ROW));
    const height = 2 * PAD + lines * LINE + GAP + rows * (BUTTON_H + GAP);
    if (height === canvas.height) return;
    canvas.height = height;
    // A texture keeps the size it was first uploaded with: a new one.
    this.texture.dispose();
    this.texture = this.makeTexture();
    (this.mesh.material as THREE.MeshBasicMaterial).map = this.texture;
    this.mesh.geometry.dispose();
    this.mesh.geometry = this.geometry();
  }

  private draw() {
    const key = JSON.stringify([this.model, this.hot]);
    if (key === this.shown) return;
    this.shown = key;
    if (this.fit) this.resize();
    const { g, canvas } = this;
    const { width, height } = canvas;
    g.clearRect(0, 0, width, height);
    g.fillStyle = "rgba(20, 26, 34, 0.96)";
    roundRect(g, 0, 0, width, height, 24);
    g.fill();
    // The buttons at the bottom; the lines above them, as many as fit.
    const buttons = this.model.buttons;
    const perRow = this.model.perRow ?? PER_ROW;
    const rows = Math.ceil(buttons.length / perRow);
    const buttonsTop = height - PAD - rows * BUTTON_H - Math.max(rows - 1, 0) * GAP;
    g.textBaseline = "top";
    let y = PAD;
    for (const line of this.model.lines) {
      if (!line.text) continue;
      g.font = `${line.tone === "strong" ? "bold " : ""}34px system-ui, sans-serif`;
      g.fillStyle = TONES[line.tone ?? ""] ?? "#d5dde7";
      for (const part of wrap(g, line.text, width - 2 * PAD)) {
        if (y + LINE > buttonsTop - GAP) break;
        g.fillText(part, PAD, y);
        y += LINE;
      }
    }
    this.boxes = [];
    const w = (width - 2 * PAD - (perRow - 1) * GAP) / perRow;
    g.font = "bold 30px system-ui, sans-serif";
    g.textBaseline = "middle";
    for (const [i, b] of buttons.entries()) {
      const x = PAD + (i % perRow) * (w + GAP);
      const by = buttonsTop + Math.floor(i / perRow) * (BUTTON_H + GAP);
      this.boxes.push({ id: b.id, x, y: by, w, h: BUTTON_H, enabled: b.enabled });
      g.fillStyle = !b.enabled ? "#2a323d" : b.id === this.hot ? "#4f7bd0" : "#33465e";
      roundRect(g, x, by, w, BUTTON_H, 12);
      g.fill();
      g.fillStyle = b.enabled ? "#f2f5f9" : "#76828f";
      g.textAlign = "center";
      g.fillText(clip(g, b.label, w - 16), x + w / 2, by + BUTTON_H / 2);
      g.textAlign = "left";
    }
    this.texture.needsUpdate = true;
  }
}

function roundRect(g: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  g.beginPath();
  g.roundRect(x, y, w, h, r);
}

/// `text` cut into lines no wider than `width`.
function wrap(g: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (g.measureText(next).width <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.map((l) => clip(g, l, width));
}

/// `text`, shortened with an ellipsis to fit `width`.
function clip(g: CanvasRenderingContext2D, text: string, width: number): string {
  if (g.measureText(text).width <= width) return text;
  let t = text;
  while (t.length > 1 && g.measureText(`${t}…`).width > width) t = t.slice(0, -1);
  return `${t}…`;
}

/// A name floating over what a ray points at ("White Pawn on e2"): a
/// sprite, so it always faces the player.
export class Tag {
  readonly sprite: THREE.Sprite;
  private canvas = document.createElement("canvas");
  private texture: THREE.CanvasTexture;
  text = "";

  constructor() {
    this.canvas.width = 1024;
    this.canvas.height = 72;
    this.texture = new THREE.CanvasTexture(this.canvas);
    this.texture.colorSpace = THREE.SRGBColorSpace;
    this.sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: this.texture, depthTest: false, depthWrite: false }));
    this.sprite.scale.set(this.canvas.width / PX_PER_M, this.canvas.height / PX_PER_M, 1);
    this.sprite.center.set(0.5, 0);
    this.sprite.renderOrder = 41;
    this.sprite.visible = false;
    this.sprite.raycast = () => {};
  }

  dispose() {
    this.texture.dispose();
    this.sprite.material.dispose();
  }

  /// Shows `text` at `at` (hidden for none).
  show(text: string, at: THREE.Vector3 | null) {
    this.sprite.visible = !!text && !!at;
    if (!text || !at) return;
    this.sprite.position.copy(at);
    if (text === this.text) return;
    this.text = text;
    const g = this.canvas.getContext("2d")!;
    const { width, height } = this.canvas;
    g.clearRect(0, 0, width, height);
    g.font = "bold 38px system-ui, sans-serif";
    const shown = clip(g, text, width - 40);
    const w = g.measureText(shown).width + 40;
    g.fillStyle = "rgba(20, 26, 34, 0.9)";
    roundRect(g, (width - w) / 2, 4, w, height - 8, 16);
    g.fill();
    g.fillStyle = "#f2f5f9";
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(shown, width / 2, height / 2 + 1);
    this.texture.needsUpdate = true;
  }
}
