// The site footer (spec §2): logo, app description and the social links from the app details,
// plus the site's own links. Loaded after the first paint (site-footer.tsx), and on every page, so
// it also moves the focus to a new page's heading (page-change-focus.ts).
import { Link } from 'react-router';
import type { AppDetails } from '../../shared/contract/app-details.ts';
import { paths } from '../lib/paths.ts';
import { Logo } from './logo.tsx';
import { usePageChangeFocus } from './page-change-focus.ts';
import { SocialLinks } from './social-links.tsx';

const COLUMNS = [
  {
    title: 'Job seekers',
    links: [
      { name: 'Current openings', to: paths.jobs },
      { name: 'Learn', to: paths.learn },
      { name: 'About', to: paths.about },
    ],
  },
  {
    title: 'Company',
    links: [
      { name: 'Contact', to: paths.contact },
      { name: 'For employers', to: paths.employers },
    ],
  },
];

export default function SiteFooterBody({ details }: { details: AppDetails }) {
  usePageChangeFocus();
  return (
    <footer className="border-line bg-surface-raised mt-auto border-t">
      <div className="container-page grid gap-10 py-12 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm space-y-4">
          <Link
            to={paths.home}
            className="rounded-control inline-block"
            aria-label={`${details.appName} home`}
          >
            <Logo appName={details.appName} />
          </Link>
          <p className="text-muted text-sm leading-relaxed">{details.appDescription}</p>
          <SocialLinks details={details} />
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-fg text-sm font-semibold">{col.title}</h2>
            <ul className="mt-3 space-y-2">
              {col.links.map((l) => (
                <li key={l.name}>
                  <Link to={l.to} className="text-muted hover:text-brand text-sm">
                    {l.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-line border-t">
        <p className="container-page text-muted py-5 text-sm">
          © {new Date().getFullYear()} {details.appName}. Apply on the company’s own page; we never
          ask you for money.
        </p>
      </div>
    </footer>
  );
}
