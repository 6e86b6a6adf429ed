import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/server/storage/s3-storage.ts';

/** s3rver's one account; it checks every request's signature against it. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const REGION = 'us-east-1';

export type TestS3Server = Awaited<ReturnType<typeof startTestS3Server>>;

/**
 * A real S3-compatible server (s3rver) on loopback, with one empty bucket in a folder of its own:
 * the edge of the system, where AWS or MinIO would be. Nothing leaves the machine.
 */
export async function startTestS3Server({ bucket = 'marquee-test' }: { bucket?: string } = {}) {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = { endpoint, bucket, region: REGION, ...CREDENTIALS };
  const client = new S3Client({ endpoint, region: REGION, credentials: CREDENTIALS, forcePathStyle: true });
  return {
    endpoint,
    bucket,
    /** For createS3Storage. */
    settings,
    /** The same, as readEnv's settings (createTestApp({ env }), the scripts' environment). */
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    /** Where anyone may read the bucket's objects without signing (s3rver lets them): a stand-in CDN for S3_PUBLIC_URL. */
    publicUrl: `${endpoint}/${bucket}`,
    /** Every object in the bucket, by key, with its size in bytes. */
    async objects(): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) found.set(object.Key!, object.Size ?? 0);
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return found;
    },
    async stop() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
