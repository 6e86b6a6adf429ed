import { TEST_MODE_NOTICE } from '../../core/payments-mode.ts';
import { usePublicConfig } from '../lib/config.ts';

/** Decision 35: while the built-in sandbox is the card provider, checkout and payout screens say so. */
export function TestModeNotice() {
  const { data: config } = usePublicConfig();
  if (config?.payments !== 'sandbox') return null;
  return (
    <p role="note" className="rounded-lg border border-amber-400/60 bg-amber-950/60 px-3 py-2 text-sm font-semibold text-amber-100">
      {TEST_MODE_NOTICE}
    </p>
  );
}
