// The account pages' own answers through the whole app (production-built pages): a form's post
// keeps the headers its action chose, a page view the loader's.
import { describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../../test/support/app.ts';
import {
  companyForm,
  employerServices,
  insertAccount,
  ownerWithCompany,
  postForm,
  signUpAndIn,
  startPagesApp,
  TEST_ORIGIN,
} from '../../../../test/support/employer.ts';
import { recordingMailer } from '../../../../test/support/mailer.ts';
import { operators } from '../../db/schema.ts';

const suite = appPerSuite(async (database) => (await startPagesApp(database)).app);

/** The password signUpAndIn gives its accounts (test/support/employer.ts). */
const PASSWORD = 'a long and unusual passphrase 7';

describe('where a sign-in leads', () => {
  /** A new account (signed in once through the API) and its sign-in through the page. */
  async function account(email: string) {
    const { account } = await signUpAndIn(suite.app, suite.database.db, 'Someone', email);
    const signIn = (query = '') =>
      postForm(suite.app, `/login${query}`, '', { email, password: PASSWORD });
    return { account, signIn };
  }

  it('leads back to the page it was asked to, and never to another site', async () => {
    const { signIn } = await account('back@board.example');
    const next = '/jobs?q=nurse&sort=new';
    const back = await signIn(`?next=${encodeURIComponent(next)}`);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(next);
    for (const away of ['https://evil.example/x', '//evil.example', '/\\evil.example']) {
      const res = await signIn(`?next=${encodeURIComponent(away)}`);
      expect(res.headers.location, away).toBe('/account');
    }
  });

  it('without a page to return to: a job seeker to their account, not to the dashboard', async () => {
    const { signIn, account: seeker } = await account('seeker@board.example');
    const res = await signIn();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/account');
    // Signed in already, the sign-in page leads on the same way.
    const cookie = [res.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    const again = await suite.app.inject({ url: '/login', headers: { cookie } });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/account');
    // There, someone who signed up to hire finds the way to set up their company.
    const page = await suite.app.inject({ url: '/account', headers: { cookie } });
    expect(page.body).toMatch(/<a href="\/employer"[^>]*>Go to the employer dashboard<\/a>/);
    // A company's last owner who wants to leave is told how, with the way to reach us.
    expect(page.body).toMatch(/<a href="\/contact"[^>]*>ask us to close the company<\/a>/);
    expect(page.body).toContain('Set up your company, or ask to join it');
    // Once they post for a company, the page names it instead.
    await employerServices(suite.database.db).companies.create(
      seeker,
      companyForm('Seekers Hire', 'https://seekers-hire.example'),
    );
    const hiring = (await suite.app.inject({ url: '/account', headers: { cookie } })).body;
    expect(hiring).toContain(
      'You post for Seekers Hire: its jobs, company page and members are on the employer dashboard.',
    );
    expect(hiring).not.toContain('Set up your company');
  });

  it("without a page to return to: a company's member to the dashboard, an operator to the console (first during maintenance)", async () => {
    const member = await account('member@members.example');
    const made = await employerServices(suite.database.db).companies.create(
      member.account,
      companyForm('Members Inc', 'https://members.example'),
    );
    expect(made.ok).toBe(true);
    expect((await member.signIn()).headers.location).toBe('/employer');

    const operator = await account('operator@board.example');
    await suite.database.db.insert(operators).values({ userId: operator.account.id });
    expect((await operator.signIn()).headers.location).toBe('/admin');

    // An operator who is a member too goes to the dashboard, but to the console while maintenance
    // is on: the console is what stays open then, and where it is turned off.
    await employerServices(suite.database.db).companies.create(
      operator.account,
      companyForm('Operators Inc', 'https://operators.example'),
    );
    expect((await operator.signIn()).headers.location).toBe('/employer');
    const { appDetails } = suite.app.services;
    await appDetails.setMaintenance(true);
    try {
      expect((await operator.signIn()).headers.location).toBe('/admin');
      expect((await member.signIn()).headers.location).toBe('/employer');
      // The sign-in page stays open; sign-up and a password reset do not (they answer 503), so
      // the page does not link to them.
      const page = await suite.app.inject({ url: '/login' });
      expect(page.statusCode).toBe(200);
      const form = page.body.slice(page.body.indexOf('<main'));
      expect(form).not.toContain('href="/forgot-password"');
      expect(form).not.toContain('href="/signup');
      expect((await suite.app.inject({ url: '/signup' })).statusCode).toBe(503);
    } finally {
      await appDetails.setMaintenance(false);
    }
    const open = (await suite.app.inject({ url: '/login' })).body;
    expect(open).toContain('href="/forgot-password"');
    expect(open.slice(open.indexOf('<main'))).toContain('href="/signup"');
  });
});

describe("the header's link beside Account", () => {
  /** The header's first account link (label and address) on /about for a signed-in cookie. */
  async function deskLink(cookie: string) {
    const page = await suite.app.inject({ url: '/about', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    const header = page.body.slice(page.body.indexOf('<header'), page.body.indexOf('</header>'));
    const links = [...header.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]+)<\/a>/g)].map(
      (m) => `${m[2]} ${m[1]}`,
    );
    expect(links).toContain('Account /account');
    // The bar and the small screens' menu panel draw the same links.
    return [...new Set(links)].filter(
      (l) => !l.startsWith('Account ') && !/^(Home|Jobs|Learn|About|Contact) /.test(l),
    );
  }

  it('leads a job seeker to their saved jobs, an operator to the console, a member to the dashboard', async () => {
    // One account (sign-ups are rate limited), its place changing as it becomes each.
    const { cookie, account } = await signUpAndIn(
      suite.app,
      suite.database.db,
      'Desk',
      'desk@desk.example',
    );
    expect(await deskLink(cookie)).toEqual(['Saved jobs /saved']);

    await suite.database.db.insert(operators).values({ userId: account.id });
    expect(await deskLink(cookie)).toEqual(['Console /admin']);

    const made = await employerServices(suite.database.db).companies.create(
      account,
      companyForm('Desk Inc', 'https://desk.example'),
    );
    expect(made.ok).toBe(true);
    expect(await deskLink(cookie)).toEqual(['Dashboard /employer']);
  });
});

describe("the header's sign-in and sign-up links", () => {
  const hrefs = (body: string) =>
    [...body.matchAll(/<a [^>]*href="(\/(?:login|signup)[^"]*)"/g)].map((m) => m[1]);

  it('lead back to the page they are on, its query as the page cache keys it', async () => {
    const page = await suite.app.inject({ url: '/jobs?sort=new&q=nurse' });
    expect(page.statusCode).toBe(200);
    const next = encodeURIComponent('/jobs?q=nurse&sort=new');
    expect(hrefs(page.body)).toEqual(
      expect.arrayContaining([`/login?next=${next}`, `/signup?next=${next}`]),
    );
    expect(hrefs(page.body)).not.toContain('/login');
  });

  it('carry no page to return to from the home page and the account pages', async () => {
    for (const url of ['/', '/login', '/signup', '/forgot-password']) {
      const page = await suite.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      for (const href of hrefs(page.body)) expect(href, url).not.toContain('next=');
    }
  });
});

describe('the sign-in page', () => {
  it('answers a sign-in over its limit with 429 and Retry-After, and stays private', async () => {
    const attempt = () =>
      postForm(suite.app, '/login', '', {
        email: 'someone@board.example',
        password: 'not the right passphrase 1',
      });
    // The limit per typed address (attempts.ts: ten in fifteen minutes).
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['cache-control']).toBe('private, no-store');
    expect(limited.body).toContain('Too many attempts');
    const view = await suite.app.inject({ url: '/login' });
    expect(view.statusCode).toBe(200);
    expect(view.headers['retry-after']).toBeUndefined();
    expect(view.headers['cache-control']).toBe('private, no-store');
  });
});

