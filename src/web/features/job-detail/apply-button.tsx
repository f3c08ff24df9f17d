// The job's main action: its company's own page (a new tab) or an e-mail, only for a link that is
// safe to follow. Shown under the title and again after the job, so neither end of a long page
// is far from it.
import { ButtonAnchor } from '../../components/button.tsx';
import { applyHref } from '../../../shared/safe-url.ts';

export function ApplyButton({
  applyLink,
  className,
}: {
  applyLink: string | null;
  className?: string;
}) {
  const href = applyHref(applyLink);
  if (!href) return null;
  if (href.startsWith('mailto:')) {
    return (
      <ButtonAnchor href={href} size="lg" className={className}>
        Apply by e-mail
      </ButtonAnchor>
    );
  }
  return (
    <ButtonAnchor
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      size="lg"
      className={className}
    >
      Apply on company page
      <span className="sr-only"> (opens in a new tab)</span>
    </ButtonAnchor>
  );
}
