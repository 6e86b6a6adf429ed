import { Link } from 'react-router';
import { LoadingImage } from '../../components/ui/states.tsx';
import { useTitle } from '../../lib/use-title.ts';
import type { Me } from '../../lib/session.ts';
import { AccountSettings } from '../account/account-settings.tsx';
import { useOwnProfile, type BandProfile, type VenueProfile } from './api.ts';
import { BandEditor } from './band-editor.tsx';
import { ManagerEditorPage } from './manager-editor-page.tsx';
import { EditorFrame, LoadFailure, RequireRole } from './profile-form-parts.tsx';
import { PromoterEditorPage } from './promoter-editor-page.tsx';
import { RehearsalSpaceDashboard } from './rehearsal-space-dashboard.tsx';
import { VenueEditor } from './venue-editor.tsx';

function BandOrVenueEditor({ role }: { role: 'band' | 'venue' }) {
  const { data, isPending, error } = useOwnProfile<BandProfile | VenueProfile>({ isEnabled: true });
  if (isPending) return <LoadingImage label="Loading profile…" />;
  if (error || !data) return <LoadFailure error={error} message={role === 'band' ? 'Failed to load band profile' : 'Failed to load profile.'} />;
  return role === 'band' ? <BandEditor band={data.profile as BandProfile} /> : <VenueEditor venue={data.profile as VenueProfile} />;
}

/**
 * Each role's editor in place (issue 21, decision 40): band and venue as the spec says, the
 * promoter's and manager's own editors, the rehearsal space's dashboard (which is its editor), and
 * for fans, musicians and admins, who have no public profile, their account settings.
 */
function EditorForRole({ me }: { me: Me }) {
  useTitle('Edit Profile');
  const role = me.user.role;
  if (role === 'band' || role === 'venue') return <BandOrVenueEditor role={role} />;
  if (role === 'promoter') return <PromoterEditorPage />;
  if (role === 'artist_manager') return <ManagerEditorPage />;
  if (role === 'rehearsal_space') return <RehearsalSpaceDashboard me={me} />;
  return (
    <EditorFrame title="Your profile">
      <p className="text-zinc-300">
        A {role === 'admin' ? 'admin' : role} account has no public profile: it is your e-mail address and location. Change them, or your password, here.
      </p>
      <AccountSettings me={me} />
      <p className="text-sm text-zinc-400">
        The same settings are at{' '}
        <Link to="/account" className="link">
          Account settings
        </Link>
        .
      </p>
    </EditorFrame>
  );
}

/** /edit-profile: every signed-in role gets an editor (spec 2 §2); signed out goes to /login and back. */
export function EditProfilePage() {
  return <RequireRole>{(me) => <EditorForRole me={me} />}</RequireRole>;
}
