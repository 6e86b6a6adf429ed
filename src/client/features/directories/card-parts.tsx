import type { ReactNode } from 'react';

const GRADIENTS = {
  warm: 'from-brand-600 to-fuchsia-800',
  cool: 'from-zinc-700 to-brand-700',
};

/** A card's 16:9 picture, or a gradient when there is none. Decorative: the card's heading names it. */
export function CardImage({ src, tone = 'warm', className = '', isEager = false }: { src: string | null | undefined; tone?: keyof typeof GRADIENTS; className?: string; isEager?: boolean }) {
  if (src) return <img src={src} alt="" loading={isEager ? 'eager' : 'lazy'} className={`aspect-video w-full object-cover ${className}`} />;
  return <div aria-hidden="true" className={`aspect-video w-full bg-gradient-to-br ${GRADIENTS[tone]} ${className}`} />;
}

/** A directory card's next few dates, then '+ n more' for the rest (spec 1 §2). */
export function UpcomingSummary({ title, emptyText, more, items }: { title: string; emptyText: string; more: number; items: { id: string; content: ReactNode }[] }) {
  return (
    <div className="mt-2 border-t border-zinc-800 pt-3">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-400">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-400">{emptyText}</p>
      ) : (
        <ul className="mt-1 space-y-1.5 text-sm text-zinc-200">
          {items.map((item) => (
            <li key={item.id}>{item.content}</li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="mt-1.5 text-sm font-semibold text-brand-400">+ {more} more</p>}
    </div>
  );
}
