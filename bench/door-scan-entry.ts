// Bundled for the browser by bench/door-scan.ts: the door app's own offline decision, timed per scan.
import { importDoorKeys, type DoorPublicKey } from '../src/core/door-codes.ts';
import type { DoorTicket } from '../src/core/schemas/door.ts';
import { decideOffline } from '../src/door/decide.ts';
import { localAdmissions } from '../src/door/sync-queue.ts';

export async function run(input: { gigId: string; keys: DoorPublicKey[]; tickets: DoorTicket[]; codes: string[] }) {
  const keys = await importDoorKeys(input.keys);
  const tickets = new Map(input.tickets.map((t) => [t.ref, t]));
  const ms: number[] = [];
  const kinds: Record<string, number> = {};
  for (const code of input.codes) {
    const started = performance.now();
    // What the door does per scan: its admissions since the download, then the decision.
    const ctx = { gigId: input.gigId, deviceId: 'bench', keys, tickets, guestsByRef: new Map(), ...localAdmissions([], tickets), now: Date.now() };
    const decision = await decideOffline(code, ctx);
    ms.push(performance.now() - started);
    kinds[decision.kind] = (kinds[decision.kind] ?? 0) + 1;
  }
  return { ms, kinds };
}
