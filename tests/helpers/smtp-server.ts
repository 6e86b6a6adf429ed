import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback: the edge of the system, where the outside world would be. Keeps each message raw, with its recipients. */
export async function startTestSmtpServer() {
  const received: { to: string[]; raw: string }[] = [];
  // A slow mail server, when a test needs delivery to take a while (set `delayMs` on the result).
  const settings = { delayMs: 0 };
  // Recipients the server refuses with a 550, as a real one refuses an unknown mailbox.
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        setTimeout(() => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        }, settings.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    set delayMs(ms: number) {
      settings.delayMs = ms;
    },
    /** Refuse (550) or accept again mail to these addresses. */
    refuse: (address: string) => refused.add(address.toLowerCase()),
    accept: (address: string) => refused.delete(address.toLowerCase()),
    /** Settings that send the app's mail here. */
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String((server.server.address() as AddressInfo).port) },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
