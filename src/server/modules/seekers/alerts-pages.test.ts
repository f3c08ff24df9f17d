// The alert pages through the whole app (production build, real database), on what they say: an
// alert asked for again, unsubscribing one alert of an address that has more, deleting them all,
// and a link that opens no alert.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { mainText, page, seekerPagesPerSuite } from '../../../../test/support/seeker-pages.ts';

const suite = seekerPagesPerSuite();
const { mails, get, post } = suite;
const ask = suite.askForAlert;
const confirmed = suite.confirmedAlert;

describe('asking for an alert', () => {
  it('names the address as it is kept, lower-cased', async () => {
    const { res } = await ask('  Casey.Upper@Example.COM ', `role=${suite.ref.roles.sde}`);
    expect(mainText(res.body)).toContain('casey.upper@example.com');
    expect(mainText(res.body)).not.toContain('Casey.Upper@Example.COM');
  });
});

describe('asking again for an alert', () => {
  it('never says a confirmation link was sent when the mail holds none', async () => {
    const query = `role=${suite.ref.roles.sde}`;
    await confirmed('twice@example.com', query, 'weekly');
    const { res } = await ask('twice@example.com', query, 'daily');
    const doc = page(res.body);
    expect(doc.querySelector('h1')?.textContent).toBe('Check your inbox');
    expect(res.body).not.toContain('confirmation link');
    expect(mainText(res.body)).toContain(
      'If the address already has an alert on this search, the e-mail says so instead',
    );
    expect(mails[0]!.text).toContain('the e-mails still come weekly');
  });
});

describe('asking again for an alert that waits for its confirmation', () => {
  it('mails nothing new within minutes and says the e-mail went a moment ago', async () => {
    const query = `location=${suite.ref.cities.pune}&workMode=remote`;
    const { token } = await ask('waiting@example.com', query);
    mails.length = 0;
    const again = await post(`/alerts/new?${query}`, {
      email: 'waiting@example.com',
      frequency: 'daily',
    });
    expect(again.statusCode).toBe(200);
    expect(mails).toHaveLength(0);
    const doc = page(again.body);
    expect(doc.querySelector('h1')?.textContent).toBe('Check your inbox');
    const words = mainText(again.body);
    expect(words).toContain('We sent the e-mail to waiting@example.com a moment ago.');
    expect(words).toContain(
      'Check that inbox, and its spam folder: we send the same e-mail again only after 5 minutes.',
    );
    await post(`/alerts/unsubscribe?token=${token}`);
    // The suite's requests all come from one client: these two leave the later tests their share
    // of its hourly limit.
    await suite.database.db.execute(
      sql`update rate_limit set count = count - 2 where key like 'openings:alert:client:%'`,
    );
  });
});

/** The searches the address still follows. */
async function followed(email: string) {
  const rows = await queryRows<{ query: string }>(
    suite.database.db,
    sql`select query from job_alerts where email = ${email} order by query`,
  );
  return rows.map((row) => row.query);
}

