// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleJob } from '../job-detail/job-fixture.ts';
import { JobCard } from './job-card.tsx';

afterEach(cleanup);

function chips(job: ReturnType<typeof sampleJob>) {
  render(
    <MemoryRouter>
      <ul>
        <JobCard job={job} now={Date.parse('2026-01-01T00:00:00Z')} selected={false} />
      </ul>
    </MemoryRouter>,
  );
  const link = screen.getByRole('link', { name: /^Senior/ });
  return within(within(link).getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('a job card', () => {
  it('is a link named by its words, without a label of its own among them', () => {
    render(
      <MemoryRouter>
        <ul>
          <JobCard job={sampleJob()} now={Date.parse('2026-01-01T00:00:00Z')} selected={false} />
        </ul>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /^Senior/ });
    expect(link).not.toHaveAccessibleName(/Details/);
  });

  it('names the work mode once when the job type already says it', () => {
    expect(chips(sampleJob({ jobType: { name: 'Remote' }, workMode: 'remote' }))).toEqual([
      expect.any(String),
      'Remote',
    ]);
  });

  it('shows the work mode beside another job type', () => {
    expect(chips(sampleJob({ jobType: { name: 'Full-time' }, workMode: 'remote' }))).toEqual([
      expect.any(String),
      'Full-time',
      'Remote',
    ]);
  });
});
