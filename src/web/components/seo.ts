// Head tags of a page: title ("About · Openings"), description, canonical URL from PUBLIC_URL,
// Open Graph and Twitter cards. Route `meta` functions call routeMeta(); the pure buildMeta()
// is there for pages that know everything themselves.
import type { MetaDescriptor } from 'react-router';
import { APP_NAME } from '../../shared/constants.ts';
import type { AppDetails } from '../../shared/contract/app-details.ts';
import { absoluteUrl } from '../../shared/absolute-url.ts';
import type { Marks } from '../../shared/seeker-services.ts';

export const DEFAULT_DESCRIPTION =
  'Openings is a job board of current openings from companies that hire, with the salary up front. Filter by role, location, company and experience, then apply on the company’s own page.';

export const DEFAULT_IMAGE_PATH = '/og-image.png';

// Only used if the root data is missing (a failed root loader); PUBLIC_URL's own default.
const FALLBACK_ORIGIN = 'http://localhost:3000';

export interface PageSeo {
  /** The page's own name; the product name is appended ("Jobs" → "Jobs · Openings"). */
  title: string;
  description?: string;
  /** Path of the canonical URL (defaults to the current path). */
  path?: string;
  /** Absolute URL or a path of the share image (defaults to the product card). */
  image?: string;
  imageAlt?: string;
  type?: 'website' | 'article';
  /** Pages that must never be indexed (inactive job, errors). */
  noindex?: boolean;
}

export function pageTitle(title: string, appName: string = APP_NAME) {
  return title === appName ? appName : `${title} · ${appName}`;
}

export function buildMeta(
  seo: PageSeo & { path: string; publicUrl: string; appName?: string },
): MetaDescriptor[] {
  const appName = seo.appName ?? APP_NAME;
  const title = pageTitle(seo.title, appName);
  const description = seo.description ?? DEFAULT_DESCRIPTION;
  const url = absoluteUrl(seo.publicUrl, seo.path);
  const image = absoluteUrl(seo.publicUrl, seo.image ?? DEFAULT_IMAGE_PATH);
  const imageAlt = seo.imageAlt ?? appName;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...(seo.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:site_name', content: appName },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: imageAlt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: imageAlt },
  ];
}

/** What the root loader gives every page: the app details, the public origin, who is signed in. */
export interface RootData {
  appDetails: AppDetails;
  publicUrl: string;
  /**
   * The signed-in account for the header, or null (absent on error pages' data): its name and its
   * own place to work, the link beside Account (a dashboard, the console or the saved jobs).
   */
  account?: { name: string; desk: { label: string; to: string } } | null;
  /** The signed-in account's saved and hidden ids; null when signed out (features/saved). */
  marks?: Marks | null;
}

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** The root loader's data as a route's `meta` sees it (meta only gets loader data via matches). */
export function rootDataFrom(matches: readonly MatchLike[]): RootData | undefined {
  const root = matches.find((m) => m?.id === 'root');
  const data = (root?.loaderData ?? root?.data) as RootData | undefined;
  return data && typeof data === 'object' && 'publicUrl' in data ? data : undefined;
}

/** For a route's `meta`: fills in the public origin, the current path and the app name. */
export function routeMeta(
  args: { matches: readonly MatchLike[]; location: { pathname: string } },
  seo: PageSeo,
): MetaDescriptor[] {
  const root = rootDataFrom(args.matches);
  return buildMeta({
    ...seo,
    path: seo.path ?? args.location.pathname,
    publicUrl: root?.publicUrl ?? FALLBACK_ORIGIN,
    appName: root?.appDetails.appName,
  });
}