describe('links from e-mails', () => {
  const { mails, mailer } = recordingMailer();
  const linkSuite = appPerSuite(
    async (database) => (await startPagesApp(database, { mailer })).app,
  );

  /** The newest link to `pathname` mailed to `to`, as the visitor's mail client shows it. */
  async function mailedLink(to: string, pathname: string): Promise<URL> {
    await linkSuite.app.accounts.settled();
    for (const mail of [...mails].reverse()) {
      if (mail.to !== to) continue;
      const found = mail.text
        ?.match(/https?:\/\/\S+/g)
        ?.map((l) => new URL(l))
        .find((l) => l.pathname === pathname);
      if (found) return found;
    }
    throw new Error(`no link to ${pathname} mailed to ${to}`);
  }

  /** The href of the main content's "Sign in" button on a page (not the header's plain /login). */
  function mainSignIn(body: string): string {
    const main = body.slice(body.indexOf('<main'));
    const href = /<a[^>]*href="(\/login[^"]*)"[^>]*>Sign in</.exec(main)?.[1];
    if (!href) throw new Error('no Sign in button in the main content');
    return href.replaceAll('&amp;', '&');
  }

  it('a sign-up from an invitation leads back to it after the address is confirmed', async () => {
    const next = '/invitations/abcdefghijklmnopqrstuvwxyz';
    const email = 'invited@board.example';
    const password = 'not a common passphrase 9';
    const up = await postForm(linkSuite.app, `/signup?next=${encodeURIComponent(next)}`, '', {
      name: 'Invited Person',
      email,
      password,
    });
    expect(up.statusCode).toBe(200);
    // The way a person goes: the mailed link, the page's Sign in, the form posted where it is.
    const link = await mailedLink(email, '/verify-email');
    expect(link.searchParams.get('next')).toBe(next);
    const landing = await linkSuite.app.inject({ url: link.pathname + link.search });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('Address confirmed');
    const login = mainSignIn(landing.body);
    expect(login).toBe(`/login?notice=verified&next=${encodeURIComponent(next)}`);
    expect((await linkSuite.app.inject({ url: login })).statusCode).toBe(200);
    const signedIn = await postForm(linkSuite.app, login, '', { email, password });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe(next);
  });

  it('a confirmation link that names the page as better-auth does (callbackURL) leads there too', async () => {
    const next = '/invitations/zyxwvutsrqponmlkjihgfedcba';
    const email = 'invited.again@board.example';
    await postForm(linkSuite.app, `/signup?next=${encodeURIComponent(next)}`, '', {
      name: 'Invited Again',
      email,
      password: 'not a common passphrase 9',
    });
    const link = await mailedLink(email, '/verify-email');
    const token = link.searchParams.get('token') ?? '';
    const landing = await linkSuite.app.inject({
      url: `/verify-email?token=${token}&callbackURL=${encodeURIComponent(next)}`,
    });
    expect(landing.body).toContain('Address confirmed');
    expect(mainSignIn(landing.body)).toBe(
      `/login?notice=verified&next=${encodeURIComponent(next)}`,
    );
  });

  it("the header's Sign in on the confirmation page leads on to its invitation too", async () => {
    const next = '/invitations/abcdefghijklmnopqrstuvwxyz';
    const from = `${TEST_ORIGIN}/verify-email?token=used&next=${encodeURIComponent(next)}`;
    // The header carries no page from /verify-email (its token is no place to come back to).
    const login = await linkSuite.app.inject({ url: '/login', headers: { referer: from } });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe(`/login?next=${encodeURIComponent(next)}`);
    // From anywhere else, or with a page already asked for, the sign-in page is as it was.
    const elsewhere = `${TEST_ORIGIN}/jobs?next=${encodeURIComponent(next)}`;
    expect(
      (await linkSuite.app.inject({ url: '/login', headers: { referer: elsewhere } })).statusCode,
    ).toBe(200);
    const asked = await linkSuite.app.inject({
      url: '/login?next=%2Fsaved',
      headers: { referer: from },
    });
    expect(asked.statusCode).toBe(200);
  });

  it('a link that does not work leads to the sign-in that sends a new one, keeping next', async () => {
    const next = '/invitations/abcdefghijklmnopqrstuvwxyz';
    const page = await linkSuite.app.inject({
      url: `/verify-email?token=nope&next=${encodeURIComponent(next)}`,
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(`href="/login?next=${encodeURIComponent(next)}"`);
  });

  it('never leads a confirmed address to another site', async () => {
    for (const next of ['https://evil.example/x', '//evil.example', '/\\evil.example']) {
      const page = await linkSuite.app.inject({
        url: `/verify-email?token=nope&next=${encodeURIComponent(next)}`,
      });
      expect(page.statusCode, next).toBe(400);
      expect(page.body, next).not.toContain('evil.example');
      expect(page.body, next).toContain('href="/login?next=%2Femployer"');
    }
  });

  it('a used, expired or unknown reset link says so at once, instead of its form', async () => {
    const email = 'resetting@board.example';
    await postForm(linkSuite.app, '/signup', '', {
      name: 'Resetting',
      email,
      password: 'not a common passphrase 9',
    });
    await postForm(linkSuite.app, '/forgot-password', '', { email });
    const link = await mailedLink(email, '/reset-password');
    const url = link.pathname + link.search;

    const fresh = await linkSuite.app.inject({ url });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toContain('name="password"');

    const done = await postForm(linkSuite.app, url, '', { password: 'a brand new passphrase 3' });
    expect(done.statusCode).toBe(302);
    const used = await linkSuite.app.inject({ url });
    expect(used.statusCode).toBe(400);
    expect(used.headers['cache-control']).toBe('private, no-store');
    expect(used.body).toContain('This link does not work');
    expect(used.body).toContain('has been used already');
    expect(used.body).toContain('href="/forgot-password"');
    expect(used.body).not.toContain('name="password"');

    for (const token of ['unknown-token', 'x'.repeat(300), '']) {
      const page = await linkSuite.app.inject({ url: `/reset-password?token=${token}` });
      expect(page.statusCode, token.slice(0, 20)).toBe(400);
      expect(page.body).toContain('This link does not work');
      expect(page.body).not.toContain('name="password"');
    }
  });

  it('a used or unknown invitation says so at once, before asking anyone to sign in', async () => {
    const { owner, companyId } = await ownerWithCompany(linkSuite.database.db);
    let token = '';
    const invited = await employerServices(linkSuite.database.db).companies.invite(
      owner.id,
      companyId,
      { email: 'colleague@alpha.example' },
      (t) => ((token = t), `${TEST_ORIGIN}/invitations/${t}`),
    );
    expect(invited.ok).toBe(true);

    // A usable one asks for a sign-in that comes back to it.
    const open = await linkSuite.app.inject({ url: `/invitations/${token}` });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe(
      `/login?next=${encodeURIComponent(`/invitations/${token}`)}`,
    );

    const colleague = await insertAccount(linkSuite.database.db, 'colleague@alpha.example');
    const accepted = await employerServices(linkSuite.database.db).companies.acceptInvitation(
      colleague,
      token,
    );
    expect(accepted.ok).toBe(true);
    for (const used of [token, 'a'.repeat(43), 'not a token']) {
      const page = await linkSuite.app.inject({ url: `/invitations/${encodeURIComponent(used)}` });
      expect(page.statusCode, used).toBe(404);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.body).toContain('This invitation does not work');
      expect(page.body).toContain('ask the company’s owner for a new one');
      expect(page.body).not.toContain('Accept the invitation');
    }
  });
});
