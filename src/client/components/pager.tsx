/** Previous / Next buttons for a list paged in the screen's own state (admin lists), with its count. */
export function Pager({ page, pageSize, total, onPage, label }: { page: number; pageSize: number; total: number; onPage: (p: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-4 text-sm">
      <p className="text-zinc-400">
        {total.toLocaleString('en-US')} found · page {page} of {pages.toLocaleString('en-US')}
      </p>
      <div className="flex gap-2">
        <button type="button" className="btn-secondary px-3 py-1.5" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <button type="button" className="btn-secondary px-3 py-1.5" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
