import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../components/ui/field.tsx';
import { apiFetch } from '../../lib/api.ts';

/** `notice` says why the switch cannot be used yet (D32: the address is not confirmed). */
type DigestChoice = { enabled: boolean; notice: string | null };

/** A fan's or musician's weekly digest switch (issue 12): on by default, off at one click. */
export function DigestSwitch({ regionName }: { regionName: string }) {
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: ['me-digest'], queryFn: () => apiFetch<DigestChoice>('/api/me/digest') });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => apiFetch<DigestChoice>('/api/me/digest', { method: 'PUT', body: JSON.stringify({ enabled }) }),
    onSuccess: (result) => client.setQueryData(['me-digest'], result),
  });
  const isOn = data?.enabled ?? true;
  return (
    <section className="card space-y-3" aria-labelledby="digest-switch-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="digest-switch-heading" className="text-xl font-semibold">
            Weekly digest
          </h2>
          {/* Spec 2 §2's note while the digest is on; once it is off, no promise of e-mails (issue 21). */}
          {isOn ? (
            <p className="text-zinc-200">You'll receive weekly emails or texts with upcoming gigs in {regionName}, so you never miss a local show.</p>
          ) : (
            <p className="text-zinc-200">The weekly digest is off: you get no weekly e-mails. Switch it on to hear about upcoming gigs in {regionName} every week.</p>
          )}
        </div>
        <label className="flex cursor-pointer items-center gap-3">
          <span className="font-semibold">{isOn ? 'On' : 'Off'}</span>
          <input
            type="checkbox"
            role="switch"
            className="h-6 w-11 cursor-pointer appearance-none rounded-full bg-zinc-600 transition before:block before:h-5 before:w-5 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-white before:transition checked:bg-brand-400 checked:before:translate-x-5.5"
            checked={isOn}
            disabled={!data || Boolean(data.notice) || toggle.isPending}
            onChange={(e) => toggle.mutate(e.target.checked)}
            aria-label="Weekly digest e-mails"
          />
        </label>
      </div>
      {data?.notice && <p className="text-sm text-zinc-300">{data.notice}</p>}
      {toggle.isError && <Alert>Your choice could not be saved. Please try again.</Alert>}
    </section>
  );
}
