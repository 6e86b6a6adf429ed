import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { user } from '../../db/schema.ts';
import { createTestApp, registrationForm, type TestApp } from '../../../../tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_BYTES: String(20 * 1024) } });
});
afterAll(() => t.close());

describe('upload limits (D23)', () => {
  it('an image over the size limit is refused with a message, and no account is created', async () => {
    // Random pixels do not compress: a PNG of well over 20 KB.
    const noisy = await sharp(Buffer.from(Array.from({ length: 200 * 200 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 200, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    expect(noisy.byteLength).toBeGreaterThan(20 * 1024);
    const res = await t.client().post(
      '/api/register',
      registrationForm({ email: 'big@upload.test', password: 'long-enough-1', location: 'chicagoland', role: 'band', name: 'Too Big To Fail' }, noisy),
    );
    expect(res.status).toBe(413);
    expect(res.json.error.message).toMatch(/too large/);
    expect(await t.db.select().from(user).where(eq(user.email, 'big@upload.test'))).toHaveLength(0);
  });

  it('a request body far over the limit is cut off before it is read', async () => {
    const huge = Buffer.alloc(200 * 1024, 1);
    const res = await t.client().post('/api/register', registrationForm({ email: 'huge@upload.test', password: 'long-enough-1', location: 'chicagoland', role: 'band', name: 'Huge' }, huge));
    expect(res.status).toBe(413);
  });
});
