import sharp from 'sharp';
import type { files } from '../schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { createRandom, type Random } from './seeded-random.ts';

export type DemoImageSpec = {
  key: string;
  title: string;
  subtitle?: string;
  kind: 'photo' | 'logo';
  /** Backdrops the page overlays its own name and heading on (band and promoter heroes) carry no text. */
  isTextless?: boolean;
  ownerId?: string;
};

export type StoredDemoImage = { url: string; file: typeof files.$inferInsert };

type Palette = readonly [dark: string, mid: string, light: string];

const PALETTES: readonly Palette[] = [
  ['#1d1145', '#7b2ff7', '#f107a3'],
  ['#0f2027', '#2c5364', '#4fd1c5'],
  ['#3a0ca3', '#f72585', '#ffb703'],
  ['#14213d', '#e76f51', '#f4a261'],
  ['#0b132b', '#1c7293', '#9be7ff'],
  ['#2d0a31', '#b5179e', '#ff9e00'],
  ['#111827', '#065f46', '#34d399'],
  ['#1f1300', '#9a3412', '#fbbf24'],
  ['#10002b', '#5a189a', '#e0aaff'],
  ['#03071e', '#9d0208', '#faa307'],
  ['#001219', '#005f73', '#ee9b00'],
  ['#22223b', '#4a4e69', '#f2e9e4'],
];

const PHOTO_WIDTH = 1280;
const PHOTO_HEIGHT = 720;
const LOGO_SIZE = 600;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Long names go on two balanced lines so the type can stay large. */
function splitTitle(title: string): string[] {
  const words = title.split(' ');
  if (title.length <= 18 || words.length < 2) return [title];
  let best = [title];
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const first = words.slice(0, i).join(' ');
    const second = words.slice(i).join(' ');
    const diff = Math.abs(first.length - second.length);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = [first, second];
    }
  }
  return best;
}

/**
 * Rasterising full-frame gradients and shapes is the slow part, so each palette's backdrop is
 * drawn once and reused; a mirrored backdrop and the title keep the images distinct.
 */
