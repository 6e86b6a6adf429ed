import { describe, expect, it } from 'vitest';
import { splitOrderPayment } from '../../../core/money.ts';
import type { OfferedTicketType } from '../../../core/schemas/tickets.ts';
import { fitQuantities, mostOfType, summariseOrder } from './order-lines.ts';

const type = (id: string, priceCents: number, left: number, status: OfferedTicketType['status'] = 'on_sale'): OfferedTicketType => ({
  id,
  name: id,
  priceCents,
  left,
  salesStartAt: null,
  salesEndAt: null,
  status,
});

const general = type('General', 2000, 40);
const vip = type('VIP', 4550, 2);
const late = type('Late', 2500, 10, 'not_yet');

describe('a mixed order on /tickets (issue 34)', () => {
  it('2 General + 1 VIP costs what the server charges: one fee on the whole face value', () => {
    const summary = summariseOrder([general, vip], { General: 2, VIP: 1 });
    const server = splitOrderPayment([2000, 2000, 4550], 50, 25);
    expect(summary).toMatchObject({
      count: 3,
      faceCents: server.faceCents,
      feeCents: server.serviceFeeCents,
      totalCents: server.totalCents,
    });
    expect(summary.lines.map((line) => [line.type.name, line.quantity, line.faceCents])).toEqual([
      ['General', 2, 4000],
      ['VIP', 1, 4550],
    ]);
  });

  it('never offers more than a type has left, than the order may hold, or a type not on sale', () => {
    expect(fitQuantities([general, vip, late], { General: 3, VIP: 5, Late: 2 }, 8)).toEqual({ General: 3, VIP: 2, Late: 0 });
    expect(fitQuantities([vip, general], { General: 7, VIP: 2 }, 8)).toEqual({
      VIP: 2,
      General: 6,
    });
    expect(mostOfType(general, { General: 1, VIP: 2 }, 8)).toBe(6);
    expect(mostOfType(vip, { General: 7, VIP: 0 }, 8)).toBe(1);
    expect(mostOfType(late, {}, 8)).toBe(0);
  });
});
