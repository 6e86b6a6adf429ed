import { useId } from 'react';
import { Link } from 'react-router';
import { useLoginPath } from '../../lib/use-login-path.ts';

/** The register-or-log-in card public pages show visitors in place of what needs an account (spec 1 §2). */
export function JoinPrompt({ title, text }: { title: string; text: string }) {
  const headingId = useId();
  const loginPath = useLoginPath();
  return (
    <section className="card flex flex-col items-start gap-4 border-brand-400/40 sm:flex-row sm:items-center sm:justify-between" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          {title}
        </h2>
        <p className="mt-1 text-zinc-300">{text}</p>
      </div>
      <div className="flex shrink-0 gap-3">
        <Link to="/register" className="btn-primary">
          Register
        </Link>
        <Link to={loginPath} className="btn-secondary">
          Log In
        </Link>
      </div>
    </section>
  );
}
