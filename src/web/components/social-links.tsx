// The product's social profiles from the app details. A missing link is left out, never shown
// empty; all open in a new tab without handing the opener to the other site.
import type { AppDetails } from '../../shared/contract/app-details.ts';

type Social = { key: 'twitter' | 'linkedIn' | 'youtube' | 'whatsApp'; name: string; icon: string };

const SOCIALS: Social[] = [
  { key: 'twitter', name: 'Twitter', icon: 'M8.5 8l7 8M15.5 8l-7 8' },
  {
    key: 'linkedIn',
    name: 'LinkedIn',
    icon: 'M8 11v5M8 8v.01M12 16v-5m0 2.5a2.5 2.5 0 0 1 5 0V16',
  },
  { key: 'youtube', name: 'YouTube', icon: 'M10 9l5 3-5 3V9Z' },
  {
    key: 'whatsApp',
    name: 'WhatsApp',
    icon: 'M8.5 9.5c0 3 3 6 6 6l1.5-1.5-2-1-1 1c-1 0-2.5-1.5-2.5-2.5l1-1-1-2-2 1Z',
  },
];

export function socialLinks(details: AppDetails) {
  return SOCIALS.flatMap((s) => {
    const href = details[s.key];
    return href ? [{ ...s, href }] : [];
  });
}

export function SocialLinks({
  details,
  className = '',
}: {
  details: AppDetails;
  className?: string;
}) {
  const links = socialLinks(details);
  if (links.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {links.map((link) => (
        <li key={link.key}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="border-line bg-surface-raised text-muted hover:border-brand hover:text-brand inline-flex h-9 items-center gap-2 rounded-full border px-3 text-sm transition-colors"
          >
            <svg
              viewBox="0 0 24 24"
              width="16"
              height="16"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <rect x="2.5" y="2.5" width="19" height="19" rx="5" />
              <path d={link.icon} />
            </svg>
            {link.name}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
