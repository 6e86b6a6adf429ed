import type { Env } from '../env.ts';
import type { SendText } from './sms-sender.ts';

/**
 * Twilio's Messages API (D29), when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are
 * set. The SDK is loaded with the first text, not at every start (issue 22: about 0.1 s).
 */
export function createTwilioSender(env: Env): SendText | undefined {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM_NUMBER: from } = env;
  if (!sid || !token || !from) return undefined;
  let client: Promise<{ messages: { create(message: { to: string; from: string; body: string }): Promise<unknown> } }> | undefined;
  return async (to, body) => {
    client ??= import('twilio').then(({ default: twilio }) => twilio(sid, token));
    await (await client).messages.create({ to, from, body });
  };
}
