// "Follow this search": a disclosure (<details>, so it opens by keyboard and without JavaScript)
// offering the search's RSS, Atom and JSON feeds and its e-mail alert.
import { Link } from 'react-router';
import { closeMenusLikeMenus } from '../../components/menus.ts';
import { paths } from '../../lib/paths.ts';
import { FEED_FORMATS, type FeedFormat, alertPath, feedPath } from './feed-paths.ts';

closeMenusLikeMenus();

const item =
  'block rounded-control px-3 py-2 text-sm text-fg hover:bg-surface-sunken focus-visible:outline-focus focus-visible:outline-3';

/** `label`: what following means where there is no search to speak of (a company's page). */
export function FollowMenu({
  search,
  label = 'Follow this search',
}: {
  search: string;
  label?: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <details className="group relative" data-follow-menu data-menu>
        <summary className="rounded-control border-line bg-surface-raised text-fg hover:border-brand focus-visible:outline-focus inline-flex min-h-11 cursor-pointer list-none items-center gap-2 border px-4 py-2 text-sm font-medium focus-visible:outline-3 [&::-webkit-details-marker]:hidden">
          <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" fill="currentColor">
            <path d="M4 14a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm-2-6a10 10 0 0 1 10 10h-2.5A7.5 7.5 0 0 0 2 10.5V8Zm0-6a16 16 0 0 1 16 16h-2.5A13.5 13.5 0 0 0 2 4.5V2Z" />
          </svg>
          {label}
        </summary>
        <ul className="rounded-card border-line bg-surface-raised absolute z-20 mt-2 w-64 border p-2 shadow-lg">
          <li>
            <Link to={alertPath(search)} className={`${item} font-medium`}>
              Get these jobs by e-mail
            </Link>
          </li>
          {(Object.keys(FEED_FORMATS) as FeedFormat[]).map((format) => (
            <li key={format}>
              {/* A feed is a document for a reader, not a page of the app: a plain link. */}
              <a href={feedPath(format, search)} type={FEED_FORMATS[format].type} className={item}>
                {FEED_FORMATS[format].label}
                {/* "JSON Feed" names itself a feed. */}
                {format === 'json' ? '' : ' feed'}
              </a>
            </li>
          ))}
        </ul>
      </details>
      {/* Saved jobs live in the browser until sign-in, so the listing leads to them. */}
      <Link to={paths.saved} className="text-brand min-h-11 content-center text-sm underline">
        Saved jobs
      </Link>
    </div>
  );
}
