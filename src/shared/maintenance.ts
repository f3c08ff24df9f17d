// What maintenance closes on the web app, decided in one place for the root route's loader (the
// maintenance page) and for every page's action (server/web/react-router.ts: a form post while
// maintenance is on changes nothing and answers that page).
import type { AppDetails } from './contract/app-details.ts';
import type { ModerationService } from './operator-services.ts';
import type { AppLoadContext } from './services.ts';

/** Seconds a client should wait before trying again while maintenance is on. */
export const MAINTENANCE_RETRY_AFTER = '300';

/** The headers of every answer that maintenance refused: try again later, keep nothing. */
export const MAINTENANCE_HEADERS = {
  'Retry-After': MAINTENANCE_RETRY_AFTER,
  'Cache-Control': 'no-store',
} as const;

/** What the maintenance page shows, as the 503 that closed the page carries it. */
export interface MaintenanceNotice {
  maintenance: true;
  appDetails: AppDetails;
  publicUrl: string;
  /**
   * The console's address when the visitor is a signed-in operator, else null: the page leads
   * there, where maintenance is turned off.
   */
  console: string | null;
}

/**
 * Pages open to everyone while maintenance is on: signing in (an operator turns it off from the
 * console) and out, and an alert's unsubscribe link and its mail client's one-click post (the
 * alert digests are still sent, and an unsubscribe refused would not be sent again).
 */
const OPEN_PAGES = new Set(['/login', '/sign-out', '/alerts/unsubscribe']);
/** The operators' console, open to operators only. */
const CONSOLE = '/admin';

async function isOperator(context: AppLoadContext): Promise<boolean> {
  const moderation = context.moderation as Pick<ModerationService, 'isOperator'> | undefined;
  if (!context.account || !moderation) return false;
  return moderation.isOperator(context.account.id);
}

/**
 * Whether maintenance closes this request's page: null when it is off or the page stays open
 * (OPEN_PAGES, and the console for a signed-in operator); else what the maintenance page shows.
 * Everyone else, a signed-in non-operator at /admin too, gets the maintenance page, and their form
 * posts change nothing. `appDetails`: as the caller read them already.
 */
export async function maintenanceClosing(
  request: Request,
  context: AppLoadContext,
  appDetails?: AppDetails,
): Promise<MaintenanceNotice | null> {
  const pathname = new URL(request.url).pathname.replace(/(.)\/+$/, '$1');
  if (OPEN_PAGES.has(pathname)) return null;
  const details = appDetails ?? (await context.services.appDetails.get());
  if (!details.isUnderMaintenance) return null;
  const operator = await isOperator(context);
  const consolePage = pathname === CONSOLE || pathname.startsWith(`${CONSOLE}/`);
  if (consolePage && operator) return null;
  return {
    maintenance: true,
    appDetails: details,
    publicUrl: context.publicUrl,
    console: operator ? CONSOLE : null,
  };
}

/**
 * The route-module export by which a page's action answers a post that maintenance refuses itself,
 * as its action's data (`export const answersMaintenance = true`): the job form, whose page keeps
 * what was typed and says it was not saved, where the maintenance page would replace the form.
 * Such an action must call maintenanceClosing before it changes anything.
 */
export const ANSWERS_MAINTENANCE = 'answersMaintenance';
