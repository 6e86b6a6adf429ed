import twilio from 'twilio';
import type { Env } from '../env.ts';
import type { SendText } from './sms-sender.ts';

/** Twilio's Messages API (D29), when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are set. */
export function createTwilioSender(env: Env): SendText | undefined {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM_NUMBER) return undefined;
  const client = twilio(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN);
  const from = env.TWILIO_FROM_NUMBER;
  return async (to, body) => {
    await client.messages.create({ to, from, body });
  };
}
