import type { ReactNode } from 'react';

/** The loading image of public pages (spec 1 §2: "While loading, a loading image is shown"). */
export function LoadingImage({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-zinc-400">
      <svg aria-hidden="true" viewBox="0 0 48 48" className="h-12 w-12 animate-spin text-brand-400">
        <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="5" />
        <path d="M44 24A20 20 0 0 0 24 4" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-dashed border-zinc-700 p-10 text-center text-zinc-300">{children}</div>;
}

export function PageHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <header className="mb-8">
      <h1 className="font-display text-4xl sm:text-5xl">{title}</h1>
      {subtitle && <p className="mt-2 text-lg text-zinc-400">{subtitle}</p>}
    </header>
  );
}
