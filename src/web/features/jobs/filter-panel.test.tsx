// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_COUNT_LIMIT } from '../../../shared/constants.ts';
import { defaultFilters, type ListingFilters } from '../filters/filter-state.ts';
import { FilterPanel } from './filter-panel.tsx';
import type { Unresolved } from './listing-data.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function countShown(q: string, count: number) {
  render(
    <MemoryRouter>
      <FilterPanel
        action="/jobs"
        filters={{ ...defaultFilters, q }}
        unresolved={{}}
        count={count}
        pending={false}
        onSearch={() => {}}
      />
    </MemoryRouter>,
  );
  return screen.getByText(/^[\d.]+[kmbt]?\+? jobs?$/).textContent;
}

describe('the job count of the filter panel', () => {
  it('says "10k+" for a keyword search stopped at its limit: there may be more', () => {
    expect(countShown('engineer', SEARCH_COUNT_LIMIT)).toBe('10k+ jobs');
  });

  it('is exact below the limit, and without a keyword at any size', () => {
    expect(countShown('engineer', 1_234)).toBe('1.2k jobs');
    cleanup();
    expect(countShown('', SEARCH_COUNT_LIMIT)).toBe('10k jobs');
    cleanup();
    expect(countShown('', 1)).toBe('1 job');
  });
});

// jsdom has no layout; Headless UI only watches element movement with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** The comboboxes' chunk and the suggestions arrive after a while on a busy machine. */
const slow = { timeout: 5000 };

describe('the filter panel with text typed but not applied', () => {
  async function typedAndLeft() {
    const roles = [
      { id: '3', label: 'Backend' },
      { id: '4', label: 'DevOps' },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ success: true, message: 'Found', content: { options: roles } }),
      ),
    );
    render(
      <MemoryRouter initialEntries={['/jobs']}>
        <FilterPanel
          action="/jobs"
          filters={defaultFilters}
          unresolved={{}}
          count={408}
          pending={false}
          onSearch={() => {}}
        />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    // Going into the plain box loads the comboboxes, which take over its focus.
    await user.click(await screen.findByRole('textbox', { name: 'Role' }, slow));
    const role = await screen.findByRole('combobox', { name: 'Role' }, slow);
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
    await user.type(role, 'dev');
    await screen.findAllByRole('option', {}, slow);
    await user.tab();
    return { user, role, form: screen.getByRole('search', { name: 'Jobs' }) };
  }

  it('enables Clear filters and marks the form so that "Follow this search" is not offered', async () => {
    const { role, form } = await typedAndLeft();
    expect(role).toHaveValue('dev');
    expect(screen.getByRole('link', { name: 'Clear filters' })).toBeInTheDocument();
    expect(form).toHaveAttribute('data-unapplied');
  });

  it('Clear filters empties the boxes, keeps the focus on the first box and says so', async () => {
    const { user, form } = await typedAndLeft();
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    const role = await screen.findByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(role).toHaveFocus());
    expect(role).toHaveValue('');
    expect(form).not.toHaveAttribute('data-unapplied');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
    expect(screen.getByText('Filters cleared.')).toBeInTheDocument();
  });
});

describe('"did you mean" under the filter boxes', () => {
  function panel(unresolved: Unresolved, filters: ListingFilters = defaultFilters) {
    render(
      <MemoryRouter initialEntries={['/jobs']}>
        <FilterPanel
          action="/jobs"
          filters={filters}
          unresolved={unresolved}
          count={408}
          pending={false}
          onSearch={() => {}}
        />
      </MemoryRouter>,
    );
  }
  const two = (label: string) => [
    { id: '1', label: `${label} One` },
    { id: '2', label: `${label} Two` },
  ];

  it('names the choices in the plural each box has: companies, roles, locations', async () => {
    panel({
      company: { text: 'a', options: two('Acme') },
      role: { text: 'eng', options: two('Engineer') },
      location: { text: 'san', options: two('San') },
    });
    expect(
      await screen.findByText('Several companies match “a”. Did you mean', {}, slow),
    ).toBeVisible();
    expect(screen.getByText('Several roles match “eng”. Did you mean')).toBeVisible();
    expect(screen.getByText('Several locations match “san”. Did you mean')).toBeVisible();
  });

  it("keeps the other boxes' unresolved text in each link, so their own question stays", async () => {
    const sde = { id: '1', label: 'Software Engineering (SDE)', near: true };
    const berlin = { id: '21', label: 'Berlin, Berlin, Germany', near: true };
    panel(
      {
        role: { text: 'sofware', options: [sde] },
        location: { text: 'Berln', options: [berlin] },
      },
      { ...defaultFilters, company: { id: '25', label: 'Khel Studios' } },
    );
    const role = await screen.findByRole('link', { name: sde.label }, slow);
    expect(role).toHaveAttribute('href', '/jobs?role=1&company=25&locationText=Berln');
    expect(screen.getByRole('link', { name: berlin.label })).toHaveAttribute(
      'href',
      '/jobs?location=21&company=25&roleText=sofware',
    );
  });

  it('keeps them in the "show remote jobs" link too, without the location\'s own text', async () => {
    panel({
      location: { text: 'wfh', options: [] },
      company: { text: 'Acne', options: [{ id: '5', label: 'Acme', near: true }] },
    });
    expect(await screen.findByRole('link', { name: 'show remote jobs' }, slow)).toHaveAttribute(
      'href',
      '/jobs?workMode=remote&companyText=Acne',
    );
  });
});

describe('Apply filters', () => {
  it("sends the form through the panel's own send, the keyword and the controls with it", async () => {
    const onSearch = vi.fn();
    render(
      <MemoryRouter initialEntries={['/jobs']}>
        <FilterPanel
          action="/jobs"
          filters={{ ...defaultFilters, role: { id: '3', label: 'Backend' } }}
          unresolved={{}}
          count={408}
          pending={false}
          onSearch={onSearch}
        />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const apply = await screen.findByRole('button', { name: 'Apply filters' }, slow);
    await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'java');
    await user.click(apply);
    expect(onSearch).toHaveBeenLastCalledWith('?q=java&role=3');
  });
});
