import sharp from 'sharp';

/** A solid-colour image of the given size and format, made on the fly. */
export function makeImage(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7c3aed' } })[format]().toBuffer();
}

export const SVG_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><script>alert(1)</script><rect width="200" height="100" fill="#fbbf24"/></svg>',
);

/** The multipart body of POST /api/profile/images. */
export function imageForm(data: Buffer, name = 'image.jpg', type = 'image/jpeg'): FormData {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(data)], { type }), name);
  return form;
}
