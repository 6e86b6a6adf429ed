import { useState, type FormEvent } from 'react';
import type { DoorDeviceInfo, DoorStaffMember } from '../../../core/schemas/door.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useInviteDoorStaff, useRevokeDoorDevice, useRevokeDoorStaff } from './api.ts';

/** Issue 21: buttons are at least 44 px tall on a phone, compact beside the text on wider screens. */
export const DOOR_BUTTON = 'min-h-11 px-3 py-1.5 text-sm sm:min-h-0';
type Notice = { tone: 'success' | 'error'; text: string } | null;

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** The server's reason, or a plain failure for a network error. */
export const failureText = (error: unknown, fallback: string) => (error instanceof ApiError && error.code !== 'NETWORK' ? error.message : fallback);

/** Invites door staff by e-mail: for one gig (`gigId`), or, on the venue's dashboard, for every gig at the venue. */
export function InviteStaffForm({ gigId }: { gigId: string | null }) {
  const invite = useInviteDoorStaff(gigId);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const fields = invite.error instanceof ApiError ? invite.error.fields : {};
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    try {
      const scope = gigId ? { gigId } : { allVenueGigs: true as const };
      const result = await invite.mutateAsync({ email, ...(name.trim() ? { name } : {}), ...scope });
      setNotice({ tone: 'success', text: result.message });
      setEmail('');
      setName('');
    } catch (error) {
      if (!(error instanceof ApiError && error.fields.email)) setNotice({ tone: 'error', text: failureText(error, 'The invitation was not sent. Please try again.') });
    }
  };
  return (
    <form noValidate className="space-y-3" aria-label={gigId ? 'Invite door staff for this gig' : 'Invite door staff for every gig at your venue'} onSubmit={(e) => void submit(e)}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Door person's e-mail" type="email" required autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={fields.email} />
        <TextField label="Name (optional)" value={name} maxLength={80} autoComplete="off" onChange={(e) => setName(e.target.value)} error={fields.name} />
      </div>
      <p className="text-xs text-zinc-400">
        They get a link that turns their phone into a door (up to three devices). They see only the scanner and the guest list {gigId ? 'for this gig' : 'for gigs at your venue'}: no dashboard, no money.
      </p>
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <button type="submit" className={`btn-primary ${DOOR_BUTTON}`} disabled={invite.isPending}>
        {invite.isPending ? 'Sending…' : 'Invite door staff'}
      </button>
    </form>
  );
}

function StatusPill({ staff }: { staff: DoorStaffMember }) {
  const isExpired = new Date(staff.expiresAt) < new Date();
  const [label, tone] = staff.revokedAt
    ? ['Revoked', 'border-red-500/50 text-red-200']
    : staff.devicesRegistered === 0
      ? [isExpired ? 'Link expired' : 'Invited', 'border-zinc-600 text-zinc-300']
      : ['Active', 'border-emerald-500/50 text-emerald-200'];
  return <span className={`shrink-0 rounded-full border px-2 py-0.5 text-xs ${tone}`}>{label}</span>;
}

function DeviceRow({ device, gigId, owner, canRevoke = true }: { device: DoorDeviceInfo; gigId: string | null; owner: string; canRevoke?: boolean }) {
  const revoke = useRevokeDoorDevice(gigId);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-zinc-950/60 px-3 py-2">
      <div className="min-w-0">
        <p className="font-medium [overflow-wrap:anywhere]">{device.label}</p>
        <p className="text-xs text-zinc-400">
          {device.revokedAt ? `Revoked ${when(device.revokedAt)}` : device.lastSyncAt ? `Last synced ${when(device.lastSyncAt)}` : `Set up ${when(device.createdAt)}`}
        </p>
        {revoke.isError && <p className="field-error">{failureText(revoke.error, 'The device was not revoked. Please try again.')}</p>}
      </div>
      {!device.revokedAt && canRevoke && (
        <button type="button" className={`btn-secondary ${DOOR_BUTTON}`} disabled={revoke.isPending} onClick={() => revoke.mutate(device.id)}>
          Revoke device<span className="sr-only"> {device.label} of {owner}</span>
        </button>
      )}
    </li>
  );
}

function StaffRow({ staff, gigId }: { staff: DoorStaffMember; gigId: string | null }) {
  const revoke = useRevokeDoorStaff(gigId);
  const [isConfirming, setIsConfirming] = useState(false);
  const who = staff.name || staff.email;
  return (
    <li className="space-y-2 rounded-lg bg-zinc-900 p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold [overflow-wrap:anywhere]">{who}</p>
          {staff.name && <p className="text-zinc-400 [overflow-wrap:anywhere]">{staff.email}</p>}
          <p className="text-zinc-400">
            {staff.scope === 'venue' ? 'Every gig at the venue' : 'This gig'} · {staff.devicesRegistered} of 3 devices
            {!staff.revokedAt && ` · link open until ${when(staff.expiresAt)}`}
          </p>
        </div>
        <StatusPill staff={staff} />
      </div>
      {staff.devices.length > 0 && (
        <ul className="space-y-1" aria-label={`Devices of ${who}`}>
          {staff.devices.map((d) => (
            <DeviceRow key={d.id} device={d} gigId={gigId} owner={who} canRevoke={staff.canRevoke} />
          ))}
        </ul>
      )}
      {!staff.revokedAt &&
        staff.canRevoke &&
        (isConfirming ? (
          <div role="group" aria-label={`Revoke ${who}?`} className="space-y-2 rounded-md border border-red-500/40 p-3">
            <p>Revoke {who}? Every device of theirs stops scanning and syncing at once, and their link stops working.</p>
            <div className="flex flex-wrap gap-2">
              <button type="button" className={`btn-danger ${DOOR_BUTTON}`} disabled={revoke.isPending} onClick={() => revoke.mutate(staff.id)}>
                {revoke.isPending ? 'Revoking…' : 'Revoke access'}
              </button>
              <button type="button" className={`btn-secondary ${DOOR_BUTTON}`} onClick={() => setIsConfirming(false)}>
                Keep
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className={`btn-secondary ${DOOR_BUTTON}`} onClick={() => setIsConfirming(true)}>
            Revoke<span className="sr-only"> {who}</span>
          </button>
        ))}
      {revoke.isError && <Alert>{failureText(revoke.error, 'Access was not revoked. Please try again.')}</Alert>}
    </li>
  );
}

/** Door staff with their devices, each revocable; `gigId` null on the venue's own door team. */
export function StaffList({ staff, gigId }: { staff: DoorStaffMember[]; gigId: string | null }) {
  if (staff.length === 0) return <p className="text-sm text-zinc-400">No door staff invited yet.</p>;
  return (
    <ul className="space-y-2" aria-label="Door staff">
      {staff.map((s) => (
        <StaffRow key={s.id} staff={s} gigId={gigId} />
      ))}
    </ul>
  );
}

/** The organiser's own door devices (set up from the scanner while signed in). */
export function MyDevices({ devices, gigId }: { devices: DoorDeviceInfo[]; gigId: string }) {
  if (devices.length === 0) return null;
  return (
    <div className="space-y-1 text-sm">
      <h5 className="font-medium">Your own door devices</h5>
      <ul className="space-y-1">
        {devices.map((d) => (
          <DeviceRow key={d.id} device={d} gigId={gigId} owner="you" />
        ))}
      </ul>
    </div>
  );
}
