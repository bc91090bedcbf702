// Draws the provider's dish illustrations as small SVG files; run `npx tsx server/images/draw-dishes.ts` after editing.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

interface Palette {
  background: string;
  main: string;
  accent: string;
  detail: string;
}

// Three moods per dish (warm, fresh, rosy), so neighbouring items on a menu page do not look identical.
const PALETTES: Record<string, readonly [Palette, Palette, Palette]> = {
  soup: [
    { background: '#fdf0dc', main: '#d9572b', accent: '#f4a259', detail: '#5b8c3a' },
    { background: '#eef3e6', main: '#b8862b', accent: '#e9c46a', detail: '#6a4c2b' },
    { background: '#fbe8e3', main: '#c0392b', accent: '#f28c6b', detail: '#2f7d4f' },
  ],
  salad: [
    { background: '#eef6e8', main: '#6ab04c', accent: '#e55039', detail: '#f6e58d' },
    { background: '#fdf3e1', main: '#78a949', accent: '#f8f3e6', detail: '#3b3b3b' },
    { background: '#f6e9ef', main: '#4e8d3a', accent: '#8e244d', detail: '#f5deb3' },
  ],
  tapas: [
    { background: '#fdf3e1', main: '#e1a845', accent: '#c0392b', detail: '#6ab04c' },
    { background: '#eaf2f5', main: '#d9b26f', accent: '#f7f1e3', detail: '#e1b12c' },
    { background: '#fbeee0', main: '#c97b2a', accent: '#f1c40f', detail: '#a0522d' },
  ],
  steak: [
    { background: '#fbeee6', main: '#7b3f2a', accent: '#f3c969', detail: '#5e9c3b' },
    { background: '#f3efe6', main: '#a0522d', accent: '#e9d8a6', detail: '#c0392b' },
    { background: '#f1ede6', main: '#8e4a33', accent: '#e3b04b', detail: '#6ab04c' },
  ],
  burger: [
    { background: '#fdf0dc', main: '#d08a3c', accent: '#6f3b22', detail: '#6ab04c' },
    { background: '#eef3e6', main: '#c98a42', accent: '#512d1d', detail: '#f1c40f' },
    { background: '#fbe8e3', main: '#e0a458', accent: '#f4e3c1', detail: '#d35400' },
  ],
  fish: [
    { background: '#e7f1f6', main: '#f0936b', accent: '#f7e6a8', detail: '#4e8d3a' },
    { background: '#fdf3e1', main: '#e1b04a', accent: '#f4f1ea', detail: '#2e86de' },
    { background: '#eef3e6', main: '#d46a4c', accent: '#ffd9a8', detail: '#c0392b' },
  ],
  veg: [
    { background: '#eef6e8', main: '#c9a66b', accent: '#6ab04c', detail: '#8e5a3a' },
    { background: '#fbe8e3', main: '#8e44ad', accent: '#e55039', detail: '#f5deb3' },
    { background: '#fdf3e1', main: '#e1a845', accent: '#f7f1e3', detail: '#27ae60' },
  ],
  pizza: [
    { background: '#fdf0dc', main: '#f3c26b', accent: '#d9472b', detail: '#5e9c3b' },
    { background: '#fbe8e3', main: '#e9b35f', accent: '#a8322d', detail: '#2d2d2d' },
    { background: '#f3efe6', main: '#f5d48a', accent: '#f7f1e3', detail: '#b8862b' },
  ],
  pasta: [
    { background: '#fdf3e1', main: '#f3d27a', accent: '#c0392b', detail: '#6ab04c' },
    { background: '#fbe8e3', main: '#f1c86a', accent: '#e55039', detail: '#f8f3e6' },
    { background: '#eef6e8', main: '#eed68f', accent: '#4e8d3a', detail: '#f5deb3' },
  ],
  cake: [
    { background: '#fbeee6', main: '#8b5a3c', accent: '#f3e6d3', detail: '#c0392b' },
    { background: '#f6e9ef', main: '#4a2c20', accent: '#d9a066', detail: '#f8f3e6' },
    { background: '#fdf6d8', main: '#f1d36b', accent: '#fff8e7', detail: '#6ab04c' },
  ],
  icecream: [
    { background: '#fdf3e1', main: '#f7e7c6', accent: '#8b5a3c', detail: '#c0392b' },
    { background: '#eef6e8', main: '#a8d08d', accent: '#f3e6d3', detail: '#8b5a3c' },
    { background: '#fff1dc', main: '#ffb347', accent: '#ffd27f', detail: '#6ab04c' },
  ],
  soda: [
    { background: '#fdf6d8', main: '#f6e58d', accent: '#6ab04c', detail: '#f1c40f' },
    { background: '#fbe8e3', main: '#5b2c1f', accent: '#c0392b', detail: '#f8f3e6' },
    { background: '#e7f1f6', main: '#d6eaf8', accent: '#85c1e9', detail: '#2e86de' },
  ],
  coffee: [
    { background: '#f3ece4', main: '#6f4e37', accent: '#c8a27a', detail: '#f8f3e6' },
    { background: '#fdf3e1', main: '#b07b4f', accent: '#f3e0c7', detail: '#8b5a3c' },
    { background: '#eef6e8', main: '#7fa650', accent: '#d9e8c3', detail: '#4e8d3a' },
  ],
  wine: [
    { background: '#f6e9ef', main: '#7b1e3a', accent: '#d6eaf8', detail: '#a83254' },
    { background: '#fdf6d8', main: '#f2e3a0', accent: '#d6eaf8', detail: '#d4ac0d' },
    { background: '#fdf0dc', main: '#e67e22', accent: '#d6eaf8', detail: '#c0392b' },
  ],
  beer: [
    { background: '#fdf3e1', main: '#e6a627', accent: '#fffaf0', detail: '#b9770e' },
    { background: '#eef3e6', main: '#f4d03f', accent: '#fffaf0', detail: '#d4ac0d' },
    { background: '#fbeee6', main: '#a04000', accent: '#f5e6c8', detail: '#6e2c00' },
  ],
  smoothie: [
    { background: '#fff1dc', main: '#f39c12', accent: '#fad7a0', detail: '#27ae60' },
    { background: '#eef6e8', main: '#7dbb42', accent: '#d5f5a3', detail: '#f1c40f' },
    { background: '#f6e9ef', main: '#a83279', accent: '#f5b7d3', detail: '#2e86de' },
  ],
};

