import QRCode from 'qrcode';
import type { DbOrTx } from '../../db/client.ts';
import type { Services } from '../../services.ts';
import { signTicketCode } from '../door/door-keys.ts';

/**
 * A ticket's QR code as a page shows it: the signed code (decision 51), which a door with no
 * signal can check, rather than the plain id (which still admits online).
 */
export async function ticketQrSvg(services: Pick<Services, 'db' | 'doorKeySecret'>, ticketId: string, gigId: string, on?: DbOrTx): Promise<string> {
  return QRCode.toString(await signTicketCode(services, ticketId, gigId, on), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
