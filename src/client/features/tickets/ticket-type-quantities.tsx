import { formatCents } from '../../../core/money.ts';
import type { OfferedTicketType } from '../../../core/messages/tickets.ts';
import { mostOfType, type Quantities } from './order-lines.ts';

/**
 * Issue 34: a gig with several ticket types is bought as one order, a quantity of each. Each row
 * says the type's price and what is left; a type that cannot be bought now says why instead of
 * offering a choice. A row offers no more than the type has left and the order still has room for.
 */
export function TicketTypeQuantities({
  types,
  quantities,
  orderMost,
  gigLeft,
  saleWindow,
  hint,
  onChange,
}: {
  types: readonly OfferedTicketType[];
  quantities: Quantities;
  orderMost: number;
  gigLeft: number;
  saleWindow: (type: OfferedTicketType) => string;
  hint: string;
  onChange: (quantities: Quantities) => void;
}) {
  return (
    <fieldset className="space-y-2" aria-describedby="ticket-types-hint">
      <legend className="field-label">Tickets</legend>
      {types.map((type) => {
        const id = `quantity-${type.id}`;
        const quantity = quantities[type.id] ?? 0;
        const isOnSale = type.status === 'on_sale';
        const window = saleWindow(type);
        const details = (
          <>
            <span className="font-medium">{type.name}</span>
            <span className="block text-sm text-zinc-300">
              {formatCents(type.priceCents)} each
              {isOnSale && ` · ${Math.min(type.left, gigLeft)} left`}
            </span>
            {window && <span className={`block text-sm ${isOnSale ? 'text-zinc-400' : 'font-medium text-amber-200'}`}>{window}</span>}
          </>
        );
        return (
          <div key={type.id} className={`flex min-h-11 items-center gap-3 rounded-lg border px-3 py-2 ${quantity > 0 ? 'border-amber-400' : isOnSale ? 'border-zinc-700' : 'border-dashed border-zinc-700'}`}>
            {isOnSale ? (
              <>
                <label htmlFor={id} className="flex-1 cursor-pointer">
                  {details}
                </label>
                <select
                  id={id}
                  className="field-input min-h-11 w-20"
                  value={quantity}
                  onChange={(e) =>
                    onChange({
                      ...quantities,
                      [type.id]: Number(e.target.value),
                    })
                  }
                >
                  {Array.from({ length: mostOfType(type, quantities, orderMost) + 1 }, (_, n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </>
            ) : (
              <div className="flex-1">{details}</div>
            )}
          </div>
        );
      })}
      <p id="ticket-types-hint" className="text-xs text-zinc-400">
        {hint}
      </p>
    </fieldset>
  );
}
