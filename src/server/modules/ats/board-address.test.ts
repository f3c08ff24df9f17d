import { describe, expect, it } from 'vitest';
import { boardFromAddress } from './board-address.ts';

describe('boardFromAddress', () => {
  it.each([
    ['https://boards.greenhouse.io/acme', 'greenhouse', 'acme'],
    ['https://job-boards.greenhouse.io/acme/jobs/123?gh_src=x', 'greenhouse', 'acme'],
    ['boards-api.greenhouse.io/v1/boards/acme/jobs', 'greenhouse', 'acme'],
    ['jobs.lever.co/acme', 'lever', 'acme'],
    ['https://jobs.ashbyhq.com/acme.io/', 'ashby', 'acme.io'],
    ['https://acme.recruitee.com/o/engineer', 'recruitee', 'acme'],
    ['https://jobs.smartrecruiters.com/Acme1/7439', 'smartrecruiters', 'Acme1'],
    ['https://apply.workable.com/acme/', 'workable', 'acme'],
    ['acme.jobs.personio.de/xml', 'personio', 'acme'],
  ])('%s is %s board %s', (input, source, board) => {
    expect(boardFromAddress(input)).toEqual({ source, board });
  });

  it('leaves a plain name, and addresses of other sites, as they are', () => {
    expect(boardFromAddress('acme')).toBeNull();
    expect(boardFromAddress('acme-co_2')).toBeNull();
    expect(boardFromAddress('https://www.acme.example/careers')).toBeNull();
  });
});
