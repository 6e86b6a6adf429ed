import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { outbox } from '../db/schema.ts';
import { createMailer } from './send-mail.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';

// A real SMTP server on loopback: the edge of the system, where the outside world would be.
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk) => (raw += chunk.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), OPERATOR_EMAIL: 'ops@marquee.test' }, startJobs: true });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('with SMTP settings (D28)', () => {
  it('mail is kept in the outbox and delivered over SMTP by the job queue', async () => {
    const res = await t.client().post('/api/contact', { name: 'Sam', email: 'sam@fan.test', message: 'Over SMTP please' });
    expect(res.status).toBe(200);
    const deadline = Date.now() + 20_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['ops@marquee.test']);
    expect(received[0]!.raw).toContain('Over SMTP please');
    const [row] = await t.db.select().from(outbox).where(eq(outbox.kind, 'contact_message'));
    for (let i = 0; i < 20 && row!.status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      Object.assign(row!, (await t.db.select().from(outbox).where(eq(outbox.id, row!.id)))[0]);
    }
    expect(row!.status).toBe('sent');
  });

  it('a follow confirmation arrives with its real links, while the stored body keeps them hidden', async () => {
    const { createBand } = await import('../../../tests/helpers/factories.ts');
    const band = await createBand(t.db, { name: 'Secret Links' });
    expect((await t.client().post('/api/followers', { bandId: band.id, email: 'fan@smtp.test' })).status).toBe(200);
    const deadline = Date.now() + 20_000;
    const delivered = () => received.find((m) => m.to.includes('fan@smtp.test'));
    while (!delivered() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // Quoted-printable may fold long lines: unfold before looking for the links.
    const raw = delivered()!.raw.replace(/=\r?\n/g, '');
    expect(raw).toMatch(/\/follow\/confirm\?token=(3D)?[\w-]{20,}/);
    expect(raw).toMatch(/\/unsubscribe\?token=(3D)?[\w-]{20,}/);
    expect(raw).not.toContain('{{secret:');
    const [row] = await t.db.select().from(outbox).where(eq(outbox.toAddress, 'fan@smtp.test'));
    expect(row!.textBody).toContain('{{secret:link}}');
  });
});

describe('a stopping instance (issue 13)', () => {
  it('sends the message in hand, hands the rest of its batch back uncounted, and says it stopped', async () => {
    // Its own database, with no job queue that could deliver these messages first.
    const quiet = await createTestApp();
    const stop = new AbortController();
    let sent = 0;
    const transport = { sendMail: async () => (++sent === 3 && stop.abort(), {}) } as unknown as Parameters<typeof createMailer>[0]['transport'];
    const mailer = createMailer({ db: quiet.db, from: 'Marquee <hello@marquee.test>', transport, stopping: stop.signal });
    // Stored as 'queued' (SMTP is configured), with nobody delivering them until asked.
    for (let i = 0; i < 8; i++) await mailer.send({ to: `stop${i}@fan.test`, subject: 'Hand-back', text: 'x', kind: 'hand_back_test' });
    await expect(mailer.deliverQueued()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const rows = await quiet.db.select({ status: outbox.status, attempts: outbox.attempts }).from(outbox).where(eq(outbox.kind, 'hand_back_test'));
    await quiet.close();
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'queued' && r.attempts === 0)).toHaveLength(5);
  });
});
