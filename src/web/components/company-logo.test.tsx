// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGO_LIGHTNESS, LOGO_SATURATION, logoHue, monogramFontSize } from '../../shared/logo.ts';
import { CompanyLogo } from './company-logo.tsx';

afterEach(cleanup);

describe('CompanyLogo', () => {
  it("draws the app's own monogram in HTML, named for assistive technology", () => {
    render(<CompanyLogo logoUrl="/logos/7.svg" companyName="Thistle & Loom" size={50} />);
    const logo = screen.getByRole('img', { name: 'Thistle & Loom logo' });
    expect(logo.tagName).toBe('SPAN');
    expect(logo.textContent).toBe('TL');
    expect(logo.style.getPropertyValue('--hue')).toBe(logoHue(7).toFixed(1));
    expect(logo.style.getPropertyValue('--size')).toBe('50');
    expect(document.querySelector('img')).toBeNull();
  });

  it('hides a decorative monogram and marks a single letter', () => {
    const { container } = render(
      <CompanyLogo logoUrl="/logos/12.svg" companyName="Kavach" size={48} decorative />,
    );
    const logo = container.querySelector('.monogram')!;
    expect(logo.getAttribute('aria-hidden')).toBe('true');
    expect(logo.hasAttribute('data-one-letter')).toBe(true);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows any other logo as a lazily loaded image', () => {
    render(<CompanyLogo logoUrl="/uploads/acme.png" companyName="Acme" size={48} lazy />);
    const img = screen.getByRole('img', { name: 'Acme logo' });
    expect(img.getAttribute('src')).toBe('/uploads/acme.png');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('48');
  });

  it("is drawn by app.css in the SVG monogram's colours and letter sizes", () => {
    const css = readFileSync(path.join(import.meta.dirname, '../app.css'), 'utf8');
    const stop = (l: number) => `hsl(var(--hue) ${LOGO_SATURATION * 100}% ${l * 100}%)`;
    expect(css).toContain(`${stop(LOGO_LIGHTNESS[0])}, ${stop(LOGO_LIGHTNESS[1])}`);
    expect(css).toContain(`calc(var(--size) * ${monogramFontSize('AB')}px / 128)`);
    expect(css).toContain(`calc(var(--size) * ${monogramFontSize('A')}px / 128)`);
  });
});
