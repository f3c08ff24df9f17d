// @vitest-environment jsdom
// /saved's list in this browser: live jobs before closed ones, and a removal that can be undone,
// the job coming back where it was, on screen and among the browser's saved ids.
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SavedJob } from '../../../shared/seeker-services.ts';
import { STORAGE_KEY } from './marks.ts';
import { startMarks } from './marks-store.ts';
import { SavedList } from './saved-list.tsx';

const job = (id: number, status: SavedJob['status']): SavedJob => ({
  id,
  title: `Job ${id}`,
  pageUrl: `job-${id}`,
  companyName: 'Acme',
  location: 'Pune, MH, IND',
  status,
});

// Newest saved first, as the browser keeps them: 4 (closed), 3, 2 (closed), 1.
const JOBS = [job(4, 'closed'), job(3, 'live'), job(2, 'closed'), job(1, 'live')];

function renderList() {
  const Stub = createRoutesStub([{ path: '/saved', Component: () => <SavedList jobs={JOBS} /> }]);
  render(<Stub initialEntries={['/saved']} />);
  return screen.getByRole('list', { name: 'Saved jobs' });
}

const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('a, span')?.textContent);

const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}').saved;

beforeAll(() => {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ saved: [4, 3, 2, 1] }));
  act(() => startMarks(null));
});
afterEach(cleanup);

describe('the saved jobs list', () => {
  it('lists live jobs first, then closed ones, each newest saved first', () => {
    expect(titles(renderList())).toEqual(['Job 3', 'Job 1', 'Job 4', 'Job 2']);
  });

  it('offers to undo a removal, by keyboard, and puts the job back in its place', async () => {
    const user = userEvent.setup();
    const list = renderList();
    await user.click(within(list).getByRole('button', { name: 'Save Job 1' }));
    expect(titles(list)).toEqual(['Job 3', 'Job 4', 'Job 2']);
    expect(stored()).toEqual([4, 3, 2]);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Removed Job 1. Undo');
    const undo = within(status).getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(titles(list)).toEqual(['Job 3', 'Job 1', 'Job 4', 'Job 2']);
    expect(status).toBeEmptyDOMElement();
    // Among the browser's ids where it was, not first as a new save would be.
    expect(stored()).toEqual([4, 3, 2, 1]);
    expect(within(list).getByRole('button', { name: 'Save Job 1' })).toHaveFocus();
  });
});
