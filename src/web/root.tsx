// The document and the frame around every page: head defaults, header, footer, skip link, and
// the error boundary that turns statuses into friendly pages (404, 410, 503 maintenance, 500).
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext as FrameworkContext,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { lazy, useContext, useEffect } from 'react';
import type { Route } from './+types/root';
import type { AppDetails } from '../shared/contract/app-details.ts';
import { isChunkLoadError } from './components/chunk-error.ts';
import { buildMeta, type RootData } from './components/seo.ts';
import { loadSiteFooter, SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { ChunkErrorPanel } from './components/status-panel.tsx';
import { bootDeferredScripts } from './lib/deferred-scripts.ts';
import { keepEarlyMarks } from './features/saved/early-marks.ts';
import { paths } from './lib/paths.ts';
import { seekerServices } from './features/alerts/seeker.server.ts';
import { deskFor } from './features/accounts/account-actions.server.ts';
import {
  MAINTENANCE_HEADERS,
  maintenanceClosing,
  type MaintenanceNotice,
} from '../shared/maintenance.ts';
import './app.css';

/**
 * The maintenance page's 503: thrown by this loader, with the root's data, or by a page's action
 * that maintenance refused (server/web/react-router.ts), with the notice alone.
 */
type MaintenanceData = RootData & MaintenanceNotice;

// Error pages load their panels on demand, so the home page's JavaScript stays in budget (issue 7).
// The server renders them in full (no Suspense boundary: the shell waits for them), and hydration
// waits for the chunk. The chunk-load failure's panel stays eager: it must show when chunks fail.
const statusPages = () => import('./components/status-pages.tsx');
const MaintenancePanel = lazy(() => statusPages().then((m) => ({ default: m.MaintenancePanel })));
const ClientErrorPanel = lazy(() => statusPages().then((m) => ({ default: m.ClientErrorPanel })));
const ServerErrorPanel = lazy(() => statusPages().then((m) => ({ default: m.ServerErrorPanel })));

export async function loader({ context, request }: Route.LoaderArgs) {
  // From memory (app-details.service.ts): at most 1 s old, so a maintenance switch by any server
  // shows within a second without a restart, and this server's own switch at once.
  // The footer's lazy chunk, held before the page renders (components/site-footer.tsx).
  const [appDetails] = await Promise.all([context.services.appDetails.get(), loadSiteFooter()]);
  // A signed-in seeker's saved and hidden jobs and companies, so every page renders them
  // (features/saved), and the header's link to the account's own place (account-actions.server.ts).
  const [marks, desk] = context.account
    ? await Promise.all([
        seekerServices(context).marks.list(context.account.id),
        deskFor(context, context.account.id),
      ])
    : [null, null];
  const account = context.account && desk ? { name: context.account.name, desk } : null;
  const rootData: RootData = { appDetails, publicUrl: context.publicUrl, account, marks };
  const closed = await maintenanceClosing(request, context, appDetails);
  if (closed) {
    throw data({ ...rootData, ...closed } satisfies MaintenanceData, {
      status: 503,
      headers: MAINTENANCE_HEADERS,
    });
  }
  return rootData;
}

// Error responses (a thrown 404, the maintenance 503) carry their own headers; pages may add theirs.
export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) =>
  errorHeaders ?? loaderHeaders;

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/site.webmanifest' },
];

function maintenanceData(error: unknown): MaintenanceData | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 503) return undefined;
  const d = error.data as Partial<MaintenanceData> | undefined;
  return d?.maintenance ? (d as MaintenanceData) : undefined;
}

/** Defaults for every page, and the titles of error pages (a failed route's own meta is not used). */
export const meta: Route.MetaFunction = ({ data: loaderData, error, location }) => {
  const root = loaderData ?? maintenanceData(error);
  const publicUrl = root?.publicUrl ?? 'http://localhost:3000';
  const base = { publicUrl, path: location.pathname, appName: root?.appDetails.appName };
  if (!error) return buildMeta({ ...base, title: root?.appDetails.appName ?? 'Openings' });
  if (maintenanceData(error)) {
    return buildMeta({
      ...base,
      title: 'Under maintenance',
      noindex: true,
      path: paths.underMaintenance,
    });
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 404
      ? 'Page not found'
      : status === 410
        ? 'No longer active'
        : status < 500
          ? 'Request refused'
          : 'Something went wrong';
  return buildMeta({ ...base, title, noindex: true });
};

function Document({ children, details }: { children: React.ReactNode; details?: AppDetails }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#151a23" media="(prefers-color-scheme: dark)" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="rounded-control bg-brand text-on-brand sr-only z-50 px-4 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        {details && <SiteHeader appName={details.appName} />}
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        {details && <SiteFooter details={details} />}
        <ScrollRestoration />
        <Scripts />
        <DeferredScriptsBoot />
      </body>
    </html>
  );
}

/**
 * Starts the page's JavaScript after the first paint (lib/deferred-scripts.ts), and until it runs
 * keeps a save or hide pressed (features/saved/early-marks.ts).
 */
function DeferredScriptsBoot() {
  // The nonce React Router gives its own scripts; none once hydrated, so the attribute differs
  // then, and so does the text (below): suppressHydrationWarning.
  const nonce = useContext(FrameworkContext)?.nonce;
  // Only the server writes the script: hydration keeps the element as it is, so the browser's
  // bundle leaves the text out.
  const boot = import.meta.env.SSR ? bootDeferredScripts + keepEarlyMarks : '';
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: boot }} />
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const error = useRouteError();
  const details = root?.appDetails ?? maintenanceData(error)?.appDetails;
  // A marker that the page is interactive, for browser tests (Layout renders on error pages too).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return <Document details={details}>{children}</Document>;
}

export default function App() {
  return <Outlet />;
}

/** A thrown `data({ message }, 4xx)` (e.g. an unknown job) shows the server's message. */
function messageOf(payload: unknown): string | undefined {
  if (typeof payload === 'object' && payload && 'message' in payload) {
    return typeof payload.message === 'string' ? payload.message : undefined;
  }
  return undefined;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const maintenance = maintenanceData(error);
  if (maintenance) return <MaintenancePanel {...maintenance} />;
  if (isRouteErrorResponse(error) && error.status < 500) {
    return <ClientErrorPanel status={error.status} message={messageOf(error.data)} />;
  }
  if (isChunkLoadError(error)) return <ChunkErrorPanel />;
  return <ServerErrorPanel />;
}
