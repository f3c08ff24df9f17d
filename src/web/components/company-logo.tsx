// A company's logo. The app's own monogram (shared/logo.ts) is drawn with HTML and CSS: each
// monogram shown as an <img> made the browser load, lay out and paint a separate SVG document,
// the most expensive work on the main thread of a listing page after its first paint (issue 7).
// A logo from anywhere else is an image, loaded lazily below the fold.
import type { CSSProperties } from 'react';
import { initials, logoHue, ownLogoId } from '../../shared/logo.ts';

interface CompanyLogoProps {
  logoUrl: string;
  companyName: string;
  /** Width and height in CSS pixels. */
  size: number;
  /** Decorative logos (the company is named next to them) are hidden from assistive technology. */
  decorative?: boolean;
  lazy?: boolean;
  className?: string;
}

export function CompanyLogo(props: CompanyLogoProps) {
  const { logoUrl, companyName, size, decorative = false, lazy = false, className = '' } = props;
  const label = decorative ? undefined : `${companyName} logo`;
  const companyId = ownLogoId(logoUrl);
  if (companyId === null) {
    return (
      <img
        src={logoUrl}
        alt={label ?? ''}
        width={size}
        height={size}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
        className={`shrink-0 object-contain ${className}`}
      />
    );
  }
  const letters = initials(companyName);
  const style = { '--hue': logoHue(companyId).toFixed(1), '--size': size } as CSSProperties;
  return (
    <span
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-one-letter={letters.length === 1 || undefined}
      className={`monogram ${className}`}
      style={style}
    >
      {letters}
    </span>
  );
}
