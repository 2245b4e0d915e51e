// node scripts/seed-images.mjs: draws the demo pictures of the seed (studio rooms and class types)
// from SVG compositions and writes them as JPEG to app/.server/seed/images/. Nothing is
// downloaded; the drawing is deterministic (seeded), so running it again gives the same files.
// The seed loads them through the files library (sharp resizes them into the WebP widths pages use).
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const OUT = path.join(root, "app/.server/seed/images");

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Wall, floor and wood tones of each studio. */
const PALETTES = {
  polanco: { wall: ["#f3ece4", "#e2d4c4"], side: "#d9c8b5", floor: ["#c4935f", "#7f5532"], accent: "#883943" },
  roma: { wall: ["#efe3dc", "#d9c2b8"], side: "#cfb3a6", floor: ["#b98656", "#6e4a2c"], accent: "#6a7f5a" },
  "santa-fe": { wall: ["#eef0ef", "#d6dcdb"], side: "#c7cfcd", floor: ["#d0a474", "#8c6340"], accent: "#164e55" },
  "coyoacan-aliado": {
    wall: ["#f4e6d3", "#e4cba9"],
    side: "#d8b98f",
    floor: ["#a8774a", "#5f3d22"],
    accent: "#b5651d",
  },
  "san-pedro": { wall: ["#f1ede6", "#ddd5c8"], side: "#cfc5b6", floor: ["#c9a070", "#86603c"], accent: "#9c6b98" },
  "valle-oriente": { wall: ["#ecebe8", "#d3d0ca"], side: "#c3bfb7", floor: ["#bf8f5e", "#7a5230"], accent: "#883943" },
  acapulco: { wall: ["#f5efe3", "#e6dcc7"], side: "#d7ccb4", floor: ["#d6b184", "#9a7447"], accent: "#164e55" },
};

/**
 * A barre room seen from the door: back wall with a mirror and a wooden barre, side walls with
 * windows and light falling on a plank floor, pendant lamps, plants, balls and rolled mats.
 * `view` 0..2 moves the camera (main picture, other angle, detail) so a studio's photos differ.
 */
