// The site header: logo and app name, the main menu (DESIGN.md §5: Home, Jobs, Learn, About,
// Contact, current entry marked), the Log in / Sign in / Sign up buttons (signed out) or the
// account menu (Dashboard, Console or Saved jobs; Account; Sign out), and below `lg` the three-bar menu button.
import { useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Link, useLocation, useRouteLoaderData } from 'react-router';
import { paths } from '../lib/paths.ts';
import { buttonClasses } from './button-classes.ts';
import type { RootData } from './seo.ts';
import { Logo } from './logo.tsx';

const MENU = [
  { name: 'Home', to: paths.home, match: (p: string) => p === paths.home },
  {
    name: 'Jobs',
    to: paths.jobs,
    match: (p: string) => p.startsWith(paths.jobs) || p.startsWith(paths.jobDescriptionBase),
  },
  { name: 'Learn', to: paths.learn, match: (p: string) => p.startsWith(paths.learn) },
  { name: 'About', to: paths.about, match: (p: string) => p === paths.about },
  { name: 'Contact', to: paths.contact, match: (p: string) => p === paths.contact },
] as const;

// Log in keeps the spec's label; it and Sign in lead to the same page.
const ACCOUNT = [
  { name: 'Log in', variant: 'ghost', to: paths.login },
  { name: 'Sign in', variant: 'secondary', to: paths.login },
  { name: 'Sign up', variant: 'primary', to: paths.signup },
] as const;

/**
 * Pages that are no place to come back to after signing in: the account pages themselves, the
 * maintenance notice, and the home page (there a sign-in leads to the account's own work).
 */
const NO_RETURN = new Set<string>([
  paths.home,
  paths.login,
  paths.signup,
  paths.forgotPassword,
  paths.resetPassword,
  paths.verifyEmail,
  paths.underMaintenance,
]);

/**
 * The page to come back to after signing in or up: this one, with its query in the page cache's
 * order (its key, for which the server renders the page), so the link drawn on the server and the
 * one drawn by the browser for the address as typed are the same. Undefined where there is none.
 */
export function returnPathOf(pathname: string, search: string): string | undefined {
  if (NO_RETURN.has(pathname)) return undefined;
  const params = new URLSearchParams(search);
  params.sort();
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** A sign-in or sign-up link that leads back to `next`. */
function withNext(to: string, next: string | undefined): string {
  return next ? `${to}?next=${encodeURIComponent(next)}` : to;
}

/**
 * The account menu, signed in: the account's own place (a dashboard, the console or the saved jobs,
 * from the root loader), then Account (Sign out is a form, below).
 */
function signedIn(desk: { label: string; to: string }) {
  return [
    { name: desk.label, variant: 'ghost', to: desk.to },
    { name: 'Account', variant: 'secondary', to: paths.account },
  ] as const;
}

const noop = () => () => {};
/** False on the server and while hydrating, true once React runs in the browser. */
function useHydrated() {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

function MenuLinks({ layout, onNavigate }: { layout: 'bar' | 'panel'; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const item =
    layout === 'bar'
      ? 'rounded-control px-3 py-2 text-sm font-medium transition-colors'
      : 'block rounded-control px-3 py-3 text-base font-medium';
  return (
    <ul className={layout === 'bar' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
      {MENU.map((entry) => {
        const active = entry.match(pathname);
        return (
          <li key={entry.name}>
            <Link
              to={entry.to}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              className={`${item} ${
                active
                  ? 'bg-brand-soft text-brand'
                  : 'text-muted hover:bg-surface-sunken hover:text-fg'
              }`}
            >
              {entry.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function AccountButtons({
  layout,
  onNavigate,
}: {
  layout: 'bar' | 'panel';
  onNavigate?: () => void;
}) {
  // Who is signed in, from the root loader (absent on its error pages: then nobody).
  const account = (useRouteLoaderData('root') as RootData | undefined)?.account;
  const { pathname, search } = useLocation();
  const next = account ? undefined : returnPathOf(pathname, search);
  return (
    <div className={layout === 'bar' ? 'flex items-center gap-2' : 'grid grid-cols-3 gap-2'}>
      {(account ? signedIn(account.desk) : ACCOUNT).map((b) => (
        <Link
          key={b.name}
          to={withNext(b.to, next)}
          onClick={onNavigate}
          className={buttonClasses(b.variant, 'sm')}
        >
          {b.name}
        </Link>
      ))}
      {account && (
        // A plain form: signing out works without JavaScript, is a POST (a link or a prefetch
        // cannot sign anyone out), and reloads the page so no signed-in data stays in memory.
        <form method="post" action={paths.signOut} className="contents">
          <button className={buttonClasses('primary', 'sm')}>Sign out</button>
        </form>
      )}
    </div>
  );
}

function BarsIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

const toggleClasses =
  'inline-flex size-10 cursor-pointer items-center justify-center rounded-control text-fg hover:bg-surface-sunken lg:hidden';
const panelClasses =
  'absolute inset-x-0 top-full border-b border-line bg-surface-raised shadow-raised lg:hidden';

function PanelContent({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="container-page space-y-4 py-4">
      <MenuLinks layout="panel" onNavigate={onNavigate} />
      <div className="border-line border-t pt-4">
        <AccountButtons layout="panel" onNavigate={onNavigate} />
      </div>
    </div>
  );
}

/**
 * Without JavaScript a <details> opens and closes the panel; once hydrated, a real button with
 * aria-expanded drives the same panel (the first client render matches the server's HTML).
 */
function MobileMenu() {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  if (!hydrated) {
    return (
      <details className="lg:hidden">
        <summary className={`menu-toggle ${toggleClasses}`} aria-label="Menu">
          <BarsIcon open={false} />
        </summary>
        <nav aria-label="Main" className={panelClasses}>
          <PanelContent />
        </nav>
      </details>
    );
  }

  const close = () => setOpen(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    <div className="lg:hidden" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={toggleClasses}
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <BarsIcon open={open} />
      </button>
      <nav id={panelId} aria-label="Main" className={panelClasses} hidden={!open}>
        <PanelContent onNavigate={close} />
      </nav>
    </div>
  );
}

export function SiteHeader({ appName }: { appName: string }) {
  return (
    <header className="border-line bg-surface-raised/90 supports-[backdrop-filter]:bg-surface-raised/80 sticky top-0 z-30 border-b backdrop-blur">
      <div className="container-page relative flex h-16 items-center justify-between gap-4">
        <Link to={paths.home} className="rounded-control" aria-label={`${appName} home`}>
          <Logo appName={appName} />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <MenuLinks layout="bar" />
        </nav>
        <div className="hidden lg:block">
          <AccountButtons layout="bar" />
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}
