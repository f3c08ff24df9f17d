// The filter panel's inside and the site footer are chunks of their own, loaded after the first
// paint; the server must still write them in place (not as a Suspense fallback whose content is
// streamed apart, which only JavaScript puts in place), or without JavaScript they are missing.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadSiteFooter, SiteFooter } from '../../components/site-footer.tsx';
import { defaultFilters } from '../filters/filter-state.ts';
import { FilterPanel, loadFilterPanelBody } from './filter-panel.tsx';

const details = {
  appName: 'Openings',
  appDescription: 'Current openings.',
} as Parameters<typeof SiteFooter>[0]['details'];

/** React's marks of a boundary that showed its fallback: a pending one, or one left to the client. */
const FALLBACK = /<!--\$[?!]-->/;

/** The filter panel as the server writes it once its inside has loaded. */
async function renderPanel(unresolved: Parameters<typeof FilterPanel>[0]['unresolved']) {
  await loadFilterPanelBody();
  return renderToString(
    <MemoryRouter>
      <FilterPanel
        action="/jobs"
        filters={defaultFilters}
        unresolved={unresolved}
        count={3}
        pending={false}
        onSearch={() => {}}
      />
    </MemoryRouter>,
  );
}

describe('parts loaded after the first paint, as the server renders them once loaded', () => {
  it('writes the Filters disclosure whole: every box, both selects and Clear filters', async () => {
    const html = await renderPanel({ role: { text: 'engin', options: [] } });
    expect(html).not.toMatch(FALLBACK);
    for (const field of [
      'roleText',
      'locationText',
      'companyText',
      'experienceLevel',
      'workMode',
    ]) {
      expect(html).toContain(`name="${field}"`);
    }
    // React separates adjacent text with empty comments.
    expect(html.replaceAll('<!-- -->', '')).toContain('No role matches “engin”.');
    expect(html).toContain('Clear filters');
  });

  it('says a misspelling matched nothing, and points "Remote" in the location box to the work mode', async () => {
    const html = await renderPanel({
      role: {
        text: 'sofware',
        options: [
          { id: '3', label: 'Software Engineering', near: true },
          { id: '9', label: 'Software Testing', near: true },
        ],
      },
      location: { text: 'Remote', options: [] },
    });
    const text = html.replaceAll('<!-- -->', '');
    expect(text).toContain('No role matches “sofware”. Did you mean');
    expect(text).not.toContain('Several roles match');
    expect(text).toContain('Remote is a work mode, not a location:');
    // The link keeps the role text that is still to resolve (e6ad053).
    expect(text).toMatch(
      /<a [^>]*href="\/jobs\?workMode=remote&amp;roleText=sofware"[^>]*>show remote jobs<\/a>/,
    );
    expect(text).not.toContain('No location matches');
  });

  it('writes the footer whole', async () => {
    await loadSiteFooter();
    const html = renderToString(
      <MemoryRouter>
        <SiteFooter details={details} />
      </MemoryRouter>,
    );
    expect(html).not.toMatch(FALLBACK);
    expect(html).toContain('For employers');
    expect(html).toContain('Current openings.');
  });
});
