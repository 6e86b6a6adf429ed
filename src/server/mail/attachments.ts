import QRCode from 'qrcode';
import type { StoredAttachment } from '../db/schema.ts';

export type { StoredAttachment as MailAttachment };

/** An attachment as nodemailer sends it. */
export type ResolvedAttachment = { filename: string; contentType: string; cid?: string; content: Buffer };

/**
 * The attachments as the recipient receives them. A QR code of a secret (a ticket) is drawn only
 * now, from the row's secrets, so nothing an outbox reader can open contains it.
 */
export async function resolveAttachments(stored: StoredAttachment[] | null | undefined, secrets: Record<string, string> | null | undefined): Promise<ResolvedAttachment[]> {
  return Promise.all(
    (stored ?? []).map(async (attachment) => {
      const { filename, contentType, contentId } = attachment;
      let content: Buffer;
      if ('base64' in attachment) {
        content = Buffer.from(attachment.base64, 'base64');
      } else {
        const secret = secrets?.[attachment.qrOfSecret];
        if (secret === undefined) throw new Error(`The attachment ${filename} needs the secret ${attachment.qrOfSecret}, which the message lacks`);
        content = await QRCode.toBuffer(secret, { type: 'png', width: 360, margin: 2, errorCorrectionLevel: 'M' });
      }
      return { filename, contentType, content, ...(contentId ? { cid: contentId } : {}) };
    }),
  );
}

/** A file to attach, from its text (an .ics calendar entry). */
export const textAttachment = (filename: string, contentType: string, text: string): StoredAttachment => ({
  filename,
  contentType,
  base64: Buffer.from(text, 'utf8').toString('base64'),
});
