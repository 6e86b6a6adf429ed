import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactMessages, outbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_EMAIL: 'ops@marquee.test' } });
});
afterAll(() => t.close());

describe('contact form (D20)', () => {
  it('stores the message and e-mails the operators, with Reply-To the sender', async () => {
    const res = await t.client().post('/api/contact', { name: 'Jo Fan', email: 'jo@fan.test', message: 'Love the site!', honeypot: '' });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Form has been submitted successfully! Thank you for contacting us.');
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, 'jo@fan.test'))).toHaveLength(1);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.kind, 'contact_message'));
    expect(mail).toMatchObject({ toAddress: 'ops@marquee.test', replyTo: 'jo@fan.test' });
    expect(mail!.textBody).toContain('Love the site!');
  });

  it("answers each missing field with the spec's message", async () => {
    const res = await t.client().post('/api/contact', { name: '', email: 'nope', message: ' ' });
    expect(res.status).toBe(422);
    expect(res.json.error.fields).toEqual({
      name: 'Please provide your name.',
      email: 'Please provide a valid email address.',
      message: 'Please provide your message.',
    });
  });

  it('quietly drops a bot that fills the honeypot', async () => {
    const res = await t.client().post('/api/contact', { name: 'Bot', email: 'bot@spam.test', message: 'Buy now', honeypot: 'http://spam' });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, 'bot@spam.test'))).toHaveLength(0);
  });

  it('limits one address to 3 messages an hour', async () => {
    const send = () => t.client().post('/api/contact', { name: 'Chatty', email: 'chatty@fan.test', message: 'Hello again' });
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);
    const fourth = await send();
    expect(fourth.status).toBe(429);
    expect(fourth.json.error.message).toMatch(/try again/);
  });
});
