import { Navigate } from 'react-router';
import { LoadingImage } from '../../components/ui/states.tsx';
import { useTitle } from '../../lib/use-title.ts';
import { useOwnProfile, type BandProfile, type VenueProfile } from './api.ts';
import { BandEditor } from './band-editor.tsx';
import { LoadFailure, RequireRole } from './profile-form-parts.tsx';
import { VenueEditor } from './venue-editor.tsx';
import type { Me } from '../../lib/session.ts';

/** Every other role has its own editor; /edit-profile sends it there (decision 0016). */
const OWN_EDITOR: Partial<Record<string, string>> = {
  promoter: '/edit-promoter-profile',
  artist_manager: '/edit-artist-manager-profile',
  rehearsal_space: '/dashboard',
};

function EditorForRole({ me }: { me: Me }) {
  const role = me.user.role;
  const isEditable = role === 'band' || role === 'venue';
  const { data, isPending, error } = useOwnProfile<BandProfile | VenueProfile>({ isEnabled: isEditable });
  useTitle('Edit Profile');
  if (OWN_EDITOR[role]) return <Navigate to={OWN_EDITOR[role]} replace />;
  if (!isEditable) return <LoadFailure error={null} message="No profile found" />;
  if (isPending) return <LoadingImage label="Loading profile…" />;
  if (error || !data) return <LoadFailure error={error} message={role === 'band' ? 'Failed to load band profile' : 'Failed to load profile.'} />;
  return role === 'band' ? <BandEditor band={data.profile as BandProfile} /> : <VenueEditor venue={data.profile as VenueProfile} />;
}

/** /edit-profile: the band editor for bands, the venue editor otherwise (spec 2 §2). */
export function EditProfilePage() {
  return <RequireRole>{(me) => <EditorForRole me={me} />}</RequireRole>;
}
