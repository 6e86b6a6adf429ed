import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { mainSiteUrl } from '../lib/site-context.ts';

/** A link to a page of the main site: absolute when this page is a band or promoter subdomain (spec 1 §2). */
export function MainSiteLink({ to, className, children, onClick }: { to: string; className?: string; children: ReactNode; onClick?: () => void }) {
  const main = mainSiteUrl();
  if (main) {
    return (
      <a href={`${main}${to}`} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <NavLink to={to} className={className} onClick={onClick}>
      {children}
    </NavLink>
  );
}
