// Issue 33, finding 13b: a deleted account's uploads (its files rows and the stored objects) go too;
// another account's files stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, files } from '../../db/schema.ts';
import { newUploadKey } from '../../storage/storage.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { PASSWORD, signUpAs } from '../../../../tests/helpers/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An image the account uploaded, as store-image keeps it: the object in storage and its files row. */
async function upload(ownerId: string) {
  const key = newUploadKey('png');
  await t.services.storage.put(key, Buffer.from(`png of ${ownerId}`), 'image/png');
  await t.db.insert(files).values({ key, ownerId, contentType: 'image/png', width: 10, height: 10, bytes: 20 });
  return key;
}

describe("deleting an account removes its uploads (issue 33, finding 13b)", () => {
  it("its files rows and stored objects are gone; another account's are untouched", async () => {
    const band = await signUpAs(t, 'band');
    const other = await signUpAs(t, 'venue');
    const logo = await upload(band.id);
    const photo = await upload(band.id);
    const kept = await upload(other.id);

    const res = await band.client.post('/api/me/delete', { currentPassword: PASSWORD });
    expect(res.status, res.text).toBe(200);

    for (const key of [logo, photo]) {
      expect(await t.db.select().from(files).where(eq(files.key, key))).toEqual([]);
      expect(await t.services.storage.get(key)).toBeNull();
    }
    expect(await t.db.select({ ownerId: files.ownerId }).from(files).where(eq(files.key, kept))).toEqual([{ ownerId: other.id }]);
    expect(await t.services.storage.get(kept)).not.toBeNull();
    // What was to be deleted is recorded with the deletion, in its transaction.
    const [audit] = await t.db.select({ details: auditLog.details }).from(auditLog).where(eq(auditLog.targetId, band.id));
    expect((audit!.details as { filesDeleted: string[] }).filesDeleted.sort()).toEqual([logo, photo].sort());
  });
});