// Every dish sits on the same plate (or stands on the same table line), drawn on a 160×120 canvas.
const plate = '<ellipse cx="80" cy="70" rx="62" ry="34" fill="#fff" stroke="#e4dccf" stroke-width="2"/>';
const bowl = (p: Palette) =>
  `<path d="M32 58h96c0 24-21 40-48 40S32 82 32 58z" fill="#fff" stroke="#e4dccf" stroke-width="2"/><ellipse cx="80" cy="58" rx="48" ry="12" fill="${p.main}"/>`;
const glassBase = '<rect x="20" y="104" width="120" height="3" rx="1.5" fill="#e4dccf"/>';

const DRAWINGS: Record<string, (p: Palette) => string> = {
  soup: (p) =>
    `${bowl(p)}<ellipse cx="80" cy="58" rx="30" ry="6" fill="${p.accent}" opacity=".7"/><circle cx="70" cy="56" r="3" fill="${p.detail}"/><circle cx="88" cy="59" r="2.5" fill="${p.detail}"/>`,
  salad: (p) =>
    `${bowl(p)}<circle cx="62" cy="52" r="9" fill="${p.main}"/><circle cx="80" cy="48" r="11" fill="${p.main}" opacity=".85"/><circle cx="98" cy="52" r="9" fill="${p.main}"/><circle cx="72" cy="56" r="5" fill="${p.accent}"/><circle cx="92" cy="57" r="4" fill="${p.accent}"/><rect x="78" y="52" width="7" height="5" fill="${p.detail}"/>`,
  tapas: (p) =>
    `${plate}<circle cx="58" cy="68" r="13" fill="${p.main}"/><circle cx="84" cy="62" r="12" fill="${p.main}"/><circle cx="102" cy="74" r="11" fill="${p.main}"/><circle cx="58" cy="64" r="4" fill="${p.accent}"/><circle cx="84" cy="58" r="4" fill="${p.accent}"/><circle cx="102" cy="70" r="4" fill="${p.detail}"/>`,
  steak: (p) =>
    `${plate}<path d="M48 70c0-16 22-22 40-18 18 4 22 20 8 28-14 8-48 6-48-10z" fill="${p.main}"/><path d="M58 66l30-6M60 74l32-6" stroke="${p.accent}" stroke-width="2.5" opacity=".6"/><rect x="98" y="58" width="6" height="22" rx="2" fill="${p.accent}"/><rect x="106" y="60" width="6" height="20" rx="2" fill="${p.accent}"/><circle cx="46" cy="82" r="5" fill="${p.detail}"/>`,
  burger: (p) =>
    `${glassBase}<path d="M44 64c0-20 16-30 36-30s36 10 36 30z" fill="${p.main}"/><rect x="40" y="64" width="80" height="6" rx="3" fill="${p.detail}"/><rect x="42" y="70" width="76" height="12" rx="5" fill="${p.accent}"/><path d="M44 82h72v8c0 6-6 10-12 10H56c-6 0-12-4-12-10z" fill="${p.main}"/><circle cx="66" cy="46" r="1.6" fill="#fff"/><circle cx="80" cy="42" r="1.6" fill="#fff"/><circle cx="94" cy="46" r="1.6" fill="#fff"/>`,
  fish: (p) =>
    `${plate}<path d="M46 70c10-14 36-16 54-4l14-10v28l-14-10c-18 12-44 10-54-4z" fill="${p.main}"/><circle cx="56" cy="68" r="2.5" fill="#333"/><path d="M70 62v16M80 61v18M90 63v14" stroke="${p.accent}" stroke-width="2" opacity=".7"/><circle cx="106" cy="86" r="6" fill="${p.detail}"/>`,
  veg: (p) =>
    `${plate}<ellipse cx="80" cy="68" rx="34" ry="16" fill="${p.main}"/><circle cx="66" cy="64" r="7" fill="${p.accent}"/><circle cx="86" cy="70" r="6" fill="${p.accent}"/><circle cx="98" cy="62" r="5" fill="${p.detail}"/><circle cx="74" cy="74" r="4" fill="${p.detail}"/>`,
  pizza: (p) =>
    `<circle cx="80" cy="62" r="48" fill="${p.main}" stroke="#c98a3c" stroke-width="5"/><circle cx="80" cy="62" r="38" fill="${p.accent}" opacity=".85"/><circle cx="66" cy="50" r="6" fill="${p.detail}"/><circle cx="94" cy="56" r="6" fill="${p.detail}"/><circle cx="76" cy="78" r="6" fill="${p.detail}"/><circle cx="98" cy="76" r="4" fill="#fff" opacity=".8"/><circle cx="60" cy="68" r="4" fill="#fff" opacity=".8"/>`,
  pasta: (p) =>
    `${bowl(p)}<path d="M44 56c8-8 16 8 24 0s16 8 24 0 16 8 24 0" stroke="${p.main}" stroke-width="6" fill="none" stroke-linecap="round"/><path d="M50 50c8-8 16 8 24 0s16 8 24 0 12 6 14 2" stroke="#fff" stroke-width="2" fill="none" opacity=".5"/><ellipse cx="80" cy="54" rx="16" ry="6" fill="${p.accent}"/><circle cx="86" cy="50" r="3" fill="${p.detail}"/>`,
  cake: (p) =>
    `${plate}<path d="M50 74l30-30 30 30z" fill="${p.accent}"/><path d="M50 74h60v12H50z" fill="${p.main}"/><path d="M50 74l30-30 30 30" fill="none" stroke="${p.main}" stroke-width="6" stroke-linejoin="round"/><circle cx="80" cy="44" r="5" fill="${p.detail}"/>`,
  icecream: (p) =>
    `${glassBase}<path d="M50 66h60l-8 36H58z" fill="#fff" stroke="#e4dccf" stroke-width="2"/><circle cx="66" cy="58" r="14" fill="${p.main}"/><circle cx="94" cy="58" r="14" fill="${p.accent}"/><circle cx="80" cy="44" r="14" fill="${p.main}" opacity=".9"/><circle cx="80" cy="30" r="4" fill="${p.detail}"/>`,
  soda: (p) =>
    `${glassBase}<path d="M54 22h52l-6 82H60z" fill="#f8fbff" stroke="#cfd8dc" stroke-width="2"/><path d="M57 42h46l-4 60H61z" fill="${p.main}"/><circle cx="72" cy="70" r="2.5" fill="#fff" opacity=".8"/><circle cx="86" cy="58" r="2" fill="#fff" opacity=".8"/><circle cx="80" cy="86" r="2" fill="#fff" opacity=".8"/><path d="M92 12l-8 40" stroke="${p.accent}" stroke-width="4" stroke-linecap="round"/><circle cx="104" cy="40" r="8" fill="${p.detail}"/>`,
  coffee: (p) =>
    `${glassBase}<ellipse cx="80" cy="100" rx="44" ry="6" fill="#fff" stroke="#e4dccf" stroke-width="2"/><path d="M48 50h64v22c0 16-14 26-32 26S48 88 48 72z" fill="#fff" stroke="#e4dccf" stroke-width="2"/><path d="M112 58c14 0 14 22-2 22" fill="none" stroke="#e4dccf" stroke-width="5"/><ellipse cx="80" cy="52" rx="30" ry="6" fill="${p.main}"/><ellipse cx="80" cy="52" rx="12" ry="3" fill="${p.accent}"/><path d="M70 40c-4-6 4-10 0-16M88 40c-4-6 4-10 0-16" stroke="${p.detail}" stroke-width="2.5" fill="none" stroke-linecap="round" opacity=".7"/>`,
  wine: (p) =>
    `${glassBase}<path d="M56 18h48c2 30-6 46-24 46S54 48 56 18z" fill="${p.accent}" opacity=".5" stroke="#cfd8dc" stroke-width="2"/><path d="M57 34h46c-1 18-8 28-23 28S58 52 57 34z" fill="${p.main}"/><rect x="78" y="64" width="4" height="34" fill="#cfd8dc"/><ellipse cx="80" cy="100" rx="18" ry="4" fill="#cfd8dc"/><circle cx="112" cy="30" r="5" fill="${p.detail}"/>`,
  beer: (p) =>
    `${glassBase}<rect x="50" y="30" width="54" height="72" rx="6" fill="${p.main}" stroke="#cfd8dc" stroke-width="2"/><path d="M104 46h10c6 0 8 4 8 10v18c0 6-2 10-8 10h-10" fill="none" stroke="#cfd8dc" stroke-width="5"/><path d="M48 34c0-12 12-14 18-10 4-6 16-6 20 0 6-4 20-2 20 10v6H48z" fill="${p.accent}"/><circle cx="66" cy="70" r="2" fill="${p.detail}"/><circle cx="84" cy="84" r="2" fill="${p.detail}"/><circle cx="76" cy="58" r="2" fill="${p.detail}"/>`,
  smoothie: (p) =>
    `${glassBase}<path d="M56 30h48l-6 72H62z" fill="${p.main}" stroke="#cfd8dc" stroke-width="2"/><path d="M56 30h48l-1 10H57z" fill="${p.accent}"/><path d="M88 10l-6 40" stroke="${p.detail}" stroke-width="5" stroke-linecap="round"/><circle cx="58" cy="30" r="9" fill="${p.detail}" opacity=".85"/>`,
};

export const DISHES = Object.keys(DRAWINGS);

export function drawDish(dish: string, variant: 1 | 2 | 3): string {
  const palette = PALETTES[dish]?.[variant - 1];
  const draw = DRAWINGS[dish];
  if (!palette || !draw) throw new Error(`No drawing for ${dish}-${variant}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120" width="160" height="120">` +
    `<rect width="160" height="120" fill="${palette.background}"/>${draw(palette)}</svg>\n`
  );
}

async function main(): Promise<void> {
  const dir = fileURLToPath(new URL('./dishes/', import.meta.url));
  await mkdir(dir, { recursive: true });
  for (const old of await readdir(dir)) await rm(`${dir}${old}`);
  for (const dish of DISHES) {
    for (const variant of [1, 2, 3] as const) {
      await writeFile(`${dir}${dish}-${variant}.svg`, drawDish(dish, variant));
    }
  }
  console.log(`Drew ${DISHES.length * 3} images in ${dir}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
