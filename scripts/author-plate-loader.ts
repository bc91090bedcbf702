// Generates the loader's animation (a Lottie document) and its still first frame from one scene, so the two cannot drift apart.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

type Vec = readonly [number, number];

/** A bezier vertex; tangents are relative to the point, as Lottie stores them. */
interface Vertex {
  p: Vec;
  in?: Vec;
  out?: Vec;
}

type Geometry =
  | { kind: 'path'; vertices: Vertex[]; closed: boolean }
  | { kind: 'circle'; c: Vec; r: number }
  | { kind: 'rect'; c: Vec; size: Vec; radius: number };

interface Paint {
  fill?: string;
  stroke?: string;
  width?: number;
}

interface Part {
  geometry: Geometry[];
  paint: Paint;
}

type Ease = 'inOut' | 'linear';

interface Pose {
  dy: number;
  rot: number;
}

interface Key {
  t: number;
  pose: Pose;
  ease: Ease;
}

interface Layer {
  name: string;
  pivot: Vec;
  /** Bottom to top, as in SVG. */
  parts: Part[];
  keys: Key[];
}

const SIZE = 512;
const FPS = 25;
const FRAMES = 75;

const AMBER = '#D97706';
const AMBER_SOFT = '#FBBF24';
const AMBER_TINT = '#FEF3C7';
const WHITE = '#FFFFFF';

const PLATE_CENTER: Vec = [256, 256];
const FORK_X = 64;
const KNIFE_X = 448;
const UTENSIL_TOP = 134;
const UTENSIL_PIVOT_Y = 256;
const UTENSIL_STROKE = 10;
const HANDLE: { top: number; bottom: number; width: number } = { top: 242, bottom: 378, width: 24 };

const REST: Pose = { dy: 0, rot: 0 };
// Small on purpose: the loader sits on screen for whole seconds, so the motion must stay calm.
const LIFT = 9;
// Fork and knife lean away from the plate as they lift, mirroring each other.
const TILT = 5;

const round = (n: number): number => Math.round(n * 100) / 100;

function line(points: Vec[]): Geometry {
  return { kind: 'path', vertices: points.map((p) => ({ p })), closed: false };
}

/** Bezier arc of a circle; angles in degrees, 0 = 3 o'clock, clockwise on screen. Keep sweeps under 90°. */
function arc(c: Vec, r: number, fromDeg: number, toDeg: number): Geometry {
  const a0 = (fromDeg * Math.PI) / 180;
  const a1 = (toDeg * Math.PI) / 180;
  const k = (4 / 3) * Math.tan((a1 - a0) / 4) * r;
  const at = (a: number): Vec => [c[0] + r * Math.cos(a), c[1] + r * Math.sin(a)];
  return {
    kind: 'path',
    closed: false,
    vertices: [
      { p: at(a0), out: [-k * Math.sin(a0), k * Math.cos(a0)] },
      { p: at(a1), in: [k * Math.sin(a1), -k * Math.cos(a1)] },
    ],
  };
}

function handle(x: number): Part {
  const height = HANDLE.bottom - HANDLE.top;
  return {
    geometry: [
      { kind: 'rect', c: [x, HANDLE.top + height / 2], size: [HANDLE.width, height], radius: HANDLE.width / 2 },
    ],
    paint: { fill: AMBER_TINT, stroke: AMBER, width: UTENSIL_STROKE },
  };
}

function plate(): Layer {
  return {
    name: 'plate',
    pivot: PLATE_CENTER,
    keys: [],
    parts: [
      {
        geometry: [{ kind: 'circle', c: PLATE_CENTER, r: 140 }],
        paint: { fill: AMBER_TINT, stroke: AMBER, width: 13 },
      },
      { geometry: [{ kind: 'circle', c: PLATE_CENTER, r: 94 }], paint: { fill: WHITE, stroke: AMBER, width: 9 } },
    ],
  };
}

// Two identical glints half a turn apart look the same after 180°, so the loop can turn slowly and still close.
function shine(): Layer {
  const r = 117;
  return {
    name: 'shine',
    pivot: PLATE_CENTER,
    keys: [
      { t: 0, pose: REST, ease: 'linear' },
      { t: FRAMES, pose: { dy: 0, rot: 180 }, ease: 'linear' },
    ],
    parts: [
      {
        geometry: [arc(PLATE_CENTER, r, -150, -105), arc(PLATE_CENTER, r, 30, 75)],
        paint: { stroke: AMBER_SOFT, width: 10 },
      },
    ],
  };
}

