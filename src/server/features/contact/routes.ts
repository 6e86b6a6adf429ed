import { Hono } from 'hono';
import { contactSchema } from '../../../core/schemas/contact.ts';
import { clientIp } from '../../http/client-ip.ts';
import { parseInput, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { sendContactMessage } from './send-contact-message.ts';

export function contactRoutes(services: Services) {
  const app = new Hono();
  app.post('/contact', async (c) => {
    const input = parseInput(contactSchema, await readJsonBody(c));
    await sendContactMessage(services, input, clientIp(c));
    return c.json({ success: true, message: 'Form has been submitted successfully! Thank you for contacting us.' });
  });
  return app;
}
