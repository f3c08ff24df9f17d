// A local stand-in for the seven ATS boards, so the sync is tested without the internet. Requests
// arrive as the app sends them with ATS_BASE_URL_OVERRIDE: the real host is the first path segment
// (`/boards-api.greenhouse.io/v1/boards/acme/jobs?content=true`). Pages are capped at two
// postings, fewer than the sources ask for, as a real server may do. Tests change `boards`, make
// it fail (`fail`), or stop it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ashbyJobs,
  greenhouseJobs,
  leverPostings,
  personioPositions,
  personioXml,
  recruiteeOffers,
  smartRecruitersDetails,
  smartRecruitersPostings,
  workableJobs,
  type PersonioPosition,
} from './fixtures.ts';

export const PAGE_CAP = 2;

export interface FakeBoards {
  greenhouse: Record<string, ReturnType<typeof greenhouseJobs>[number][]>;
  lever: Record<string, Record<string, unknown>[]>;
  ashby: Record<string, Record<string, unknown>[]>;
  recruitee: Record<string, Record<string, unknown>[]>;
  smartrecruiters: Record<string, Record<string, unknown>[]>;
  workable: Record<string, Record<string, unknown>[]>;
  personio: Record<string, PersonioPosition[]>;
}

/** Every source's board "acme" (SmartRecruiters: "Acme1") with the fixtures. */
export function defaultBoards(): FakeBoards {
  return {
    greenhouse: { acme: greenhouseJobs() },
    lever: { acme: leverPostings() },
    ashby: { acme: ashbyJobs() },
    recruitee: { acme: recruiteeOffers() },
    smartrecruiters: { Acme1: smartRecruitersPostings() },
    workable: { acme: workableJobs() },
    personio: { acme: personioPositions() },
  };
}

export type Failure = number | 'bad-json' | null;

export interface FakeAts {
  /** The origin to give ATS_BASE_URL_OVERRIDE. */
  url: string;
  boards: FakeBoards;
  /** Decides per request path whether to fail: an HTTP status, invalid JSON, or null. */
  fail: (path: string) => Failure;
  requests: string[];
  stop(): Promise<void>;
}

const json = (res: http.ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

function answer(boards: FakeBoards, url: URL, res: http.ServerResponse): boolean {
  const [host = '', ...rest] = url.pathname.split('/').filter(Boolean);
  const path = `/${rest.join('/')}`;
  const q = url.searchParams;
  let m: RegExpMatchArray | null;
  if (host === 'boards-api.greenhouse.io' && (m = path.match(/^\/v1\/boards\/([^/]+)\/jobs$/))) {
    const jobs = boards.greenhouse[decodeURIComponent(m[1]!)];
    if (!jobs) return false;
    json(res, { jobs, meta: { total: jobs.length } });
    return true;
  }
  if (host === 'api.lever.co' && (m = path.match(/^\/v0\/postings\/([^/]+)$/))) {
    const all = boards.lever[decodeURIComponent(m[1]!)];
    if (!all) return false;
    const skip = Number(q.get('skip') ?? 0);
    const limit = Math.min(Number(q.get('limit') ?? 100), PAGE_CAP);
    json(res, all.slice(skip, skip + limit));
    return true;
  }
  if (host === 'api.ashbyhq.com' && (m = path.match(/^\/posting-api\/job-board\/([^/]+)$/))) {
    const jobs = boards.ashby[decodeURIComponent(m[1]!)];
    if (!jobs) return false;
    json(res, { apiVersion: '1', jobs });
    return true;
  }
  if ((m = host.match(/^([a-z0-9-]+)\.recruitee\.com$/)) && path === '/api/offers') {
    const offers = boards.recruitee[m[1]!];
    if (!offers) return false;
    json(res, { offers });
    return true;
  }
  if (
    host === 'api.smartrecruiters.com' &&
    (m = path.match(/^\/v1\/companies\/([^/]+)\/postings(?:\/([^/]+))?$/))
  ) {
    const all = boards.smartrecruiters[decodeURIComponent(m[1]!)];
    if (!all) return false;
    if (m[2]) {
      if (!all.some((p) => p.id === m![2])) return false;
      json(res, smartRecruitersDetails(m[2]));
      return true;
    }
    const offset = Number(q.get('offset') ?? 0);
    const limit = Math.min(Number(q.get('limit') ?? 100), PAGE_CAP);
    json(res, {
      offset,
      limit,
      totalFound: all.length,
      content: all.slice(offset, offset + limit),
    });
    return true;
  }
  if (host === 'apply.workable.com' && (m = path.match(/^\/api\/v1\/widget\/accounts\/([^/]+)$/))) {
    const jobs = boards.workable[decodeURIComponent(m[1]!)];
    if (!jobs) return false;
    json(res, { name: 'Acme', description: null, jobs });
    return true;
  }
  if ((m = host.match(/^([a-z0-9-]+)\.jobs\.personio\.de$/)) && path === '/xml') {
    const positions = boards.personio[m[1]!];
    if (!positions) return false;
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(personioXml(positions));
    return true;
  }
  return false;
}

export async function startFakeAts(port = 0): Promise<FakeAts> {
  const fake: Omit<FakeAts, 'url' | 'stop'> = {
    boards: defaultBoards(),
    fail: () => null,
    requests: [],
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    fake.requests.push(`${url.pathname}${url.search}`);
    const failure = fake.fail(`${url.pathname}${url.search}`);
    if (typeof failure === 'number') {
      res.writeHead(failure, { 'content-type': 'text/plain' });
      res.end('fake failure');
      return;
    }
    if (failure === 'bad-json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"jobs": [ {"id": 1, ');
      return;
    }
    if (!answer(fake.boards, url, res)) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${bound}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
