import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Role } from '../../src/core/roles.ts';
import { registrationForm, TEST_ADMIN_EMAIL, type TestApp, type TestClient } from './test-app.ts';

export const TEST_PASSWORD = 'correct-horse-9';

const SECTIONS: Record<Role, (tag: string) => Record<string, unknown>> = {
  fan: () => ({}),
  musician: () => ({}),
  admin: () => ({}),
  band: (tag) => ({ name: `Band ${tag}` }),
  venue: (tag) => ({ name: `Venue ${tag}`, address: '1 Main St, Chicago' }),
  promoter: (tag) => ({ name: `Promoter ${tag}` }),
  artist_manager: (tag) => ({ name: `Manager ${tag}` }),
  rehearsal_space: (tag) => ({ name: `Rooms ${tag}`, address: '2 Side St, Chicago' }),
};

/** A signed-in client of a new account with this role (admin through ADMIN_EMAILS, D2). */
export async function signUpAs(t: TestApp, role: Role, section: Record<string, unknown> = {}): Promise<{ client: TestClient; email: string; id: string }> {
  const tag = randomUUID().slice(0, 8);
  const email = role === 'admin' ? TEST_ADMIN_EMAIL : `${role.replace('_', '-')}-${tag}@profiles.test`;
  const client = t.client();
  const res = await client.post(
    '/api/register',
    registrationForm({ email, password: TEST_PASSWORD, location: 'chicagoland', role: role === 'admin' ? 'fan' : role, ...SECTIONS[role](tag), ...section }),
  );
  if (res.status !== 201) throw new Error(`sign-up as ${role} failed: ${res.status} ${res.text}`);
  const me = await client.get('/api/me');
  return { client, email, id: me.json.me.user.id };
}

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
