import { Alert } from '../../components/ui/field.tsx';
import { useVenueDoorStaff } from './api.ts';
import { InviteStaffForm, StaffList } from './door-staff.tsx';

/** Decision 51, on a venue's dashboard: its door team, invited once for every gig at the venue. */
export function VenueDoorTeamCard() {
  const { data, isError } = useVenueDoorStaff(true);
  return (
    <section className="card space-y-4" aria-labelledby="door-team-heading">
      <div>
        <h2 id="door-team-heading" className="text-xl font-semibold">
          Door team
        </h2>
        <p className="text-sm text-zinc-400">People who work your door at every gig here, promoters' nights included. Each gig's own door staff are on its card.</p>
      </div>
      <InviteStaffForm gigId={null} />
      {isError && <Alert>Your door team could not be loaded. Please try again.</Alert>}
      {data && <StaffList staff={data.staff} gigId={null} />}
    </section>
  );
}
