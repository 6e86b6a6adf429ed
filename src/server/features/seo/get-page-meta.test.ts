import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createPromoter } from '../../../../tests/helpers/factories.ts';
import { getPageMeta } from './get-page-meta.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('page heads of /promoter/{slug} (issue 21)', () => {
  it('name the promoter, and answer 404 "Promoter not found" for an unknown slug', async () => {
    const promoter = await createPromoter(t.db, { name: 'Late Owls' });
    expect(await getPageMeta(t.services, 'localhost:3000', `/promoter/${promoter.slug}`)).toMatchObject({ title: 'Late Owls | Marquee' });
    expect(await getPageMeta(t.services, 'localhost:3000', '/promoter/nobody-at-all')).toMatchObject({ title: 'Promoter not found | Marquee', status: 404 });
  });
});