function backgroundSvg(palette: Palette): string {
  const [dark, mid, light] = palette;
  const random = createRandom(PALETTES.indexOf(palette) + 1);
  const circles = Array.from({ length: 7 }, () => {
    const r = random.int(60, 320);
    return `<circle cx="${random.int(0, PHOTO_WIDTH)}" cy="${random.int(0, PHOTO_HEIGHT)}" r="${r}" fill="${random.pick([mid, light, '#ffffff'])}" opacity="${(random.int(5, 16) / 100).toFixed(2)}"/>`;
  }).join('');
  const beams = Array.from({ length: 3 }, (_, i) => {
    const x = 220 + i * 420 + random.int(-80, 80);
    return `<polygon points="${x - 30},0 ${x + 30},0 ${x + 260},${PHOTO_HEIGHT} ${x - 260},${PHOTO_HEIGHT}" fill="#ffffff" opacity="0.07"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${dark}"/><stop offset="0.55" stop-color="${mid}"/><stop offset="1" stop-color="${light}"/>
    </linearGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.5"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  ${circles}${beams}
  <rect width="100%" height="100%" fill="url(#vignette)"/>
</svg>`;
}

/** The title as a band just tall enough for the text: a smaller overlay is cheaper to composite. */
function titleOverlay(spec: DemoImageSpec): { svg: string; top: number } {
  const lines = splitTitle(spec.title);
  const longest = Math.max(...lines.map((l) => l.length));
  const fontSize = Math.round(Math.min(132, Math.max(56, 1120 / (longest * 0.6))));
  const lineHeight = fontSize * 1.08;
  const firstBaseline = PHOTO_HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.3 - (spec.subtitle ? 24 : 0);
  const lastBaseline = firstBaseline + (lines.length - 1) * lineHeight;
  const subtitleBaseline = lastBaseline + 78;
  const top = Math.max(0, Math.floor(firstBaseline - fontSize * 1.1));
  const bottom = Math.min(PHOTO_HEIGHT, Math.ceil((spec.subtitle ? subtitleBaseline + 16 : lastBaseline + fontSize * 0.35) + 8));
  const text = lines
    .map((line, i) => `<text x="640" y="${Math.round(firstBaseline + i * lineHeight - top)}">${escapeXml(line)}</text>`)
    .join('');
  const subtitle = spec.subtitle
    ? `<text x="640" y="${Math.round(subtitleBaseline - top)}" font-size="34" font-weight="400" letter-spacing="6" fill="#ffffff" opacity="0.85">${escapeXml(spec.subtitle.toUpperCase())}</text>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${bottom - top}">
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff" text-anchor="middle">
    <g fill="#000000" opacity="0.35" transform="translate(4 5)">${text}</g>
    ${text}
    ${subtitle}
  </g>
</svg>`;
  return { svg, top };
}

function logoSvg(spec: DemoImageSpec, [dark, mid, light]: Palette): string {
  const initials = spec.title
    .replace(/&/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(the|and|of)$/i.test(w))
    .slice(0, 3)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  const c = LOGO_SIZE / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}">
  <defs>
    <linearGradient id="ring" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${mid}"/><stop offset="1" stop-color="${light}"/>
    </linearGradient>
  </defs>
  <circle cx="${c}" cy="${c}" r="${c - 12}" fill="${dark}" stroke="url(#ring)" stroke-width="22"/>
  <circle cx="${c}" cy="${c}" r="${c - 62}" fill="none" stroke="${light}" stroke-width="3" stroke-dasharray="6 10" opacity="0.7"/>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" text-anchor="middle" fill="#ffffff">
    <text x="${c}" y="${c + 56}" font-size="${initials.length > 2 ? 150 : 190}" font-weight="700">${escapeXml(initials)}</text>
    <text x="${c}" y="${c + 150}" font-size="30" letter-spacing="4" opacity="0.85">${escapeXml(spec.title.toUpperCase().slice(0, 26))}</text>
  </g>
</svg>`;
}

type Background = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

async function renderDemoImage(spec: DemoImageSpec, random: Random, backgroundOf: (palette: Palette) => Promise<Background>) {
  const palette = random.pick(PALETTES);
  if (spec.kind === 'logo') {
    const { data, info } = await sharp(Buffer.from(logoSvg(spec, palette)))
      .png({ compressionLevel: 6 })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: 'image/png', width: info.width, height: info.height };
  }
  const background = await backgroundOf(palette);
  // Composite is applied after flop, so only the backdrop is mirrored, never the title.
  const backdrop = sharp(background.data, { raw: { width: background.width, height: background.height, channels: background.channels } }).flop(random.chance(0.5));
  if (!spec.isTextless) {
    const title = titleOverlay(spec);
    backdrop.composite([{ input: Buffer.from(title.svg), top: title.top, left: 0 }]);
  }
  const { data, info } = await backdrop
    .jpeg({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data, contentType: 'image/jpeg', width: info.width, height: info.height };
}

/**
 * Renders and stores every image, a few at a time: sharp works on libuv's thread pool, so images
 * overlap with each other and with whatever else the caller is awaiting (password hashing).
 */
export async function storeDemoImages(
  storage: Storage,
  specs: readonly DemoImageSpec[],
  random: Random,
  concurrency = 4,
): Promise<StoredDemoImage[]> {
  // Each image gets its own seed up front, so the pictures do not depend on render order.
  const seeds = specs.map(() => random.int(1, 2 ** 31));
  const stored: StoredDemoImage[] = [];
  const backgrounds = new Map<Palette, Promise<Background>>();
  const backgroundOf = (palette: Palette) => {
    let background = backgrounds.get(palette);
    if (!background) {
      background = sharp(Buffer.from(backgroundSvg(palette)))
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => ({ data, width: info.width, height: info.height, channels: info.channels }));
      backgrounds.set(palette, background);
    }
    return background;
  };
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < specs.length) {
      const index = nextIndex++;
      const spec = specs[index]!;
      const image = await renderDemoImage(spec, createRandom(seeds[index]!), backgroundOf);
      await storage.put(spec.key, image.data, image.contentType);
      stored[index] = {
        url: storage.urlFor(spec.key),
        file: {
          key: spec.key,
          ownerId: spec.ownerId,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          bytes: image.data.byteLength,
        },
      };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, specs.length) }, worker));
  return stored;
}