function fork(): Layer {
  const x = FORK_X;
  const [top, base, neck] = [UTENSIL_TOP, 188, 212];
  const spread = 17;
  const bowl: Geometry = {
    kind: 'path',
    closed: false,
    vertices: [
      { p: [x - spread, top] },
      { p: [x - spread, base], out: [0, 16] },
      { p: [x, neck], in: [-10, 0], out: [10, 0] },
      { p: [x + spread, base], in: [0, 16] },
      { p: [x + spread, top] },
    ],
  };
  return {
    name: 'fork',
    pivot: [x, UTENSIL_PIVOT_Y],
    keys: bobbing(0, { dy: -LIFT, rot: -TILT }),
    parts: [
      {
        geometry: [
          bowl,
          line([
            [x, top],
            [x, HANDLE.top],
          ]),
        ],
        paint: { stroke: AMBER, width: UTENSIL_STROKE },
      },
      handle(x),
    ],
  };
}

function knife(): Layer {
  const x = KNIFE_X;
  const half = HANDLE.width / 2 - 1;
  const blade: Geometry = {
    kind: 'path',
    closed: true,
    vertices: [
      { p: [x + half, UTENSIL_TOP], out: [-15, 9] },
      { p: [x - half, 196], in: [0, -32] },
      { p: [x - half, HANDLE.top] },
      { p: [x + half, HANDLE.top] },
    ],
  };
  return {
    name: 'knife',
    pivot: [x, UTENSIL_PIVOT_Y],
    keys: bobbing(Math.round(FRAMES / 2), { dy: -LIFT, rot: TILT }),
    parts: [{ geometry: [blade], paint: { fill: AMBER_TINT, stroke: AMBER, width: UTENSIL_STROKE } }, handle(x)],
  };
}

/** Lift and settle during half the loop starting at `start`, resting otherwise; at rest on frame 0 and the last frame. */
function bobbing(start: number, lifted: Pose): Key[] {
  const half = Math.round(FRAMES / 2);
  const peak = start + Math.round(half / 2);
  const end = Math.min(start + half, FRAMES);
  const keys: Key[] = [
    { t: start, pose: REST, ease: 'inOut' },
    { t: peak, pose: lifted, ease: 'inOut' },
    { t: end, pose: REST, ease: 'inOut' },
  ];
  if (start > 0) keys.unshift({ t: 0, pose: REST, ease: 'inOut' });
  if (end < FRAMES) keys.push({ t: FRAMES, pose: REST, ease: 'inOut' });
  return keys;
}

/** Bottom to top. */
const scene: Layer[] = [plate(), shine(), fork(), knife()];

function poseAtStart(layer: Layer): Pose {
  return layer.keys[0]?.pose ?? REST;
}

// ---------- SVG ----------

function svgPath(vertices: Vertex[], closed: boolean): string {
  const first = vertices[0];
  if (!first) return '';
  const v = (p: Vec): string => `${round(p[0])} ${round(p[1])}`;
  const segment = (a: Vertex, b: Vertex): string => {
    if (!a.out && !b.in) return `L${v(b.p)}`;
    const c1: Vec = [a.p[0] + (a.out?.[0] ?? 0), a.p[1] + (a.out?.[1] ?? 0)];
    const c2: Vec = [b.p[0] + (b.in?.[0] ?? 0), b.p[1] + (b.in?.[1] ?? 0)];
    return `C${v(c1)} ${v(c2)} ${v(b.p)}`;
  };
  const last = vertices[vertices.length - 1] ?? first;
  // Z already draws a straight closing edge; only a curved one needs spelling out.
  const curvedClose = closed && Boolean(last.out ?? first.in);
  const ring = curvedClose ? [...vertices, first] : vertices;
  const segments = ring.slice(1).map((b, i) => segment(ring[i] ?? first, b));
  return `M${v(first.p)}${segments.join('')}${closed ? 'Z' : ''}`;
}

function svgShape(g: Geometry, attrs: string): string {
  switch (g.kind) {
    case 'circle':
      return `<circle cx="${g.c[0]}" cy="${g.c[1]}" r="${g.r}"${attrs}/>`;
    case 'rect':
      return `<rect x="${g.c[0] - g.size[0] / 2}" y="${g.c[1] - g.size[1] / 2}" width="${g.size[0]}" height="${g.size[1]}" rx="${g.radius}"${attrs}/>`;
    case 'path':
      return `<path d="${svgPath(g.vertices, g.closed)}"${attrs}/>`;
  }
}

function svgPaint(p: Paint): string {
  const fill = p.fill ? ` fill="${p.fill}"` : '';
  const stroke = p.stroke ? ` stroke="${p.stroke}" stroke-width="${p.width ?? 1}"` : '';
  return fill + stroke;
}

function svgPart(part: Part): string {
  const paint = svgPaint(part.paint);
  const [only] = part.geometry;
  if (only && part.geometry.length === 1) return svgShape(only, paint);
  return `<g${paint}>${part.geometry.map((g) => svgShape(g, '')).join('')}</g>`;
}

