// @vitest-environment jsdom
// The root error boundary picks the right friendly page for each kind of failure.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './root.tsx';

type Props = Parameters<typeof ErrorBoundary>[0];

function show(error: unknown) {
  const props = { error, params: {}, loaderData: undefined, actionData: undefined } as Props;
  render(
    <MemoryRouter>
      <ErrorBoundary {...props} />
    </MemoryRouter>,
  );
}

const routeError = (status: number, data: unknown) => ({
  status,
  statusText: '',
  internal: false,
  data,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('root ErrorBoundary', () => {
  // The 404, 503 and 500 panels load on demand, hence findBy; the chunk-error panel is eager.
  it('shows the not-found page with a way home for a 404', async () => {
    show(routeError(404, { message: 'This job is no longer available.' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toMatch(/Oh dear/);
    expect(screen.getByText('This job is no longer available.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search jobs' }).getAttribute('href')).toBe('/');
  });

  it('shows the maintenance page with a Send mail action for the maintenance 503', async () => {
    const appDetails = { supportEmail: 'help@example.com', appName: 'Openings' };
    show(routeError(503, { maintenance: true, appDetails, publicUrl: 'http://x' }));
    expect(await screen.findByText('Oh ohh...')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('We are in maintenance.');
    expect(screen.getByRole('link', { name: 'Send mail' }).getAttribute('href')).toBe(
      'mailto:help@example.com',
    );
  });

  it('offers a reload when a script chunk failed to load', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    show(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/new version/);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows the friendly error page, not the error, for anything else', async () => {
    show(new Error('secret stack detail'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Sorry, this page failed to load.',
    );
    expect(screen.queryByText(/secret stack detail/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
