import fs from 'node:fs/promises';
import QRCode from 'qrcode';
import sharp from 'sharp';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A Y4M video that Chromium plays as its camera (--use-file-for-fake-video-capture): the QR code
 * of `text`, black on white, in a 640x480 grey frame repeated for a second.
 */
export async function writeQrCameraVideo(path: string, text: string): Promise<void> {
  const qr = await QRCode.toBuffer(text, { width: 360, margin: 4, errorCorrectionLevel: 'M' });
  const luma = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([{ input: qr, gravity: 'centre' }])
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = luma.info.channels === 1 ? luma.data : Buffer.from(luma.data.filter((_, i) => i % luma.info.channels === 0));
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  await fs.writeFile(path, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}
