// Uploads with S3 configured (decision 27): a real S3-compatible server on loopback stands where the
// bucket would be; the app talks to it through the AWS SDK exactly as it would to AWS.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAs } from '../helpers/accounts.ts';
import { imageForm, makeImage } from '../helpers/images.ts';
import { startTestS3Server, type TestS3Server } from '../helpers/s3-server.ts';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from '../helpers/test-app.ts';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(() => s3.stop());

async function uploadPhoto(client: TestClient): Promise<string> {
  const res = await client.post('/api/profile/images?kind=photo', imageForm(await makeImage(640, 360)));
  expect(res.status, res.text).toBe(201);
  return res.json.url;
}

describe('uploads kept in an S3 bucket, served by Marquee', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: s3.env });
  });
  afterAll(() => t.close());

  it('a band uploads a photo: it lands in the bucket, not on disk, and its page shows it from /files', async () => {
    const { client } = await signUpAs(t, 'band', { name: 'Bucket Brigade' });
    const url = await uploadPhoto(client);
    expect(url).toMatch(/^\/files\/images\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    const key = url.slice('/files/'.length);
    expect((await s3.objects()).has(key)).toBe(true);
    await expect(fs.access(path.join(t.services.env.DATA_DIR, 'files'))).rejects.toThrow();

    const served = await t.app.fetch(new Request(`${TEST_ORIGIN}${url}`));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const inBucket = await fetch(`${s3.publicUrl}/${key}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(await inBucket.arrayBuffer()));

    expect((await client.put('/api/profile/band', { imageUrl: url })).status).toBe(200);
    expect((await t.client().get('/api/sites/bucketbrigade')).json.band.imageUrl).toBe(url);
    expect((await t.client().get('/files/images/2026/01/never-uploaded.jpg')).status).toBe(404);
  });
});

describe('uploads served straight from the bucket (S3_PUBLIC_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...s3.env, S3_PUBLIC_URL: `${s3.publicUrl}/` } });
  });
  afterAll(() => t.close());

  it('a band uploads a photo: its address is the public one, the editor saves it and the band site shows it', async () => {
    const { client } = await signUpAs(t, 'band', { name: 'Cloud Front' });
    const url = await uploadPhoto(client);
    expect(url.startsWith(`${s3.publicUrl}/images/`)).toBe(true);
    const key = url.slice(s3.publicUrl.length + 1);

    const direct = await fetch(url);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/jpeg');
    expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Addresses saved before the bucket went public keep working through Marquee.
    expect((await t.client().get(`/files/${key}`)).status).toBe(200);

    const gallery = [await uploadPhoto(client), `/files/${key}`];
    expect((await client.put('/api/profile/band', { imageUrl: url, gallery })).status).toBe(200);
    const site = (await t.client().get('/api/sites/cloudfront')).json.band;
    expect(site.imageUrl).toBe(url);
    expect(site.gallery).toEqual(gallery);
  });

  it("refuses an address on another host, and another account's upload, as before", async () => {
    const owner = await signUpAs(t, 'band');
    const theirs = await uploadPhoto(owner.client);
    const { client } = await signUpAs(t, 'band');
    for (const imageUrl of [theirs, theirs.replace('127.0.0.1', 'localhost'), `https://evil.example/${theirs.slice(s3.publicUrl.length + 1)}`]) {
      const res = await client.put('/api/profile/band', { imageUrl });
      expect(res.status, imageUrl).toBe(422);
      expect(res.json.error.fields.imageUrl).toBe('Please upload the image again.');
    }
  });
});
