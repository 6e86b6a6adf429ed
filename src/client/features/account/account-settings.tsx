import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Alert, FieldLabel, TextField } from '../../components/ui/field.tsx';
import { usePublicConfig } from '../../lib/config.ts';
import { sessionQueryKey, type Me } from '../../lib/session.ts';
import { changeLocation, deleteAccount, requestEmailChange } from './api.ts';
import { CurrentPasswordField, PasswordChangeCard } from './password-change-card.tsx';
import { useSettingForm } from './use-setting-form.ts';

function Card({ id, title, children, tone = 'plain' }: { id: string; title: string; children: ReactNode; tone?: 'plain' | 'danger' }) {
  return (
    <section className={`card space-y-4 ${tone === 'danger' ? 'border-red-500/40' : ''}`} aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A new address takes effect only when the link mailed to it is followed (decision 40). */
function EmailCard({ me }: { me: Me }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useSettingForm();
  return (
    <Card id="email-heading" title="E-mail address">
      <p>
        You sign in with <strong className="[overflow-wrap:anywhere]">{me.user.email}</strong>
        {me.user.emailVerified ? ' (confirmed).' : ' (not confirmed yet).'}
      </p>
      <p className="text-sm text-zinc-400">To change it, we e-mail a link to the new address. Your address changes when you follow that link.</p>
      {form.outcome && <Alert tone={form.outcome.tone}>{form.outcome.text}</Alert>}
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void form.run(
            () => requestEmailChange(newEmail, password),
            () => setPassword(''),
          );
        }}
      >
        <TextField
          label="New e-mail address"
          name="newEmail"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(e) => {
            setNewEmail(e.target.value);
            form.clearError('newEmail');
          }}
          error={form.errors.newEmail}
        />
        <CurrentPasswordField
          value={password}
          onChange={(value) => {
            setPassword(value);
            form.clearError('currentPassword');
          }}
          error={form.errors.currentPassword}
        />
        <button type="submit" className="btn-secondary max-sm:min-h-11" disabled={form.isBusy}>
          {form.isBusy ? 'Sending…' : 'Send confirmation link'}
        </button>
      </form>
    </Card>
  );
}

/** The region drives the weekly digest and the home page's gigs. */
function LocationCard({ me }: { me: Me }) {
  const { data: config } = usePublicConfig();
  const queryClient = useQueryClient();
  const [location, setLocation] = useState(me.user.location);
  const form = useSettingForm();
  return (
    <Card id="location-heading" title="Location">
      <p className="text-sm text-zinc-400">Your weekly gig updates list the shows in this region.</p>
      {form.outcome && <Alert tone={form.outcome.tone}>{form.outcome.text}</Alert>}
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void form.run(
            () => changeLocation(location),
            () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
          );
        }}
      >
        <div className="min-w-56 flex-1">
          <FieldLabel htmlFor="account-location" label="Your region" />
          <select
            id="account-location"
            name="location"
            className="field-input"
            value={location}
            onChange={(e) => {
              setLocation(e.target.value);
              form.clearError('location');
            }}
            aria-invalid={form.errors.location ? true : undefined}
            aria-describedby={form.errors.location ? 'account-location-error' : undefined}
          >
            {(config?.regions ?? [{ slug: me.user.location, name: me.user.locationName }]).map((r) => (
              <option key={r.slug} value={r.slug}>
                {r.name}
              </option>
            ))}
          </select>
          {form.errors.location && (
            <p id="account-location-error" className="field-error">
              {form.errors.location}
            </p>
          )}
        </div>
        <button type="submit" className="btn-secondary max-sm:min-h-11" disabled={form.isBusy || location === me.user.location}>
          {form.isBusy ? 'Saving…' : 'Save location'}
        </button>
      </form>
    </Card>
  );
}

/** What deleting keeps and removes is decision 40; the server refuses when something must stay. */
function DeleteCard() {
  const [isOpen, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const form = useSettingForm();
  return (
    <Card id="delete-heading" title="Delete account" tone="danger">
      <p className="text-sm text-zinc-300">
        Deleting removes your sign-in, your profile and public page, your applications, gear listings and followers, and your upcoming gigs that have no tickets sold (a gig
        you were booked for opens again, and its organiser is told). Tickets you bought stay valid, and payment records stay with Marquee. This cannot be undone.
      </p>
      {!isOpen ? (
        <button type="button" className="btn-secondary border-red-500/60 text-red-200 max-sm:min-h-11" onClick={() => setOpen(true)}>
          Delete my account…
        </button>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void form.run(
              () => deleteAccount(password),
              // A fresh page load: nothing cached of the account survives it.
              () => window.location.replace('/login?deleted=1'),
            );
          }}
        >
          {form.outcome?.tone === 'error' && <Alert>{form.outcome.text}</Alert>}
          <CurrentPasswordField
            value={password}
            onChange={(value) => {
              setPassword(value);
              form.clearError('currentPassword');
            }}
            error={form.errors.currentPassword}
            hint="To confirm it is you."
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-600 max-sm:min-h-11" disabled={form.isBusy}>
              {form.isBusy ? 'Deleting…' : 'Delete my account permanently'}
            </button>
            <button type="button" className="btn-secondary max-sm:min-h-11" onClick={() => setOpen(false)}>
              Keep my account
            </button>
          </div>
        </form>
      )}
    </Card>
  );
}

/** Everyone's account settings: e-mail, location, password, deletion (issue 21, decision 40). */
export function AccountSettings({ me }: { me: Me }) {
  return (
    <div className="space-y-6">
      <EmailCard me={me} />
      <LocationCard me={me} />
      <PasswordChangeCard />
      <DeleteCard />
    </div>
  );
}
