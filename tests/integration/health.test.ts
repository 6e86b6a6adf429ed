// Issue 36: the operator's health page. Each problem is caused the way it happens: an SMTP server
// refusing a recipient, a webhook endpoint failing, a job pg-boss marked failed, a fediverse
// delivery that failed, a backup older than its schedule. The page and /metrics/health say the same.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFederationFailure } from '../../src/server/features/federation/federation-failures.ts';
import { webhookEndpoints } from '../../src/server/db/schema.ts';
import { signUpAs } from '../helpers/accounts.ts';
import { startTestSmtpServer } from '../helpers/smtp-server.ts';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';

const METRICS_TOKEN = 'health-token-0123456789';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let backupDir: string;
let admin: TestClient;

async function writeBackup(name: string, createdAt: Date) {
  const folder = path.join(backupDir, name);
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(
    path.join(folder, 'manifest.json'),
    // What `npm run backup` writes last (the page reads only the manifest).
    JSON.stringify({ format: 'marquee-backup', version: 1, kind: 'pglite', createdAt: createdAt.toISOString(), postgresVersion: '17', migrations: 38, tables: {}, uploadedFiles: { count: 0, bytes: 0, isInBucket: false }, contents: {} }),
  );
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-health-backups-'));
  t = await createTestApp({ startJobs: true, env: { ...smtp.env, METRICS_TOKEN, BACKUP_DIR: backupDir, BACKUP_MAX_AGE_HOURS: '26' } });
  admin = (await signUpAs(t, 'admin')).client;
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
  await fs.rm(backupDir, { recursive: true, force: true });
});

const health = async () => {
  const res = await admin.get('/api/admin/health');
  expect(res.status, res.text).toBe(200);
  return res.json;
};

describe('the health page (issue 36)', () => {
  it('says what is running: version, migrations, the payment provider in test mode, storage', async () => {
    const report = await health();
    expect(report.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(report.migrations.applied).toBe(report.migrations.inBuild);
    expect(report.payments).toEqual({ provider: 'sandbox', isTestMode: true });
    expect(report.email.transport).toBe('smtp');
    expect(report.storage).toMatchObject({ where: 'disk' });
    expect(report.problems.map((p: { area: string }) => p.area)).toEqual(['backups']);
    expect(report.problems[0].text).toContain('No backup in');
  });

  it('shows an e-mail the SMTP server refused with its answer, and a retry sends it once the server accepts', async () => {
    smtp.refuse('gone@refused.test');
    const { id } = await t.services.mailer.send({ to: 'gone@refused.test', subject: 'Your tickets', text: 'Hello', kind: 'ticket' });
    expect((await t.services.mailer.deliverNow(id)).status).toBe('failed');
    let report = await health();
    expect(report.email.failed).toBe(1);
    expect(report.email.recentFailures[0]).toMatchObject({ id, to: 'gone@refused.test', subject: 'Your tickets' });
    expect(report.email.recentFailures[0].error).toContain('550');
    expect(report.problems).toContainEqual({ area: 'email', text: '1 e-mail failed to send.', href: '#health-email' });

    // Still refused: the retry says so, and it stays failed.
    const again = await admin.post(`/api/admin/health/emails/${id}/retry`, {});
    expect(again.json).toMatchObject({ status: 'failed' });
    expect(again.json.error).toContain('User unknown');
    smtp.accept('gone@refused.test');
    const retried = await admin.post(`/api/admin/health/emails/${id}/retry`, {});
    expect(retried.json).toEqual({ status: 'sent', error: null });
    expect(smtp.received.filter((m) => m.to.includes('gone@refused.test'))).toHaveLength(1);
    report = await health();
    expect(report.email.failed).toBe(0);
    // A sent e-mail is not retried again.
    expect((await admin.post(`/api/admin/health/emails/${id}/retry`, {})).status).toBe(404);
  });

  it('names a failing webhook endpoint and its owner, a failed job, a failed fediverse delivery and a stale backup', async () => {
    const owner = await signUpAs(t, 'venue', { name: 'Hook Hall' });
    await t.db.insert(webhookEndpoints).values({ ownerId: owner.id, url: 'https://hooks.example.com/marquee', events: ['ticket.sold'], secret: 'whsec_x', failingSince: new Date(Date.now() - 3_600_000) });
    await t.db.execute(sql`insert into pgboss.job (name, state, data) values ('send-transfers', 'failed', '{}'::jsonb)`);
    await recordFederationFailure(t.db, { activity: 'https://marquee.test/ap/gigs/1#create', error: 'Failed to send activity to https://mastodon.example/inbox: 500 Internal Server Error' });
    await writeBackup('marquee-20261101-030000', new Date(Date.now() - 50 * 3_600_000));

    const report = await health();
    expect(report.webhooks.failingEndpoints).toEqual([expect.objectContaining({ url: 'https://hooks.example.com/marquee', owner: expect.stringContaining('Hook Hall') as string })]);
    expect(report.jobs).toContainEqual(expect.objectContaining({ queue: 'send-transfers', failed: 1 }));
    expect(report.federation.recentFailures[0].error).toContain('500 Internal Server Error');
    expect(report.backups).toMatchObject({ latest: { name: 'marquee-20261101-030000' }, isStale: true });
    expect(report.backups.latest.ageHours).toBeCloseTo(50, 0);
    const areas = report.problems.map((p: { area: string }) => p.area);
    expect(areas).toEqual(expect.arrayContaining(['webhooks', 'jobs', 'federation', 'backups']));
    expect(report.problems).toContainEqual({ area: 'backups', text: 'The last backup is 50 hours old (more than 26).', href: '#health-backups' });

    // A fresh backup clears that problem.
    await writeBackup('marquee-20261129-030000', new Date(Date.now() - 3_600_000));
    expect((await health()).backups.isStale).toBe(false);
  });

  it('is JSON for monitoring at /metrics/health with the metrics token, the same report; without it, refused', async () => {
    const visitor = t.client();
    expect((await visitor.get('/metrics/health')).status).toBe(401);
    const res = await visitor.get('/metrics/health', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The same report but for the moment it was read (the scheduled jobs run meanwhile, so their counts move).
    const settled = (report: Record<string, unknown>) => ({ ...report, checkedAt: null, jobs: null, problems: (report.problems as { area: string }[]).filter((p) => p.area !== 'jobs') });
    expect(settled(res.json)).toEqual(settled(await health()));
    expect(res.json.jobs).toEqual(expect.arrayContaining([expect.objectContaining({ queue: 'send-transfers', failed: 1 })]));
    expect((await (await signUpAs(t, 'fan')).client.get('/api/admin/health')).status).toBe(403);
  });
});
