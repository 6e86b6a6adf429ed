import { Link, useSearchParams } from 'react-router';

/** The page number from ?page=, at least 1. */
export function usePageParam(): number {
  const [params] = useSearchParams();
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** Previous / Next links that keep the rest of the query, shown only when there is more than one page. */
export function Pagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const [params] = useSearchParams();
  if (total <= pageSize) return null;
  const pageCount = Math.ceil(total / pageSize);
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    if (target <= 1) next.delete('page');
    else next.set('page', String(target));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  // Only the query changes, so the layout's scroll-to-top on navigation does not apply.
  const toTop = () => window.scrollTo(0, 0);
  const disabled = 'btn-secondary pointer-events-none opacity-50';
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="btn-secondary" onClick={toTop}>
          Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          Previous
        </span>
      )}
      <p className="text-sm text-zinc-300">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className="btn-secondary" onClick={toTop}>
          Next
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          Next
        </span>
      )}
    </nav>
  );
}
