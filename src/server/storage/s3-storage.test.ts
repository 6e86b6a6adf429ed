import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../../tests/helpers/s3-server.ts';
import { createS3Storage } from './s3-storage.ts';
import { newUploadKey } from './storage.ts';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(() => s3.stop());

describe('files in an S3 bucket', () => {
  it('keeps a file under its key, with its type and a cache header anyone reading the bucket gets', async () => {
    const storage = createS3Storage(s3.settings);
    const key = newUploadKey('png');
    const body = Buffer.from('not really a png, but bytes are bytes');
    await storage.put(key, body, 'image/png');

    expect(await storage.get(key)).toEqual(body);
    expect(await storage.sizeOf(key)).toBe(body.byteLength);
    expect((await s3.objects()).get(key)).toBe(body.byteLength);
    const direct = await fetch(`${s3.publicUrl}/${key}`);
    expect(direct.headers.get('content-type')).toBe('image/png');
    // An upload's key is a fresh UUID: its bytes never change, so caches may keep it for good.
    expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("deletes a file (a deleted account's upload, issue 33 finding 13b); deleting one already gone is no error", async () => {
    const storage = createS3Storage(s3.settings);
    const key = newUploadKey('jpg');
    await storage.put(key, Buffer.from('jpeg'), 'image/jpeg');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect((await s3.objects()).has(key)).toBe(false);
    await storage.delete(key);
  });

  it('gives a demo image, whose name is reused when a database is seeded again, a day in caches', async () => {
    const storage = createS3Storage(s3.settings);
    await storage.put('images/demo/bands/salt-and-static.jpg', Buffer.from('jpeg'), 'image/jpeg');
    const direct = await fetch(`${s3.publicUrl}/images/demo/bands/salt-and-static.jpg`);
    expect(direct.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('answers null for a key it does not hold, and for an unsafe one, which it never stores', async () => {
    const storage = createS3Storage(s3.settings);
    expect(await storage.get('images/2026/01/never-uploaded.jpg')).toBeNull();
    expect(await storage.sizeOf('images/2026/01/never-uploaded.jpg')).toBeNull();
    for (const key of ['../secret.jpg', 'images/../../x.jpg', 'images/a.svg', '/images/a.jpg', 'Images/A.jpg']) {
      expect(await storage.get(key), key).toBeNull();
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow(/Unsafe storage key/);
    }
    expect([...(await s3.objects()).keys()].some((key) => key.includes('..') || key.endsWith('.svg'))).toBe(false);
  });

  it('reports a refused request (an unknown access key, a bucket that is not there) as an error, not as a missing file', async () => {
    const stranger = createS3Storage({ ...s3.settings, accessKeyId: 'NOBODY' });
    await expect(stranger.get('images/2026/01/never-uploaded.jpg')).rejects.toThrow(/Access Key Id/);
    const elsewhere = createS3Storage({ ...s3.settings, bucket: 'not-this-bucket' });
    await expect(elsewhere.get('images/2026/01/never-uploaded.jpg')).rejects.toThrow(/bucket does not exist/);
  });

  it('addresses files at /files, or at S3_PUBLIC_URL when set, and knows a key again from either address', () => {
    const key = 'images/2026/11/0b7c5d0e-8f1a-4c3b-9d2e-1a2b3c4d5e6f.jpg';
    const atFiles = createS3Storage(s3.settings);
    expect(atFiles.urlFor(key)).toBe(`/files/${key}`);
    expect(atFiles.keyFor(`/files/${key}`)).toBe(key);
    expect(atFiles.keyFor(`https://cdn.example/${key}`)).toBeNull();

    const atCdn = createS3Storage({ ...s3.settings, publicUrl: 'https://cdn.example/marquee' });
    expect(atCdn.urlFor(key)).toBe(`https://cdn.example/marquee/${key}`);
    expect(atCdn.keyFor(`https://cdn.example/marquee/${key}`)).toBe(key);
    // Addresses from before the bucket had a public URL still name their file.
    expect(atCdn.keyFor(`/files/${key}`)).toBe(key);
    for (const url of [`https://evil.example/${key}`, `https://cdn.example/${key}`, 'https://cdn.example/marquee/../secret.jpg', `https://cdn.example/marqueeX/${key}`]) {
      expect(atCdn.keyFor(url), url).toBeNull();
    }
  });
});
