import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketPassOnSchema, type TicketTransferResult } from '../../../core/schemas/ticket-transfers.ts';
import { fieldErrors } from '../../../core/field-errors.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { postTicketAction, type TicketHandle } from './ticket-handle.ts';

/** A ticket as the dialog names it. */
export type PassableTicket = { bandName: string; venueName: string; when: string };

/** Which ticket, by what proof (the dashboard's session or the page's signed link), and what to reload after. */
export type TransferVia = { ticket: TicketHandle; refresh: readonly unknown[] };

/**
 * 'Pass to a friend' (decision 48), on the fan dashboard and the ticket page: the friend's
 * address, then a confirmation that says what happens, then the server's answer. The screen's
 * data is reloaded after (the ticket leaves the dashboard's list; the page says it was passed
 * on); `onPassed` gets the message to show there.
 */
export function PassTicketDialog({ ticket, via, onClose, onPassed }: { ticket: PassableTicket; via: TransferVia; onClose: () => void; onPassed: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [toEmail, setToEmail] = useState('');
  const [confirmedEmail, setConfirmedEmail] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pass = useMutation({
    mutationFn: (toEmail: string) => postTicketAction<TicketTransferResult>(via.ticket, 'transfer', { toEmail }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: via.refresh });
      onPassed(result.message);
    },
    onError: (error) => {
      // A refusal says why (its field, or the ticket's state); anything else asks to try again.
      if (error instanceof ApiError && error.fields.toEmail) setConfirmedEmail(null);
      setErrors(error instanceof ApiError && error.status >= 400 && error.status < 500 ? { ...error.fields, form: error.message } : { form: 'The ticket was not sent. Please try again.' });
    },
  });

  const review = () => {
    const parsed = ticketPassOnSchema.safeParse({ toEmail });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setConfirmedEmail(parsed.data.toEmail);
  };

  return (
    <Modal title="Pass this ticket to a friend" onClose={onClose}>
      <div className="space-y-4">
        <p className="text-zinc-300">
          {ticket.bandName} at {ticket.venueName}, {ticket.when}.
        </p>
        {confirmedEmail === null ? (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              review();
            }}
          >
            <TextField
              label="Your friend's e-mail address"
              name="toEmail"
              type="email"
              autoComplete="off"
              inputMode="email"
              value={toEmail}
              onChange={(e) => {
                setToEmail(e.target.value);
                setErrors({});
              }}
              error={errors.toEmail}
              hint="They get a new ticket with its own QR code by e-mail."
              required
            />
            {errors.form && !errors.toEmail && <Alert>{errors.form}</Alert>}
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className="btn-secondary min-h-11" onClick={onClose}>
                Cancel
              </button>
              <button type="submit" className="btn-primary min-h-11">
                Continue
              </button>
            </div>
          </form>
        ) : (
          <div className="space-y-4">
            <p>
              Send this ticket to <strong className="[overflow-wrap:anywhere]">{confirmedEmail}</strong>?
            </p>
            <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-300">
              <li>Your QR code stops working at once: the door will refuse it.</li>
              <li>{confirmedEmail} gets a new ticket by e-mail, and only they can pass it on again.</li>
            </ul>
            {errors.form && <Alert>{errors.form}</Alert>}
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className="btn-secondary min-h-11" disabled={pass.isPending} onClick={() => {
                  setConfirmedEmail(null);
                  setErrors({});
                }}>
                Back
              </button>
              <button type="button" className="btn-primary min-h-11" disabled={pass.isPending} onClick={() => pass.mutate(confirmedEmail)}>
                {pass.isPending ? 'Sending…' : 'Send ticket'}
              </button>
            </div>
          </div>
        )}
      </div>
    </Modal>
  );
}
