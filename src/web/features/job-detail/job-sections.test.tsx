// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleJob } from './job-fixture.ts';
import { JobHeader } from './job-header.tsx';
import { JobSections } from './job-sections.tsx';

afterEach(cleanup);

describe('company-entered text', () => {
  it('is shown as text, never as markup', () => {
    const attack = '<img src=x onerror="alert(1)"><b>bold</b>';
    const job = sampleJob({
      description: attack,
      skills: [{ skill: attack }],
      company: { ...sampleJob().company, companyOverview: attack },
    });
    const { container } = render(<JobSections job={job} />);
    expect(container.querySelector('img, b')).toBeNull();
    expect(screen.getAllByText(attack)).toHaveLength(3);
  });

  it('links only http(s) apply links and websites', () => {
    const job = sampleJob({
      applyLink: 'javascript:alert(1)',
      company: { ...sampleJob().company, companyWebsite: 'data:text/html,hi' },
    });
    const { container } = render(
      <MemoryRouter>
        <JobHeader summary={job} detail={job} />
        <JobSections job={job} />
      </MemoryRouter>,
    );
    // Only the company's own page on this site is linked.
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/companies/acme-systems']);
    expect(screen.queryByText(/Apply on company page/)).toBeNull();
  });
});

describe('sections', () => {
  it('shows each list only when it has items, numbered, in the spec order', () => {
    render(<JobSections job={sampleJob({ whoCanApply: [], searchTags: [{ search: ' ' }] })} />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Company Overview',
      'Job Details',
      'About the Job',
      'Key Responsibilities',
      'Minimum Requirements',
      'Preferred Qualification',
      'Required Skills',
      'Roles and Responsibilities',
      'Perks & Benefits',
    ]);
    const skills = screen.getByRole('region', { name: 'Required Skills' });
    expect(within(skills).getByRole('list').tagName).toBe('OL');
  });

  it('keeps the description paragraphs and says "Not mentioned" for missing values', () => {
    render(
      <JobSections
        job={sampleJob({
          salaryProvided: 'false',
          bestInIndustry: null,
          openingsDate: null,
          postedBy: null,
          company: { ...sampleJob().company, companyOverview: null },
        })}
      />,
    );
    const about = screen.getByRole('region', { name: 'About the Job' });
    expect(about.querySelectorAll('p')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Company Overview' })).toBeNull();
    const details = screen.getByRole('region', { name: 'Job Details' });
    expect(within(details).getAllByText('Not mentioned')).toHaveLength(1);
    expect(within(details).getByText('Salary not stated')).toBeTruthy();
    // A job without a poster's name leaves the poster out rather than say "by Not mentioned".
    expect(screen.getByText(/^Posted on 2 Mar 2026$/)).toBeTruthy();
    expect(screen.queryByText(/Posted by/)).toBeNull();
  });

  it('quotes words about pay, and gives a yearly salary per month too', () => {
    render(
      <JobSections
        job={sampleJob({ salaryProvided: 'false', bestInIndustry: 'Best in industry' })}
      />,
    );
    const details = screen.getByRole('region', { name: 'Job Details' });
    expect(within(details).getByText('“Best in industry” (no amount given)')).toBeTruthy();
    cleanup();
    render(<JobSections job={sampleJob()} />);
    const paid = screen.getByRole('region', { name: 'Job Details' });
    expect(within(paid).getByText('Salary per month').nextSibling?.textContent).toBe(
      '₹1,00,000 – ₹1,50,000 / month',
    );
  });

  it('names the openings date for a seeker: when applications open, beside the closing date', () => {
    render(<JobSections job={sampleJob({ validThrough: '2026-04-30T00:00:00.000Z' })} />);
    const details = screen.getByRole('region', { name: 'Job Details' });
    const labels = [...details.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(labels).toContain('Applications open from');
    expect(labels).not.toContain('Openings date');
    expect(within(details).getByText('Applications open from').nextSibling?.textContent).toBe(
      '1 Mar 2026',
    );
    expect(within(details).getByText('Closes on').nextSibling?.textContent).toBe('30 Apr 2026');
  });
});

describe('the footer', () => {
  const footerText = (job: ReturnType<typeof sampleJob>) =>
    render(<JobSections job={job} />).container.querySelector('footer')!.textContent;

  it('says when a job was first posted only when that is another day, parts apart', () => {
    const trust = { companyVerified: false, firstPostedAt: '2026-03-02T08:00:00.000Z', reposts: 0 };
    expect(footerText(sampleJob({ trust }))).toBe('1,234 views · Posted by Asha on 2 Mar 2026');
    cleanup();
    const earlier = { ...trust, firstPostedAt: '2026-02-20T08:00:00.000Z', companyVerified: true };
    expect(footerText(sampleJob({ trust: earlier }))).toBe(
      '1,234 views · Posted by Asha on 2 Mar 2026 · Verified company · First posted on 20 Feb 2026',
    );
  });
});

describe('the role chip', () => {
  it('shows the short name and gives screen readers and a hover the full name', () => {
    const job = sampleJob({ role: { sortName: 'FIN', name: 'Finance' } });
    render(
      <MemoryRouter>
        <JobHeader summary={job} detail={job} />
      </MemoryRouter>,
    );
    const glance = screen.getByRole('list', { name: 'At a glance' });
    const chip = within(glance).getAllByRole('listitem')[0]!;
    expect(chip.textContent).toContain('FIN');
    // What assistive technology reads: the hidden short name is left out.
    const read = [...chip.querySelectorAll('span:not([aria-hidden])')]
      .filter((s) => s.children.length === 0)
      .map((s) => s.textContent)
      .join('');
    expect(read).toBe('Finance (FIN)');
    expect(chip.querySelector('[title]')?.getAttribute('title')).toBe('Finance');
  });
});