function studioSvg(slug, view) {
  const p = PALETTES[slug];
  const r = rng([...slug].reduce((a, c) => a * 31 + c.charCodeAt(0), 7) + view * 101);
  const W = 1280;
  const H = 853;
  const vx = 640 + (view === 1 ? -150 : view === 2 ? 170 : 0);
  const vy = 400 + (view === 2 ? 30 : 0);
  // Back wall rectangle.
  const bw = view === 2 ? 900 : 640;
  const bh = view === 2 ? 460 : 340;
  const bx = vx - bw / 2;
  const by = vy - bh * 0.62;
  const floorY = by + bh;
  const parts = [];
  parts.push(`<defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wall[0]}"/><stop offset="1" stop-color="${p.wall[1]}"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.floor[0]}"/><stop offset="1" stop-color="${p.floor[1]}"/></linearGradient>
    <linearGradient id="mirror" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dfe6e8"/><stop offset=".55" stop-color="#b9c4c7"/><stop offset="1" stop-color="#cfd8da"/></linearGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fdfcf7"/><stop offset="1" stop-color="#dcebf2"/></linearGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e2b887"/><stop offset=".5" stop-color="#a87443"/><stop offset="1" stop-color="#6b4323"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="#fff6df" stop-opacity=".95"/><stop offset="1" stop-color="#fff6df" stop-opacity="0"/></radialGradient>
    <radialGradient id="vignette" cx=".5" cy=".5" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#1d120a" stop-opacity=".45"/></radialGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="18"/></filter>
    <filter id="lens"><feGaussianBlur stdDeviation="0.7"/></filter>
  </defs>`);
  parts.push(`<g filter="url(#lens)">`);
  // Ceiling, side walls, floor (perspective from the back wall corners to the frame).
  parts.push(`<rect width="${W}" height="${H}" fill="${p.side}"/>`);
  parts.push(`<polygon points="0,0 ${W},0 ${bx + bw},${by} ${bx},${by}" fill="#f7f3ee"/>`);
  parts.push(`<polygon points="0,0 ${bx},${by} ${bx},${floorY} 0,${H}" fill="${p.side}"/>`);
  parts.push(
    `<polygon points="${W},0 ${bx + bw},${by} ${bx + bw},${floorY} ${W},${H}" fill="${p.side}" opacity=".92"/>`,
  );
  parts.push(`<polygon points="0,${H} ${bx},${floorY} ${bx + bw},${floorY} ${W},${H}" fill="url(#floor)"/>`);
  // Floor planks converging to the vanishing point.
  for (let i = -14; i <= 14; i++) {
    const x0 = vx + i * 70;
    const xb = bx + bw / 2 + (i * bw) / 28;
    parts.push(
      `<line x1="${xb}" y1="${floorY}" x2="${x0 * 1.0 + (x0 - vx) * 1.4}" y2="${H}" stroke="#5a3a1f" stroke-opacity="${0.16 + r() * 0.12}" stroke-width="1.4"/>`,
    );
  }
  for (let k = 1; k < 7; k++) {
    const t = k / 7;
    const y = floorY + (H - floorY) * t * t;
    parts.push(`<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#5a3a1f" stroke-opacity=".06" stroke-width="1"/>`);
  }
  // Back wall, mirror, barre.
  parts.push(`<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="url(#wall)"/>`);
  const mx = bx + bw * 0.06;
  const mw = bw * 0.88;
  const my = by + bh * 0.12;
  const mh = bh * 0.8;
  parts.push(
    `<rect x="${mx}" y="${my}" width="${mw}" height="${mh}" fill="url(#mirror)" stroke="#8d8a84" stroke-width="3"/>`,
  );
  // Reflection of the room in the mirror: a paler floor and the opposite windows.
  parts.push(
    `<rect x="${mx}" y="${my + mh * 0.68}" width="${mw}" height="${mh * 0.32}" fill="${p.floor[0]}" opacity=".45"/>`,
  );
  for (let i = 0; i < 3; i++) {
    const wx = mx + mw * (0.12 + i * 0.3);
    parts.push(
      `<rect x="${wx}" y="${my + mh * 0.14}" width="${mw * 0.16}" height="${mh * 0.48}" fill="#f8fbfb" opacity=".55"/>`,
    );
  }
  parts.push(
    `<polygon points="${mx + mw * 0.55},${my} ${mx + mw * 0.7},${my} ${mx + mw * 0.42},${my + mh} ${mx + mw * 0.27},${my + mh}" fill="#fff" opacity=".22"/>`,
  );
  // Mirror dividers.
  for (let i = 1; i < 4; i++)
    parts.push(
      `<line x1="${mx + (mw * i) / 4}" y1="${my}" x2="${mx + (mw * i) / 4}" y2="${my + mh}" stroke="#9aa3a5" stroke-width="2"/>`,
    );
  // Barre on the back wall with its brackets.
  const barY = by + bh * 0.58;
  for (let i = 0; i < 5; i++) {
    const x = bx + bw * (0.08 + i * 0.21);
    parts.push(`<rect x="${x - 4}" y="${barY - 2}" width="8" height="26" fill="#6f7376"/>`);
  }
  parts.push(`<rect x="${bx + bw * 0.04}" y="${barY - 8}" width="${bw * 0.92}" height="12" rx="6" fill="url(#wood)"/>`);
  parts.push(
    `<rect x="${bx + bw * 0.04}" y="${barY + 24}" width="${bw * 0.92}" height="11" rx="5.5" fill="url(#wood)"/>`,
  );
  // Left wall: windows with light beams on the floor.
  const windows = view === 2 ? 1 : 3;
  for (let i = 0; i < windows; i++) {
    const t0 = 0.12 + i * 0.26;
    const t1 = t0 + 0.16;
    const lerp = (a, b, t) => a + (b - a) * t;
    // Points along the left wall between the frame edge (x=0) and the back wall corner.
    const x0 = lerp(0, bx, t0);
    const x1 = lerp(0, bx, t1);
    const top0 = lerp(-40, by + bh * 0.08, t0);
    const top1 = lerp(-40, by + bh * 0.08, t1);
    const bot0 = lerp(H * 0.78, by + bh * 0.72, t0);
    const bot1 = lerp(H * 0.78, by + bh * 0.72, t1);
    parts.push(
      `<polygon points="${x0},${top0} ${x1},${top1} ${x1},${bot1} ${x0},${bot0}" fill="url(#sky)" stroke="#f4efe8" stroke-width="6"/>`,
    );
    parts.push(
      `<line x1="${(x0 + x1) / 2}" y1="${(top0 + top1) / 2}" x2="${(x0 + x1) / 2}" y2="${(bot0 + bot1) / 2}" stroke="#f4efe8" stroke-width="4"/>`,
    );
    const fx = vx + (i - 1) * 120 - 60;
    parts.push(
      `<polygon points="${x0 + 40},${H} ${x1 + 140},${H} ${fx + 220},${floorY + 40} ${fx + 120},${floorY + 40}" fill="#fff4dc" opacity=".28" filter="url(#soft)"/>`,
    );
  }
  // Right wall: a second barre in perspective.
  const rbx = bx + bw;
  parts.push(
    `<polygon points="${rbx},${barY - 8} ${W},${barY + 150} ${W},${barY + 168} ${rbx},${barY + 4}" fill="url(#wood)"/>`,
  );
  parts.push(
    `<polygon points="${rbx},${barY + 24} ${W},${barY + 200} ${W},${barY + 216} ${rbx},${barY + 35}" fill="url(#wood)" opacity=".9"/>`,
  );
  // Pendant lamps.
  const lamps = 3;
  for (let i = 0; i < lamps; i++) {
    const x = vx + (i - 1) * (view === 2 ? 330 : 260);
    const y = 120 + r() * 40 + (view === 2 ? 40 : 0);
    parts.push(`<line x1="${x}" y1="0" x2="${x}" y2="${y}" stroke="#3a3a3a" stroke-width="2"/>`);
    parts.push(`<circle cx="${x}" cy="${y + 26}" r="90" fill="url(#glow)"/>`);
    parts.push(`<path d="M${x - 34},${y + 30} Q${x},${y - 16} ${x + 34},${y + 30} Z" fill="#2f2a26"/>`);
    parts.push(`<ellipse cx="${x}" cy="${y + 30}" rx="30" ry="5" fill="#fff3d1"/>`);
  }
  // Plants in the corners.
  const plant = (x, y, s) => {
    let g = `<g transform="translate(${x},${y}) scale(${s})">`;
    for (let i = 0; i < 14; i++) {
      const a = -Math.PI / 2 + (r() - 0.5) * 2.2;
      const len = 90 + r() * 80;
      const ex = Math.cos(a) * len;
      const ey = Math.sin(a) * len;
      g += `<path d="M0,0 Q${ex * 0.3 - 20},${ey * 0.6} ${ex},${ey} Q${ex * 0.5 + 20},${ey * 0.4} 0,0" fill="${i % 2 ? "#4f7a4a" : "#3d6340"}"/>`;
    }
    g += `<path d="M-46,0 L46,0 L36,90 L-36,90 Z" fill="#d9cfc2"/><rect x="-50" y="-6" width="100" height="12" rx="4" fill="#cfc3b3"/></g>`;
    return g;
  };
  if (view !== 1) parts.push(plant(W - 120, H - 210, 1.1));
  parts.push(plant(bx + 40, floorY - 70, 0.55));
  // Balls and rolled mats along the back wall.
  const colors = [p.accent, "#d8c3b0", "#8fa3a8", "#c98b7b"];
  for (let i = 0; i < 4; i++) {
    const x = bx + bw * (0.55 + i * 0.09);
    const rad = 20 + r() * 6;
    parts.push(`<circle cx="${x}" cy="${floorY - rad + 4}" r="${rad}" fill="${colors[i % colors.length]}"/>`);
    parts.push(
      `<circle cx="${x - rad * 0.35}" cy="${floorY - rad * 1.35 + 4}" r="${rad * 0.3}" fill="#fff" opacity=".25"/>`,
    );
  }
  for (let i = 0; i < 5; i++) {
    const x = bx + bw * 0.12 + i * 30;
    parts.push(
      `<rect x="${x}" y="${floorY - 70}" width="24" height="70" rx="12" fill="${i % 2 ? p.accent : "#5f6b6d"}" opacity=".92"/>`,
    );
  }
  if (view === 2) {
    // A closer look: mats laid out on the floor in rows.
    for (let row = 0; row < 2; row++)
      for (let c = -2; c <= 2; c++) {
        const cx = vx + c * (150 + row * 90);
        const cy = floorY + 90 + row * 170;
        const w = 90 + row * 60;
        parts.push(
          `<polygon points="${cx - w / 2},${cy} ${cx + w / 2},${cy} ${cx + w * 0.62},${cy + 60 + row * 50} ${cx - w * 0.62},${cy + 60 + row * 50}" fill="${c % 2 ? p.accent : "#6f8c8f"}" opacity=".85"/>`,
        );
      }
  }
  parts.push(`</g>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#vignette)"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join("")}</svg>`;
}

/** A person drawn with rounded limbs: joints in a 0..1 box, scaled to `h` pixels tall. */
function figure(x, y, h, pose, top, bottom) {
  const P = POSES[pose];
  const pt = (k) => [x + (P[k][0] - 0.5) * h, y + (P[k][1] - 1) * h];
  const limb = (a, b, c, w, col) => {
    const [ax, ay] = pt(a);
    const [bx2, by2] = pt(b);
    const [cx, cy] = pt(c);
    return `<polyline points="${ax},${ay} ${bx2},${by2} ${cx},${cy}" fill="none" stroke="${col}" stroke-width="${w * h}" stroke-linecap="round" stroke-linejoin="round"/>`;
  };
  const [hx, hy] = pt("head");
  const skin = "#c89677";
  return [
    limb("hip", "kneeB", "footB", 0.075, bottom),
    limb("shoulder", "elbowB", "handB", 0.05, skin),
    `<polyline points="${pt("shoulder").join(",")} ${pt("hip").join(",")}" stroke="${top}" stroke-width="${0.13 * h}" stroke-linecap="round"/>`,
    limb("hip", "kneeF", "footF", 0.075, bottom),
    limb("shoulder", "elbowF", "handF", 0.05, skin),
    `<circle cx="${hx}" cy="${hy}" r="${0.065 * h}" fill="${skin}"/>`,
    `<circle cx="${hx - 0.03 * h}" cy="${hy - 0.05 * h}" r="${0.04 * h}" fill="#3b2a20"/>`,
  ].join("");
}

/** Joints (x, y) with y = 1 on the floor. */
const POSES = {
  plie: {
    head: [0.5, 0.08],
    shoulder: [0.5, 0.2],
    hip: [0.5, 0.52],
    kneeF: [0.66, 0.72],
    footF: [0.64, 1],
    kneeB: [0.34, 0.72],
    footB: [0.36, 1],
    elbowF: [0.68, 0.3],
    handF: [0.8, 0.4],
    elbowB: [0.32, 0.3],
    handB: [0.2, 0.22],
  },
  arabesque: {
    head: [0.42, 0.12],
    shoulder: [0.45, 0.24],
    hip: [0.55, 0.5],
    kneeF: [0.54, 0.75],
    footF: [0.54, 1],
    kneeB: [0.72, 0.45],
    footB: [0.92, 0.38],
    elbowF: [0.32, 0.34],
    handF: [0.22, 0.42],
    elbowB: [0.36, 0.18],
    handB: [0.26, 0.06],
  },
  lunge: {
    head: [0.5, 0.12],
    shoulder: [0.5, 0.24],
    hip: [0.5, 0.55],
    kneeF: [0.68, 0.66],
    footF: [0.7, 1],
    kneeB: [0.36, 0.8],
    footB: [0.18, 1],
    elbowF: [0.62, 0.14],
    handF: [0.6, 0.02],
    elbowB: [0.38, 0.14],
    handB: [0.4, 0.02],
  },
  stretch: {
    head: [0.3, 0.46],
    shoulder: [0.36, 0.5],
    hip: [0.6, 0.56],
    kneeF: [0.6, 0.78],
    footF: [0.6, 1],
    kneeB: [0.72, 0.8],
    footB: [0.82, 1],
    elbowF: [0.28, 0.66],
    handF: [0.22, 0.82],
    elbowB: [0.24, 0.64],
    handB: [0.18, 0.8],
  },
  sit: {
    head: [0.5, 0.34],
    shoulder: [0.5, 0.46],
    hip: [0.5, 0.78],
    kneeF: [0.74, 0.74],
    footF: [0.86, 0.98],
    kneeB: [0.26, 0.74],
    footB: [0.14, 0.98],
    elbowF: [0.66, 0.58],
    handF: [0.72, 0.72],
    elbowB: [0.34, 0.58],
    handB: [0.28, 0.72],
  },
};

const TYPES = [
  { slug: "barre-clasico", color: "#883943", pose: "arabesque", studio: "polanco" },
  { slug: "barre-cardio", color: "#164e55", pose: "lunge", studio: "santa-fe" },
  { slug: "barre-sculpt", color: "#b5651d", pose: "plie", studio: "san-pedro" },
  { slug: "barre-stretch", color: "#6a7f5a", pose: "stretch", studio: "roma" },
  { slug: "barre-prenatal", color: "#9c6b98", pose: "sit", studio: "acapulco" },
];

/** A class in progress: the studio out of focus behind three people in the type's pose and colour. */
async function typeImage(t) {
  const room = await sharp(Buffer.from(studioSvg(t.studio, 1)))
    .resize(1280, 853)
    .extract({ left: 0, top: 66, width: 1280, height: 720 })
    .blur(9)
    .modulate({ brightness: 1.04 })
    .png()
    .toBuffer();
  const people = [
    [300, 640, 340],
    [640, 660, 400],
    [980, 640, 340],
  ]
    .map(([x, y, h], i) =>
      figure(x, y, h, t.pose, i === 1 ? t.color : i === 0 ? "#2f2a2a" : "#e9e1d8", i === 1 ? "#2f2a2a" : t.color),
    )
    .join("");
  const barre =
    t.pose === "arabesque" || t.pose === "plie"
      ? `<rect x="0" y="430" width="1280" height="14" rx="7" fill="#a87443"/>`
      : "";
  const mat =
    t.pose === "stretch" || t.pose === "sit"
      ? [300, 640, 980]
          .map((x) => `<ellipse cx="${x}" cy="662" rx="170" ry="20" fill="${t.color}" opacity=".55"/>`)
          .join("")
      : "";
  const shadows = [300, 640, 980]
    .map((x) => `<ellipse cx="${x}" cy="664" rx="120" ry="14" fill="#3a2612" opacity=".25"/>`)
    .join("");
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
    <defs><filter id="f"><feGaussianBlur stdDeviation="1.2"/></filter>
    <linearGradient id="l" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff3dc" stop-opacity=".25"/><stop offset=".6" stop-color="#fff3dc" stop-opacity="0"/></linearGradient></defs>
    <g filter="url(#f)">${barre}${mat}${shadows}${people}</g>
    <rect width="1280" height="720" fill="url(#l)"/></svg>`;
  return sharp(room)
    .composite([{ input: Buffer.from(overlay) }])
    .jpeg({ quality: 74, mozjpeg: true })
    .toBuffer();
}

await fs.mkdir(OUT, { recursive: true });
let total = 0;
for (const slug of Object.keys(PALETTES)) {
  const views = slug === "coyoacan-aliado" ? [0] : [0, 1, 2];
  for (const view of views) {
    const file = path.join(OUT, `studio-${slug}-${view + 1}.jpg`);
    const data = await sharp(Buffer.from(studioSvg(slug, view)))
      .jpeg({ quality: 74, mozjpeg: true })
      .toBuffer();
    await fs.writeFile(file, data);
    total += data.length;
  }
}
for (const t of TYPES) {
  const data = await typeImage(t);
  await fs.writeFile(path.join(OUT, `type-${t.slug}.jpg`), data);
  total += data.length;
}
console.log(`Imágenes de demostración en ${path.relative(root, OUT)}: ${(total / 1024).toFixed(0)} KB`);
