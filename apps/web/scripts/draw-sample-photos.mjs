/**
 * Draws the landing page's sample photos (apps/web/src/features/home/samples/*.webp): scenes made of shapes here, so
 * the shop owns them outright. Run from the repository's root after changing a scene:
 * `node apps/web/scripts/draw-sample-photos.mjs`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/features/home/samples');

/** Seeded noise, so the files come out the same on every run. */
function grain(width, height, seed, amount = 14) {
  let s = seed;
  const next = () => ((s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648) * 2 - 1;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const v = 128 + Math.round(next() * amount);
    data[i * 4] = v;
    data[i * 4 + 1] = v;
    data[i * 4 + 2] = v;
    data[i * 4 + 3] = 40;
  }
  return { input: data, raw: { width, height, channels: 4 }, blend: 'overlay' };
}

const hills = (w, h) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1200 800">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f3b26b"/><stop offset="0.55" stop-color="#f7d9a4"/><stop offset="1" stop-color="#fbe9cf"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fff6dc"/><stop offset="0.6" stop-color="#ffd98a"/><stop offset="1" stop-color="#ffd98a" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="lake" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e9b97f"/><stop offset="1" stop-color="#7b8f96"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="800" fill="url(#sky)"/>
  <circle cx="820" cy="330" r="170" fill="url(#sun)"/>
  <circle cx="820" cy="330" r="62" fill="#fff3d2"/>
  <path d="M0 470 C150 380 260 420 380 360 S620 300 760 380 S1020 340 1200 400 V800 H0Z" fill="#b9846a" opacity="0.75"/>
  <path d="M0 520 C120 470 240 500 360 450 S600 420 720 470 S980 440 1200 480 V800 H0Z" fill="#8a5e4a"/>
  <path d="M0 560 C200 530 420 560 600 540 S980 530 1200 550 V800 H0Z" fill="#5b4237"/>
  <rect y="575" width="1200" height="225" fill="url(#lake)"/>
  <ellipse cx="820" cy="620" rx="90" ry="8" fill="#fff0cf" opacity="0.8"/>
  <ellipse cx="820" cy="650" rx="60" ry="5" fill="#fff0cf" opacity="0.6"/>
  <path d="M300 640 q40 -30 80 0 q-40 10 -80 0Z" fill="#3d2e28"/>
  <line x1="340" y1="612" x2="340" y2="560" stroke="#3d2e28" stroke-width="3"/>
  <path d="M342 562 l38 40 h-38Z" fill="#efe1c8"/>
</svg>`;

const marigold = (w, h) => {
  const petals = [];
  for (let ring = 0; ring < 5; ring++) {
    const count = 18 + ring * 4;
    const r = 300 - ring * 52;
    for (let i = 0; i < count; i++) {
      const a = (360 / count) * i + ring * 7;
      const colour = ['#d9640f', '#e8790f', '#f08c12', '#f6a51c', '#f9bb33'][ring];
      petals.push(
        `<ellipse cx="450" cy="${450 - r * 0.55}" rx="${46 - ring * 5}" ry="${r * 0.5}" fill="${colour}" stroke="#b14f0b" stroke-width="2" transform="rotate(${a} 450 450)"/>`,
      );
    }
  }
  return `
<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 900 900">
  <defs>
    <radialGradient id="bg" cx="0.5" cy="0.45" r="0.75">
      <stop offset="0" stop-color="#6f8a4c"/><stop offset="1" stop-color="#243a23"/>
    </radialGradient>
  </defs>
  <rect width="900" height="900" fill="url(#bg)"/>
  <path d="M120 900 C180 720 260 690 300 640" stroke="#35552f" stroke-width="26" fill="none"/>
  <ellipse cx="160" cy="760" rx="90" ry="34" fill="#4d7a3e" transform="rotate(-35 160 760)"/>
  ${petals.join('\n  ')}
  <circle cx="450" cy="450" r="58" fill="#c9560d"/>
  <circle cx="450" cy="450" r="30" fill="#a8440a"/>
</svg>`;
};

const doorway = (w, h) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 800 1131">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#e9a3a0"/><stop offset="1" stop-color="#c76f6b"/>
    </linearGradient>
    <linearGradient id="light" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fce9c4"/><stop offset="1" stop-color="#f2c98a"/>
    </linearGradient>
  </defs>
  <rect width="800" height="1131" fill="url(#wall)"/>
  <path d="M190 1131 V520 C190 330 610 330 610 520 V1131Z" fill="#8f3f3d"/>
  <path d="M230 1131 V535 C230 380 570 380 570 535 V1131Z" fill="url(#light)"/>
  <path d="M230 1131 L570 1131 L500 880 L300 880Z" fill="#e2b27a"/>
  <rect x="300" y="700" width="200" height="180" fill="#f7dcae"/>
  <path d="M330 700 V620 C330 560 470 560 470 620 V700Z" fill="#f7dcae"/>
  <circle cx="400" cy="470" r="26" fill="#f4d28c" stroke="#8f3f3d" stroke-width="6"/>
  <rect x="120" y="980" width="70" height="151" fill="#2f6b4f"/>
  <ellipse cx="155" cy="960" rx="70" ry="90" fill="#3d8a5f"/>
  <rect x="610" y="980" width="70" height="151" fill="#2f6b4f"/>
  <ellipse cx="645" cy="960" rx="70" ry="90" fill="#3d8a5f"/>
  <path d="M0 1100 H800 V1131 H0Z" fill="#7d3735"/>
</svg>`;

const SCENES = [
  { name: 'lake-at-sunset', width: 1200, height: 800, svg: hills, seed: 7 },
  { name: 'marigold', width: 900, height: 900, svg: marigold, seed: 11 },
  { name: 'jaipur-doorway', width: 800, height: 1131, svg: doorway, seed: 13 },
];

for (const scene of SCENES) {
  const file = path.join(OUT, `${scene.name}.webp`);
  await sharp(Buffer.from(scene.svg(scene.width, scene.height)))
    .composite([grain(scene.width, scene.height, scene.seed)])
    .webp({ quality: 78 })
    .toFile(file);
  console.log(`${path.relative(process.cwd(), file)}: ${scene.width} × ${scene.height}`);
}
