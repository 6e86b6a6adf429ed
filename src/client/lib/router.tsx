// The part of React Router's declarative mode this client uses (decision 15), in about 2 KB
// instead of React Router's 11.4 KB compressed that every page loaded (issue 34). vite.config.ts
// resolves 'react-router' here, so screens keep importing from 'react-router' and type-check
// against its types: BrowserRouter, Routes, Route, Outlet, Link, NavLink, Navigate, useLocation,
// useNavigate, useParams and useSearchParams, with React Router's behaviour for what Marquee uses:
// routes ranked as React Router ranks them (static before dynamic before splat, case-insensitive,
// trailing slashes ignored, parameters decoded); navigations in a React transition, so the current
// screen stays until the next one's code has arrived; `location.state` kept in `history.state.usr`
// (as React Router keeps it, so it survives a reload); a link to the current address replaces it;
// NavLink's `active` class and `aria-current="page"`. A feature beyond these belongs here first.
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
type To = string | { pathname?: string; search?: string; hash?: string };
type NavigateOptions = { replace?: boolean; state?: unknown };
export type NavigateFunction = { (to: To, options?: NavigateOptions): void; (delta: number): void };
type Params = Record<string, string | undefined>;

const LocationContext = createContext<{ location: Location; navigate: NavigateFunction } | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

const readLocation = (): Location => {
  const { pathname, search, hash } = window.location;
  const state = window.history.state as { usr?: unknown; key?: string } | null;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
};

/** `to` as a path from the current one, the way React Router resolves it: '?q' keeps the pathname, 'a' goes below it. */
function resolve(to: To, from: string): string {
  const path = typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
  const url = new URL(path, `http://x${from.endsWith('/') ? from : `${from}/`}`);
  const pathname = path.startsWith('?') || path.startsWith('#') || path === '' ? from : url.pathname;
  return `${pathname}${url.search === '?' ? '' : url.search}${url.hash}`;
}

function useRouter() {
  const router = useContext(LocationContext);
  if (!router) throw new Error('A router hook was used outside <BrowserRouter>.');
  return router;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(readLocation);
  useEffect(() => {
    const onPop = () => startTransition(() => setLocation(readLocation()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: To | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const href = resolve(to, window.location.pathname);
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    const key = Math.random().toString(36).slice(2, 10);
    const state = { usr: options.state ?? null, key, idx: options.replace ? index : index + 1 };
    if (options.replace) window.history.replaceState(state, '', href);
    else window.history.pushState(state, '', href);
    startTransition(() => setLocation(readLocation()));
  }, []) as NavigateFunction;
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <LocationContext.Provider value={value}>{children}</LocationContext.Provider>;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
export const useParams = <T extends Params = Params>(): T => useContext(RouteContext).params as T;

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string> | ((prev: URLSearchParams) => URLSearchParams | Record<string, string>), options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: URLSearchParams | Record<string, string> | ((prev: URLSearchParams) => URLSearchParams | Record<string, string>), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      const query = new URLSearchParams(value).toString();
      navigate(query ? `?${query}` : '?', options);
    },
    [navigate, params],
  );
  return [params, set];
}

type RouteProps = { path?: string; element?: ReactNode; children?: ReactNode };
/** Read by <Routes>; renders nothing itself. */
export function Route(props: RouteProps): ReactElement | null {
  void props;
  return null;
}

type Branch = { routes: RouteProps[]; segments: string[]; score: number };

function branchesOf(children: ReactNode, parents: RouteProps[] = [], parentSegments: string[] = [], into: Branch[] = []): Branch[] {
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child) || child.type !== Route) return;
    const route = child.props;
    const segments = [...parentSegments, ...(route.path ?? '').split('/').filter(Boolean)];
    const routes = [...parents, route];
    if (route.children) branchesOf(route.children, routes, segments, into);
    else if (route.path !== undefined) {
      // React Router's ranking: each segment counts, static 10, dynamic 3, a splat takes 2 off.
      const isSplat = segments.at(-1) === '*';
      const score = segments.filter((s) => s !== '*').reduce((sum, s) => sum + (s.startsWith(':') ? 3 : 10), segments.length + (isSplat ? -2 : 0)) + (segments.length === 0 ? 1 : 0);
      into.push({ routes, segments, score });
    }
  });
  return into;
}

function matchBranch(branch: Branch, parts: string[]): Params | null {
  const params: Params = {};
  for (const [i, segment] of branch.segments.entries()) {
    if (segment === '*') {
      params['*'] = parts.slice(i).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = part;
    else if (segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return parts.length === branch.segments.length ? params : null;
}

const decode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const branches = useMemo(() => branchesOf(children).map((b, order) => ({ ...b, order })).sort((a, b) => b.score - a.score || a.order - b.order), [children]);
  const parts = pathname.split('/').filter(Boolean).map(decode);
  for (const branch of branches) {
    const params = matchBranch(branch, parts);
    if (!params) continue;
    return branch.routes.reduceRight<ReactNode>((outlet, route) => <RouteContext.Provider value={{ outlet, params }}>{route.element ?? outlet}</RouteContext.Provider>, null);
  }
  return null;
}

export const Outlet = (): ReactNode => useContext(RouteContext).outlet;

export function Navigate({ to, replace, state }: { to: To } & NavigateOptions): null {
  const navigate = useNavigate();
  const target = resolve(to, useLocation().pathname);
  const stateRef = useRef(state);
  useEffect(() => navigate(target, { replace, state: stateRef.current }), [navigate, target, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean; state?: unknown; ref?: Ref<HTMLAnchorElement> };

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const href = resolve(to, location.pathname);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // A link to where the page already is replaces that entry, as React Router's links do.
    navigate(href, { replace: replace ?? `${location.pathname}${location.search}${location.hash}` === href, state });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

/** A Link that, on its page or below it, has the `active` class and `aria-current="page"` (React Router's rule, `/` included). */
export function NavLink({ className, ...props }: Omit<LinkProps, 'className'> & { className?: string }) {
  const { pathname } = useLocation();
  const target = new URL(resolve(props.to, pathname), 'http://x').pathname.toLowerCase();
  const current = pathname.toLowerCase();
  const end = target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = current === target || (current.startsWith(target) && current.charAt(end) === '/');
  return <Link {...props} aria-current={isActive ? 'page' : undefined} className={[className, isActive ? 'active' : ''].filter(Boolean).join(' ') || undefined} />;
}