function svgLayer(layer: Layer): string {
  const body = layer.parts.map(svgPart).join('');
  const { dy, rot } = poseAtStart(layer);
  if (dy === 0 && rot === 0) return body;
  const [px, py] = layer.pivot;
  return `<g transform="translate(0 ${dy}) rotate(${rot} ${px} ${py})">${body}</g>`;
}

function toSvg(layers: Layer[]): string {
  const root = `xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" fill="none" stroke-linecap="round" stroke-linejoin="round"`;
  return `<svg ${root}>${layers.map(svgLayer).join('')}</svg>\n`;
}

// ---------- Lottie ----------

type Json = number | string | boolean | Json[] | { [key: string]: Json };

const still = (k: Json): Json => ({ a: 0, k });

function rgba(hex: string): number[] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round((c / 255) * 1000) / 1000).concat(1);
}

const EASING: Record<Ease, { o: Json; i: Json }> = {
  inOut: { o: { x: [0.45], y: [0] }, i: { x: [0.55], y: [1] } },
  linear: { o: { x: [0], y: [0] }, i: { x: [1], y: [1] } },
};

function animated(keys: Key[], value: (p: Pose) => number[]): Json {
  const frames = keys.map((key, i): Json => {
    const isLast = i === keys.length - 1;
    return isLast ? { t: key.t, s: value(key.pose) } : { t: key.t, s: value(key.pose), ...EASING[key.ease] };
  });
  return { a: 1, k: frames };
}

function layerTransform(layer: Layer): Json {
  const [px, py] = layer.pivot;
  const moves = layer.keys.some((k) => k.pose.dy !== 0);
  const turns = layer.keys.some((k) => k.pose.rot !== 0);
  return {
    o: still(100),
    r: turns ? animated(layer.keys, (p) => [p.rot]) : still(0),
    p: moves ? animated(layer.keys, (p) => [px, py + p.dy, 0]) : still([px, py, 0]),
    a: still([px, py, 0]),
    s: still([100, 100, 100]),
  };
}

function lottieShape(g: Geometry): Json {
  switch (g.kind) {
    case 'circle':
      return { ty: 'el', d: 1, p: still([...g.c]), s: still([g.r * 2, g.r * 2]) };
    case 'rect':
      return { ty: 'rc', d: 1, p: still([...g.c]), s: still([...g.size]), r: still(g.radius) };
    case 'path': {
      const xy = (p: Vec | undefined): number[] => [round(p?.[0] ?? 0), round(p?.[1] ?? 0)];
      const k = {
        c: g.closed,
        v: g.vertices.map((vx) => xy(vx.p)),
        i: g.vertices.map((vx) => xy(vx.in)),
        o: g.vertices.map((vx) => xy(vx.out)),
      };
      return { ty: 'sh', d: 1, ks: still(k) };
    }
  }
}

const GROUP_TRANSFORM: Json = {
  ty: 'tr',
  p: still([0, 0]),
  a: still([0, 0]),
  s: still([100, 100]),
  r: still(0),
  o: still(100),
  sk: still(0),
  sa: still(0),
};

// Lottie lists items top first (layers, groups and styles alike), so the stroke precedes the fill to sit above it.
function lottieGroup(part: Part): Json {
  const { fill, stroke, width } = part.paint;
  const styles: Json[] = [];
  if (stroke) styles.push({ ty: 'st', c: still(rgba(stroke)), o: still(100), w: still(width ?? 1), lc: 2, lj: 2 });
  if (fill) styles.push({ ty: 'fl', c: still(rgba(fill)), o: still(100), r: 1 });
  return { ty: 'gr', it: [...part.geometry.map(lottieShape), ...styles, GROUP_TRANSFORM] };
}

function lottieLayer(layer: Layer, index: number): Json {
  return {
    ddd: 0,
    ind: index + 1,
    ty: 4,
    nm: layer.name,
    sr: 1,
    ks: layerTransform(layer),
    ao: 0,
    shapes: [...layer.parts].reverse().map(lottieGroup),
    ip: 0,
    op: FRAMES,
    st: 0,
    bm: 0,
  };
}

function toLottie(layers: Layer[]): Json {
  return {
    v: '5.7.4',
    fr: FPS,
    ip: 0,
    op: FRAMES,
    w: SIZE,
    h: SIZE,
    nm: 'plate-loader',
    ddd: 0,
    assets: [],
    layers: [...layers].reverse().map(lottieLayer),
  };
}

// ---------- output ----------

function write(relative: string, text: string): void {
  const path = fileURLToPath(new URL(relative, import.meta.url));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`${relative}: ${Buffer.byteLength(text)} bytes`);
}

write('../src/ui/loader/plate-loader.json', `${JSON.stringify(toLottie(scene))}\n`);
write('../src/ui/loader/plate-still.svg', toSvg(scene));
