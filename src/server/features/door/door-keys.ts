// STUB (door organiser helper): the door server core writes the real door-keys.ts (signing keys
// derived from the server secret, door_keys rotation). The lead takes that file on merge; this one
// only holds the agreed signature so the guest-list e-mail can be written against it. It signs
// nothing: its codes carry the right shape and no valid signature.
import type { Services } from '../../services.ts';
import { signedCodeBody } from '../../../core/door-codes.ts';

/** The signed code `MQ1.<keyId>.<ticketId>.<gigId>.<sig>` of a ticket (or a guest-list entry's code). */
export async function signTicketCode(_services: Pick<Services, 'db' | 'env'>, ticketId: string, gigId: string): Promise<string> {
  return `${signedCodeBody('stub', ticketId, gigId)}.${'A'.repeat(86)}`;
}
