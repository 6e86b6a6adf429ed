import { useState } from 'react';
import { Alert, FieldLabel } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { BAND_NOTICE_MAX_BANDS, BAND_NOTICE_MAX_MESSAGE } from '../../../core/schemas/gigs.ts';
import { ApiError } from '../../lib/api.ts';
import { useBandChoices, useNotifyBands, type OrganiserDashboard } from './api.ts';

/** 'Select Bands to Notify' (spec 2 §2): every band by name; a promoter also picks the venue. */
export function NotifyBandsModal({ dashboard, onClose }: { dashboard: OrganiserDashboard; onClose: () => void }) {
  const isPromoter = dashboard.role === 'promoter';
  const bands = useBandChoices(true);
  const notify = useNotifyBands();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [venueId, setVenueId] = useState(isPromoter ? '' : dashboard.venues[0]?.id ?? '');
  // One id per send: a double click or a retry of the same send is sent once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const send = async () => {
    setResult(null);
    try {
      const { message } = await notify.mutateAsync({ venueId: isPromoter ? venueId : undefined, bandIds: [...selected], requestId });
      setResult({ tone: 'success', text: `Success! ${message}` });
      setSelected(new Set());
      setRequestId(crypto.randomUUID());
    } catch (error) {
      const text =
        error instanceof ApiError && error.code !== 'NETWORK'
          ? `Error: ${error.message || 'Failed to notify bands'}`
          : 'Error: Failed to send notifications. Please try again.';
      setResult({ tone: 'error', text });
    }
  };

  const list = bands.data?.bands ?? [];
  const isTooMany = selected.size > BAND_NOTICE_MAX_BANDS;
  const canSend = selected.size > 0 && !isTooMany && !notify.isPending && (!isPromoter || venueId !== '');
  return (
    <Modal title="Select Bands to Notify" onClose={onClose}>
      <div className="space-y-4">
        {isPromoter && (
          <div>
            <FieldLabel htmlFor="notify-venue" label="Venue" required />
            <select id="notify-venue" className="field-input" value={venueId} onChange={(e) => setVenueId(e.target.value)}>
              <option value="">Choose a venue</option>
              {dashboard.venues.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {bands.isPending ? (
          <p className="text-zinc-400">Loading bands…</p>
        ) : list.length === 0 ? (
          <p className="text-zinc-300">No bands found in the system.</p>
        ) : (
          <fieldset>
            <legend className="mb-2 text-sm text-zinc-300">
              {selected.size} of {list.length} selected
            </legend>
            <ul className="max-h-[400px] space-y-1 overflow-y-auto rounded-lg border border-zinc-700 p-2">
              {list.map((band) => (
                <li key={band.id}>
                  <label className="flex items-center gap-2 rounded px-2 py-1.5 hover:bg-zinc-800">
                    <input type="checkbox" className="h-4 w-4" checked={selected.has(band.id)} onChange={() => toggle(band.id)} />
                    {band.name}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {isTooMany && <Alert tone="error">{BAND_NOTICE_MAX_MESSAGE}</Alert>}
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Close
          </button>
          <button type="button" className="btn-primary" disabled={!canSend} onClick={() => void send()}>
            {notify.isPending ? 'Sending…' : 'Send Notifications'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
