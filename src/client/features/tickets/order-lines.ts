import { serviceFeeCents } from '../../../core/money.ts';
import type { OfferedTicketType } from '../../../core/messages/tickets.ts';

/** Issue 34: how many tickets of each type the buyer asks for, by type id. */
export type Quantities = Record<string, number>;

/**
 * What can be bought now: only types on sale, none beyond what each type has left, and no more
 * than `orderMost` in all (the gig's per-order limit and seats left). Types earlier in the list
 * keep theirs first, so the type a presale code unlocked (listed first) is never squeezed out.
 */
export function fitQuantities(types: readonly OfferedTicketType[], quantities: Quantities, orderMost: number): Quantities {
  let room = orderMost;
  const fitted: Quantities = {};
  for (const type of types) {
    const quantity = type.status === 'on_sale' ? Math.max(0, Math.min(quantities[type.id] ?? 0, type.left, room)) : 0;
    fitted[type.id] = quantity;
    room -= quantity;
  }
  return fitted;
}

/** The most of one type the buyer may choose, given what the other types already take of the order. */
export function mostOfType(type: OfferedTicketType, quantities: Quantities, orderMost: number): number {
  if (type.status !== 'on_sale') return 0;
  const others = Object.entries(quantities).reduce((sum, [id, quantity]) => (id === type.id ? sum : sum + quantity), 0);
  return Math.max(0, Math.min(type.left, orderMost - others));
}

export type OrderSummary = {
  lines: { type: OfferedTicketType; quantity: number; faceCents: number }[];
  count: number;
  faceCents: number;
  feeCents: number;
  totalCents: number;
};

/**
 * The order as the server will price it (decision 58: one payment, one 15% service fee on the whole
 * face value): the fee is serviceFeeCents of the face total, as splitOrderPayment computes it when
 * the order is placed, never a fee per line.
 */
export function summariseOrder(types: readonly OfferedTicketType[], quantities: Quantities): OrderSummary {
  const lines = types
    .filter((type) => (quantities[type.id] ?? 0) > 0)
    .map((type) => ({
      type,
      quantity: quantities[type.id]!,
      faceCents: quantities[type.id]! * type.priceCents,
    }));
  const faceCents = lines.reduce((sum, line) => sum + line.faceCents, 0);
  const feeCents = serviceFeeCents(faceCents);
  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    faceCents,
    feeCents,
    totalCents: faceCents + feeCents,
  };
}
