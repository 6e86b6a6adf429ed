/** A list or page that could not be loaded, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-500/50 bg-red-950/60 p-4 text-red-100">
      {message}{' '}
      <button type="button" className="link ml-2 font-semibold" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