describe('unsubscribing one alert of an address that has more', () => {
  const pune = () => `location=${suite.ref.cities.pune}`;
  const munich = () => `location=${suite.ref.cities.munich}`;

  it('one-click stops that alert only, keeps the address for the other, and says so', async () => {
    const one = await confirmed('two@example.com', pune());
    const other = await confirmed('two@example.com', munich());
    const open = await get(`/alerts/unsubscribe?token=${one}`);
    expect(mainText(open.body)).toContain(
      'E-mails of this alert to two@example.com stop and the alert is deleted. The address has 1 other alert, which goes on, unless you stop all e-mails to it.',
    );
    expect(open.body).not.toContain('the address is deleted');
    // What a mail client sends for List-Unsubscribe-Post: no intent.
    const done = await suite.app.inject({
      method: 'POST',
      url: `/alerts/unsubscribe?token=${one}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    const doc = page(done.body);
    expect(doc.querySelector('h1')?.textContent).toBe('You are unsubscribed from this alert');
    expect(mainText(done.body)).toContain(
      'This alert is deleted. two@example.com still has 1 other alert, which goes on. Every alert e-mail',
    );
    expect(done.body).not.toContain('address are deleted');
    expect(await followed('two@example.com')).toEqual([munich()]);
    // The other alert's link still opens it, and its one-click now deletes the address.
    expect((await get(`/alerts/manage?token=${other}`)).statusCode).toBe(200);
    const last = await get(`/alerts/unsubscribe?token=${other}`);
    expect(mainText(last.body)).toContain(
      'It is the address’s only alert, so the address is deleted too.',
    );
    const gone = await post(`/alerts/unsubscribe?token=${other}`);
    expect(mainText(gone.body)).toContain(
      'The alert is deleted, and with it two@example.com: it was its only alert.',
    );
    expect(await followed('two@example.com')).toEqual([]);
  });

  it('"Stop all e-mails to …" deletes every alert of the address, and no other address’s', async () => {
    const one = await confirmed('all@example.com', pune());
    await confirmed('all@example.com', munich());
    await confirmed('not-all@example.com', pune());
    const open = page((await get(`/alerts/unsubscribe?token=${one}`)).body);
    const buttons = [...open.querySelectorAll('main form button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Unsubscribe', 'Stop all e-mails to all@example.com']);
    const done = await post(`/alerts/unsubscribe?token=${one}`, { intent: 'all' });
    expect(page(done.body).querySelector('h1')?.textContent).toBe(
      'You are unsubscribed from all alerts',
    );
    expect(mainText(done.body)).toContain(
      'All 2 alerts for all@example.com and the address itself are deleted.',
    );
    expect(await followed('all@example.com')).toEqual([]);
    expect(await followed('not-all@example.com')).toEqual([pune()]);
  });

  it('the manage page deletes this alert, or all with the address, and says which', async () => {
    const one = await confirmed('manage@example.com', pune());
    const other = await confirmed('manage@example.com', munich());
    const manage = page((await get(`/alerts/manage?token=${one}`)).body);
    expect(manage.querySelector('main')?.textContent).toContain(
      'manage@example.com has 1 other alert, which goes on. Deleting this one keeps it;',
    );
    const buttons = [...manage.querySelectorAll('main form button')].map((b) => b.textContent);
    expect(buttons).toContain('Delete this alert');
    expect(buttons).toContain('Delete all 2 alerts and my address');
    expect(buttons).not.toContain('Delete the alert and my address');

    const deleted = await post(`/alerts/manage?token=${one}`, { intent: 'delete' });
    expect(deleted.statusCode).toBe(302);
    expect(await followed('manage@example.com')).toEqual([munich()]);
    const said = await get(deleted.headers.location!);
    expect(mainText(said.body)).toContain(
      'This alert is deleted. This address still has 1 other alert, which goes on.',
    );

    const third = await confirmed('manage@example.com', pune());
    const all = await post(`/alerts/manage?token=${third}`, { intent: 'delete-all' });
    expect(all.statusCode).toBe(302);
    expect(await followed('manage@example.com')).toEqual([]);
    expect(mainText((await get(all.headers.location!)).body)).toContain(
      'All 2 alerts for this address and the address itself are deleted.',
    );
    expect((await get(`/alerts/manage?token=${other}`)).statusCode).toBe(404);
  });
});

describe('requests not confirmed yet', () => {
  const pune = () => `location=${suite.ref.cities.pune}`;
  const munich = () => `location=${suite.ref.cities.munich}`;
  const role = () => `role=${suite.ref.roles.sde}`;

  it('are named apart from the alerts that go on, on the unsubscribe and manage pages', async () => {
    const one = await confirmed('asked@example.com', pune());
    await confirmed('asked@example.com', munich());
    await ask('asked@example.com', role());
    const open = await get(`/alerts/unsubscribe?token=${one}`);
    expect(mainText(open.body)).toContain(
      'The address has 1 other alert, which goes on, and 1 request not confirmed yet, unless',
    );
    const manage = mainText((await get(`/alerts/manage?token=${one}`)).body);
    expect(manage).toContain(
      'asked@example.com has 1 other alert, which goes on, and 1 request not confirmed yet. Deleting this one keeps them;',
    );
    const deleted = await post(`/alerts/manage?token=${one}`, { intent: 'delete' });
    expect(deleted.headers.location).toBe('/alerts/unsubscribe?deleted=one&others=2&requests=1');
    expect(mainText((await get(deleted.headers.location!)).body)).toContain(
      'This address still has 1 other alert, which goes on, and 1 request not confirmed yet.',
    );
    // Only requests left: none of them "goes on".
    const only = await ask('waiting@example.com', pune());
    await ask('waiting@example.com', munich());
    const waiting = mainText((await get(`/alerts/unsubscribe?token=${only.token}`)).body);
    expect(waiting).toContain('The address has 1 request not confirmed yet, unless');
    expect(waiting).not.toContain('goes on');
  });

  it('offer the confirmation step on the manage page, not Pause', async () => {
    const { token } = await ask('unstarted@example.com', pune());
    const manage = page((await get(`/alerts/manage?token=${token}`)).body);
    expect(manage.querySelector('main [role=status]')?.textContent).toBe(
      'Not confirmed yet: nothing is sent until you start it.',
    );
    const buttons = [...manage.querySelectorAll('main form button')].map((b) => b.textContent);
    expect(buttons).toContain('Start my alert');
    expect(buttons).not.toContain('Pause the alert');
    const start = [...manage.querySelectorAll('main form')].find(
      (form) => form.textContent === 'Start my alert',
    );
    expect(start?.getAttribute('action')).toBe(`/alerts/confirm?token=${token}`);
    expect(
      page((await post(`/alerts/confirm?token=${token}`)).body).querySelector('h1')?.textContent,
    ).toBe('Your alert is on');
    const started = page((await get(`/alerts/manage?token=${token}`)).body);
    const now = [...started.querySelectorAll('main form button')].map((b) => b.textContent);
    expect(now).toContain('Pause the alert');
    expect(now).not.toContain('Start my alert');
  });
});

describe('a confirm or manage link that opens no alert', () => {
  /** The page says what happened and what to do, not the site's "can't find that page". */
  function expectOwnPage(res: Awaited<ReturnType<typeof get>>, what: string) {
    expect(res.statusCode, what).toBe(404);
    expect(res.headers['cache-control'], what).toBe('private, no-store');
    const doc = page(res.body);
    expect(doc.querySelector('h1')?.textContent, what).toBe(
      'This link is not valid or has expired',
    );
    expect(mainText(res.body), what).toContain(
      'choose Follow this search, then Get these jobs by e-mail',
    );
    expect(doc.querySelector('main a[href="/jobs"]'), what).not.toBeNull();
    expect(res.body, what).not.toContain('find that page');
  }

  it('has its own page, opened or posted, for a deleted, expired or made-up alert', async () => {
    const { token } = await ask('expired@example.com', `role=${suite.ref.roles.productManager}`);
    // Unconfirmed requests are deleted after 7 days; a deleted alert is the same to its links.
    await suite.database.db.execute(
      sql`delete from job_alerts where email = 'expired@example.com'`,
    );
    expectOwnPage(await get(`/alerts/confirm?token=${token}`), 'confirm');
    expectOwnPage(await get(`/alerts/manage?token=${token}`), 'manage');
    expectOwnPage(await post(`/alerts/confirm?token=${token}`), 'confirm post');
    expectOwnPage(await post(`/alerts/manage?token=${token}`, { intent: 'pause' }), 'pause post');
    expectOwnPage(await post(`/alerts/manage?token=${token}`, { intent: 'delete' }), 'delete post');
    expectOwnPage(await get('/alerts/manage?token=cut-short'), 'made up');
    expectOwnPage(await get('/alerts/confirm'), 'no token');
  });
});

describe('a signed-in seeker’s alerts on /account', () => {
  const email = 'robin@seeker.example';
  let cookie = '';
  const label = 'Data Scientist jobs';
  const account = () => suite.get('/account', { cookie });
  const change = (body: Record<string, string>) => post('/account', body, { cookie });
  /** The alert row of `label` on a page of /account. */
  const row = (body: string) =>
    [...page(body).querySelectorAll('#alerts-title ~ * li')].find((li) =>
      li.querySelector('a')?.textContent?.includes(label),
    );
  const stored = async (who: string) => {
    const [alert] = await queryRows<{ id: number; frequency: string; paused: boolean }>(
      suite.database.db,
      sql`select id, frequency, paused_at is not null as paused from job_alerts
          where email = ${who}`,
    );
    return alert!;
  };

  beforeAll(async () => {
    cookie = await suite.signIn('Robin', email);
    await confirmed(email, `role=${suite.ref.roles.dataScientist}`);
    await confirmed('stranger@example.com', `role=${suite.ref.roles.dataScientist}`);
  });

  it('has each alert’s manage controls, each named for its alert', async () => {
    const res = await account();
    expect(res.statusCode).toBe(200);
    const mine = row(res.body)!;
    expect(mine.querySelector('legend')?.textContent).toBe(`How often for ${label}`);
    expect(mine.querySelector<HTMLInputElement>('input[value=daily]')?.checked).toBe(true);
    expect([...mine.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      `Save how often for the alert ${label}`,
      `Pause the alert ${label}`,
      `Delete the alert ${label}`,
    ]);
  });

  it('changes how often, pauses and resumes without JavaScript, saying so in the alert’s row', async () => {
    const { id } = await stored(email);
    const weekly = await change({ intent: 'alert-frequency', id: String(id), frequency: 'weekly' });
    expect(weekly.statusCode).toBe(200);
    expect(weekly.headers['cache-control']).toBe('private, no-store');
    let mine = row(weekly.body)!;
    expect(mine.querySelector('[role=status]')?.textContent).toBe(
      `Saved: “${label}” e-mails you weekly.`,
    );
    expect(mine.querySelector<HTMLInputElement>('input[value=weekly]')?.checked).toBe(true);
    expect(await stored(email)).toEqual({ id, frequency: 'weekly', paused: false });

    const paused = await change({ intent: 'alert-pause', id: String(id) });
    mine = row(paused.body)!;
    expect(mine.querySelector('[role=status]')?.textContent).toBe(
      `Paused: “${label}” sends no e-mails until you resume it.`,
    );
    expect(mine.textContent).toContain(`Resume the alert ${label}`);
    expect(await stored(email)).toEqual({ id, frequency: 'weekly', paused: true });

    const resumed = await change({ intent: 'alert-resume', id: String(id) });
    expect(row(resumed.body)!.querySelector('[role=status]')?.textContent).toBe(
      `Resumed: “${label}” e-mails you weekly again.`,
    );
    expect(await stored(email)).toEqual({ id, frequency: 'weekly', paused: false });
  });

  it('refuses another address’s alert, or a made-up one, with a message, changing nothing', async () => {
    const theirs = await stored('stranger@example.com');
    const tries: Record<string, string>[] = [
      { intent: 'alert-pause', id: String(theirs.id) },
      { intent: 'alert-frequency', id: String(theirs.id), frequency: 'weekly' },
      { intent: 'alert-pause', id: '99999999999' },
      { intent: 'alert-resume', id: 'abc' },
      { intent: 'alert-delete', id: String(theirs.id) },
      { intent: 'alert-delete', id: '99999999999' },
    ];
    for (const body of tries) {
      const res = await change(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(page(res.body).querySelector('main [role=alert]')?.textContent).toBe(
        'That alert is not one of your alerts, so nothing was changed. It may have been deleted; your alerts are listed here.',
      );
    }
    expect(await stored('stranger@example.com')).toEqual(theirs);

    const mine = await stored(email);
    const odd = await change({
      intent: 'alert-frequency',
      id: String(mine.id),
      frequency: 'hourly',
    });
    expect(odd.statusCode).toBe(400);
    expect(row(odd.body)!.querySelector('[role=alert]')?.textContent).toBe(
      'Choose daily or weekly.',
    );
    expect(await stored(email)).toEqual(mine);
  });

  it('sends a signed-out post to sign in, changing nothing', async () => {
    const mine = await stored(email);
    const res = await post('/account', { intent: 'alert-pause', id: String(mine.id) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?next=%2Faccount');
    expect(await stored(email)).toEqual(mine);
  });

  it('deletes the alert on the page itself, saying so where the alert was', async () => {
    const { id } = await stored(email);
    const res = await change({ intent: 'alert-delete', id: String(id) });
    expect(res.statusCode).toBe(200);
    expect(row(res.body)).toBeUndefined();
    expect(page(res.body).querySelector('main [role=status]')?.textContent).toBe(
      `Deleted: “${label}” sends no more e-mails.`,
    );
    const left = await queryRows<{ email: string }>(
      suite.database.db,
      sql`select email from job_alerts where email in (${email}, 'stranger@example.com')`,
    );
    expect(left.map((a) => a.email)).toEqual(['stranger@example.com']);
  });
});
