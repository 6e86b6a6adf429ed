import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Alert } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { gearQueryKey } from './api.ts';

// The form brings zod and the crop modal: only a signed-in user who opens it downloads them.
const GearForm = lazy(async () => ({ default: (await import('./gear-form.tsx')).GearForm }));

const FORM_ID = 'list-your-gear';
const TOGGLE_ID = 'list-your-gear-toggle';

/** 'List Your Gear' for signed-in users (spec 1 §2): the form opens below it; a listed item says so. */
export function GearSellerPanel() {
  const queryClient = useQueryClient();
  const [isFormOpen, setFormOpen] = useState(false);
  const [notice, setNotice] = useState('');
  return (
    <div className="mb-8">
      <h2 className="mb-4">
        <button
          id={TOGGLE_ID}
          type="button"
          aria-expanded={isFormOpen}
          aria-controls={isFormOpen ? FORM_ID : undefined}
          onClick={() => {
            setFormOpen(!isFormOpen);
            setNotice('');
          }}
          className="group inline-flex items-center gap-3 rounded-full pr-2 text-lg font-semibold text-zinc-100"
        >
          <span
            aria-hidden="true"
            className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-400 text-3xl font-bold leading-none text-zinc-950 shadow-lg shadow-brand-400/20 transition group-hover:bg-brand-500"
          >
            {isFormOpen ? '−' : '+'}
          </span>
          List Your Gear
        </button>
      </h2>
      <div role="status">{notice && <Alert tone="success">{notice}</Alert>}</div>
      {isFormOpen && (
        <Suspense fallback={<LoadingImage label="Loading the form…" />}>
          <GearForm
            id={FORM_ID}
            labelledBy={TOGGLE_ID}
            onListed={() => {
              setFormOpen(false);
              setNotice('Your gear is listed.');
              void queryClient.invalidateQueries({ queryKey: gearQueryKey });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
