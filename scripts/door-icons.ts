// The door app's icons (issue 24, its web manifest): a door in amber on near-black, drawn as SVG and
// written as PNGs into src/door/public (committed; run again only to change them).
//   npx node scripts/door-icons.ts
import sharp from 'sharp';
const svg = (size: number, pad: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
<rect width="100" height="100" fill="#09090b"/>
<g transform="translate(${pad} ${pad}) scale(${(100 - 2 * pad) / 100})">
<rect x="22" y="12" width="56" height="76" rx="6" fill="none" stroke="#fbbf24" stroke-width="7"/>
<circle cx="64" cy="52" r="5" fill="#fbbf24"/>
<path d="M8 88h84" stroke="#fbbf24" stroke-width="7" stroke-linecap="round"/>
</g></svg>`;
for (const [name, size, pad] of [['icon-192.png', 192, 6], ['icon-512.png', 512, 6], ['icon-maskable-512.png', 512, 20]] as const) {
  await sharp(Buffer.from(svg(size, pad))).resize(size, size).png({ compressionLevel: 9, palette: true }).toFile(`src/door/public/${name}`);
}
