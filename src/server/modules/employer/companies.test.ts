// Companies on a real database: invitations (mailed, single use, for the invited address only),
// join requests, removal, leaving, making a member an owner and back, owners-only rules, and logo
// uploads (only real PNG, JPEG or WebP up to 2 MB, re-encoded to 256×256).
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { authUsers, companies, companyLogoImages, companyMembers } from '../../db/schema.ts';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.ts';
import { seedReference } from '../../../../test/support/fixtures.ts';
import {
  domainMatches,
  INVITATION_RESEND_MS,
  INVITER_NAME_IN_MAIL,
  inviterNameInMail,
  type MailSender,
} from './companies.service.ts';
import {
  companyForm,
  employerServices,
  insertAccount,
  type TestAccount,
  validForm,
} from '../../../../test/support/employer.ts';
import { createEmployer } from './employer.ts';
import { reencodeLogo } from './logo-image.ts';

describe('companies', () => {
  let database: TestDatabase;
  let svc: ReturnType<typeof employerServices>;
  const sent: Parameters<MailSender['send']>[0][] = [];
  let owner: TestAccount;
  let invitee: TestAccount;
  let stranger: TestAccount;
  let companyId: number;
  let ref: Awaited<ReturnType<typeof seedReference>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    ref = await seedReference(database.db);
    svc = employerServices(database.db, {
      send: async (message) => {
        sent.push(message);
      },
    });
    owner = await insertAccount(database.db, 'owner@delta.example');
    invitee = await insertAccount(database.db, 'new.hire@delta.example');
    stranger = await insertAccount(database.db, 'someone@else.example');
    const created = await svc.companies.create(
      owner,
      companyForm('Delta', 'https://delta.example'),
    );
    if (!created.ok) throw new Error(created.message);
    companyId = created.value.companyId;
  });
  afterAll(() => database.close());

  it('matches a website to a verified e-mail domain only', () => {
    expect(domainMatches('https://www.delta.example/about', 'a@delta.example', true)).toBe(true);
    expect(domainMatches('https://delta.example', 'a@mail.delta.example', true)).toBe(true);
    expect(domainMatches('https://delta.example', 'a@delta.example', false)).toBe(false);
    expect(domainMatches('https://delta.example', 'a@notdelta.example', true)).toBe(false);
    expect(domainMatches('https://delta.example.evil.example', 'a@delta.example', true)).toBe(
      false,
    );
  });

  it('mails a single-use invitation that only the invited address can accept', async () => {
    const invited = await svc.companies.invite(
      owner.id,
      companyId,
      { email: invitee.email },
      (t) => `https://openings.example/invitations/${t}`,
    );
    expect(invited.ok).toBe(true);
    const mail = sent.at(-1)!;
    expect(mail.to).toBe(invitee.email);
    expect(mail.subject).toBe('You are invited to post jobs for Delta on Openings');
    // Our words and the company first, then who invited (their name quoted), signed as every
    // other mail is.
    expect(mail.text).toMatch(
      /^You are invited to join Delta on Openings, to post and manage its jobs\. It was sent by owner@delta\.example, an owner of Delta, whose account gives the name “owner”\.\n/,
    );
    expect(mail.text).toMatch(/\n\n— Openings$/);
    expect(mail.html).toContain('<p style="margin:0 0 16px">You are invited to join Delta');
    expect(mail.text).not.toContain('earlier link');
    const token = /invitations\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    expect(mail.html).toContain(token);

    expect(await svc.companies.acceptInvitation(stranger, token)).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(await svc.companies.acceptInvitation(invitee, token)).toEqual({
      ok: true,
      value: { companyId },
    });
    expect(await svc.companies.acceptInvitation(invitee, token)).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    expect(await svc.companies.acceptInvitation(invitee, 'x'.repeat(43))).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    const members = await svc.companies.members(owner.id, companyId);
    expect(members.ok && members.value.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [invitee.email, 'member'],
    ]);
  });

  it('lets only owners invite, remove and see requests; keeps the last owner', async () => {
    expect(
      await svc.companies.invite(invitee.id, companyId, { email: 'x@y.example' }, (t) => t),
    ).toMatchObject({ ok: false, reason: 'forbidden' });
    expect(await svc.companies.removeMember(invitee.id, companyId, owner.id)).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    expect(await svc.companies.members(stranger.id, companyId)).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    expect(await svc.companies.removeMember(owner.id, companyId, owner.id)).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
    expect(
      await svc.companies.invite(owner.id, companyId, { email: 'not an address' }, (t) => t),
    ).toMatchObject({
      ok: false,
      fieldErrors: { email: 'E-mail must be an e-mail address' },
    });
  });

  it('takes a join request to membership when an owner accepts it', async () => {
    expect(await svc.companies.requestJoin(stranger.id, companyId)).toEqual({
      ok: true,
      value: null,
    });
    const requests = await svc.companies.joinRequests(owner.id, companyId);
    const id = requests.ok ? requests.value[0]!.id : 0;
    expect(await svc.companies.decideJoin(owner.id, companyId, id, true)).toEqual({
      ok: true,
      value: null,
    });
    expect((await svc.companies.mine(stranger.id)).map((c) => c.id)).toEqual([companyId]);
    expect(await svc.companies.removeMember(owner.id, companyId, stranger.id)).toEqual({
      ok: true,
      value: { name: 'someone', companyName: 'Delta' },
    });
    expect(await svc.companies.mine(stranger.id)).toEqual([]);
  });

  it('lets only an owner make a member an owner, who then can do what owners do', async () => {
    // A company of its own, so that the others' roles stay as the tests below need them.
    const ada = await insertAccount(database.db, 'ada@echo.example');
    const ben = await insertAccount(database.db, 'ben@echo.example');
    const cy = await insertAccount(database.db, 'cy@echo.example');
    const made = await svc.companies.create(ada, companyForm('Echo', 'https://echo.example'));
    if (!made.ok) throw new Error(made.message);
    const echo = made.value.companyId;
    await database.db.insert(companyMembers).values([
      { companyId: echo, userId: ben.id, role: 'member' },
      { companyId: echo, userId: cy.id, role: 'member' },
    ]);
    const roles = async () => {
      const members = await svc.companies.members(ada.id, echo);
      return members.ok ? Object.fromEntries(members.value.map((m) => [m.email, m.role])) : null;
    };
    const before = await roles();
    expect(before).toEqual({ [ada.email]: 'owner', [ben.email]: 'member', [cy.email]: 'member' });
    // Neither a member (not even of herself) nor an outsider can; nor can an owner make an
    // outsider an owner of the company.
    expect(await svc.companies.makeOwner(ben.id, echo, ben.id)).toEqual({
      ok: false,
      reason: 'forbidden',
      message: 'Only an owner of the company can do this',
    });
    expect(await svc.companies.makeOwner(stranger.id, echo, ben.id)).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    expect(await svc.companies.makeOwner(owner.id, echo, ben.id)).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    expect(await svc.companies.makeOwner(ada.id, echo, stranger.id)).toEqual({
      ok: false,
      reason: 'not-found',
      message: 'Member not found',
    });
    expect(await roles()).toEqual(before);
    // The last owner cannot delete her account, and is told to do what she now can.
    const employer = createEmployer(database.db, { secret: 'x'.repeat(32) });
    expect(await employer.deletionRefusal(ada.id)).toContain('make another member an owner first');

    for (let i = 0; i < 2; i++)
      expect(await svc.companies.makeOwner(ada.id, echo, ben.id), `time ${i + 1}`).toEqual({
        ok: true,
        value: { name: 'ben', companyName: 'Echo' },
      });
    expect(await roles()).toEqual({ ...before, [ben.email]: 'owner' });
    expect(await employer.deletionRefusal(ada.id)).toBeNull();
    // Ben is an owner now: he removes a member, and could remove Ada, who is no longer the last.
    expect(await svc.companies.removeMember(ben.id, echo, cy.id)).toEqual({
      ok: true,
      value: { name: 'cy', companyName: 'Echo' },
    });
    expect(await roles()).toEqual({ [ada.email]: 'owner', [ben.email]: 'owner' });
  });

  it('lets a member leave, an owner step another down, never leaving a company without owner; mails a removed member; audits each', async () => {
    const [fay, gus, hal] = await Promise.all(
      ['fay', 'gus', 'hal'].map((n) => insertAccount(database.db, `${n}@foxtrot.example`)),
    );
    const made = await svc.companies.create(
      fay!,
      companyForm('Foxtrot', 'https://foxtrot.example'),
    );
    if (!made.ok) throw new Error(made.message);
    const fox = made.value.companyId;
    await database.db.insert(companyMembers).values([
      { companyId: fox, userId: gus!.id, role: 'owner' },
      { companyId: fox, userId: hal!.id, role: 'member' },
    ]);
    const roles = async () => {
      const members = await svc.companies.members(gus!.id, fox);
      return members.ok ? Object.fromEntries(members.value.map((m) => [m.email, m.role])) : null;
    };
    // A plain member leaves; the company is named no more among theirs, and by name as former.
    expect(await svc.companies.formerCompany(hal!.id, fox)).toBeNull();
    expect(await svc.companies.leave(hal!.id, fox)).toEqual({
      ok: true,
      value: { companyName: 'Foxtrot' },
    });
    expect(await svc.companies.mine(hal!.id)).toEqual([]);
    expect(await svc.companies.formerCompany(hal!.id, fox)).toBe('Foxtrot');
    expect(await svc.companies.formerCompany(stranger.id, fox)).toBeNull();
    expect(await svc.companies.leave(hal!.id, fox)).toMatchObject({ reason: 'not-found' });
    // Gus steps Fay down to member; done twice is done.
    for (let i = 0; i < 2; i++)
      expect(await svc.companies.makeMember(gus!.id, fox, fay!.id)).toEqual({
        ok: true,
        value: { name: 'fay', companyName: 'Foxtrot' },
      });
    expect(await roles()).toEqual({ [fay!.email]: 'member', [gus!.email]: 'owner' });
    // Now a member, Fay may step no one down; Gus, the last owner, may neither step himself down
    // nor leave.
    expect(await svc.companies.makeMember(gus!.id, fox, gus!.id)).toEqual({
      ok: false,
      reason: 'conflict',
      message:
        'You are the last owner of Foxtrot: make another member an owner first (Make owner, beside their name), then make yourself a member.',
    });
    expect(await svc.companies.makeMember(fay!.id, fox, gus!.id)).toMatchObject({
      reason: 'forbidden',
    });
    expect(await svc.companies.leave(gus!.id, fox)).toEqual({
      ok: false,
      reason: 'conflict',
      message:
        'You are the last owner of Foxtrot: make another member an owner first (Make owner, beside their name), then leave.',
    });
    // Gus removes Fay: she is mailed that she no longer has access.
    sent.length = 0;
    expect(await svc.companies.removeMember(gus!.id, fox, fay!.id)).toEqual({
      ok: true,
      value: { name: 'fay', companyName: 'Foxtrot' },
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: fay!.email,
      subject: 'You no longer have access to Foxtrot on Openings',
    });
    expect(sent[0]!.text).toContain(
      'You are no longer a member of Foxtrot on Openings: an owner of the company removed you from its team, so you can no longer post or manage its jobs.',
    );
    expect(await roles()).toEqual({ [gus!.email]: 'owner' });
    const audited = await queryRows<{ action: string; actor_email: string; before: unknown }>(
      database.db,
      sql`select action, actor_email, before from audit_log
          where target_type = 'company' and target_id = ${String(fox)} order by id`,
    );
    expect(
      audited.map((a) => [
        a.action,
        a.actor_email,
        (typeof a.before === 'string' ? JSON.parse(a.before) : a.before).email,
      ]),
    ).toEqual([
      ['company.member-leave', hal!.email, hal!.email],
      ['company.member-make-member', gus!.email, fay!.email],
      ['company.member-remove', gus!.email, fay!.email],
    ]);
  });

  it('stores a PNG, JPEG or WebP logo as a 256×256 PNG and serves its new address', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const image = await sharp({
        create: { width: 900, height: 300, channels: 3, background: '#0a5' },
      })
        .toFormat(format)
        .toBuffer();
      expect(await svc.companies.uploadLogo(owner.id, companyId, image), format).toEqual({
        ok: true,
        value: null,
      });
    }
    const [row] = await database.db
      .select()
      .from(companyLogoImages)
      .where(eq(companyLogoImages.companyId, companyId));
    const meta = await sharp(Buffer.from(row!.png)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
    const [company] = await database.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company?.companyLogo).toMatch(new RegExp(`^/logos/u/${companyId}-[0-9a-z]+\\.png$`));
  });

  it('refuses SVG, GIF, a renamed text file, a broken image and anything over 2 MB', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set([137, 80, 78, 71, 13, 10, 26, 10]);
    const cases: [string, Uint8Array, string][] = [
      [
        'svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'SVG',
      ],
      ['gif', gif, 'PNG, JPEG or WebP'],
      ['text', Buffer.from('just some text pretending to be a logo.png'), 'PNG, JPEG or WebP'],
      [
        'broken png',
        Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 0]),
        'could not be read',
      ],
      ['over 2 MB', big, 'at most 2 MB'],
      ['empty', new Uint8Array(), 'choose an image'],
    ];
    for (const [name, bytes, message] of cases) {
      const result = await reencodeLogo(bytes);
      expect(result.ok, name).toBe(false);
      expect(!result.ok && result.message, name).toContain(message);
    }
    expect(await svc.companies.uploadLogo(stranger.id, companyId, gif)).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
  });

  it('lets only an owner change the logo, as the profile', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const logo = async () => [
      (await database.db.select().from(companies).where(eq(companies.id, companyId)))[0]
        ?.companyLogo,
      (
        await database.db
          .select()
          .from(companyLogoImages)
          .where(eq(companyLogoImages.companyId, companyId))
      )[0]?.png,
    ];
    const before = await logo();
    expect(await svc.companies.uploadLogo(invitee.id, companyId, png)).toEqual({
      ok: false,
      reason: 'forbidden',
      message: 'Only an owner of the company can change its logo',
    });
    expect(await logo()).toEqual(before);
  });

  it('refuses to invite a member or the owner herself, in any letter case', async () => {
    const count = sent.length;
    const cases: [string, string][] = [
      [invitee.email.toUpperCase(), `${invitee.email} is already a member of Delta`],
      [` ${owner.email.replace('owner', 'Owner')}`, 'That is you: you already belong to Delta'],
    ];
    for (const [email, why] of cases)
      expect(await svc.companies.invite(owner.id, companyId, { email }, (t) => t), email).toEqual({
        ok: false,
        reason: 'invalid',
        message: `Please correct: ${why}`,
        fieldErrors: { email: why },
      });
    expect(sent.length).toBe(count);
  });

  it('lets an owner make themselves a member while another owner stays, audited', async () => {
    const [ida, jon] = await Promise.all(
      ['ida', 'jon'].map((n) => insertAccount(database.db, `${n}@golf.example`)),
    );
    const made = await svc.companies.create(ida!, companyForm('Golf', 'https://golf.example'));
    if (!made.ok) throw new Error(made.message);
    const golf = made.value.companyId;
    await database.db
      .insert(companyMembers)
      .values({ companyId: golf, userId: jon!.id, role: 'owner' });
    expect(await svc.companies.makeMember(ida!.id, golf, ida!.id)).toEqual({
      ok: true,
      value: { name: 'ida', companyName: 'Golf' },
    });
    const members = await svc.companies.members(jon!.id, golf);
    expect(members.ok && members.value.map((m) => [m.email, m.role])).toEqual([
      [ida!.email, 'member'],
      [jon!.email, 'owner'],
    ]);
    // A member now: she can no longer change the team; Jon, the last owner, cannot step down.
    expect(await svc.companies.makeMember(ida!.id, golf, jon!.id)).toMatchObject({
      reason: 'forbidden',
    });
    expect(await svc.companies.makeMember(jon!.id, golf, jon!.id)).toMatchObject({
      ok: false,
      reason: 'conflict',
    });
    const audited = await queryRows<{ action: string; actor_email: string }>(
      database.db,
      sql`select action, actor_email from audit_log
          where target_type = 'company' and target_id = ${String(golf)} order by id`,
    );
    expect(audited).toEqual([{ action: 'company.member-make-member', actor_email: ida!.email }]);
  });

  it('opens the invitation mail with our words, quoting the inviter’s own name short, on one line and escaped', async () => {
    // Anyone can give their account any name: one that reads as a bank's words, with a link,
    // markup, a line break and a right-to-left override, and far longer than a name.
    const lure = `Your bank: click here https://evil.example\n\n<b>urgent</b>\u202e ${'x'.repeat(80)}`;
    await database.db.update(authUsers).set({ name: lure }).where(eq(authUsers.id, owner.id));
    try {
      expect(
        await svc.companies.invite(owner.id, companyId, { email: 'lured@else.example' }, (t) => t),
      ).toEqual({ ok: true, value: null });
    } finally {
      await database.db.update(authUsers).set({ name: 'owner' }).where(eq(authUsers.id, owner.id));
    }
    const mail = sent.at(-1)!;
    expect(mail.to).toBe('lured@else.example');
    const quoted = `Your bank: click here https://evil.example <b>urgent</b> xx…`;
    expect([...quoted]).toHaveLength(INVITER_NAME_IN_MAIL);
    const [first] = mail.text.split('\n');
    expect(first).toBe(
      `You are invited to join Delta on Openings, to post and manage its jobs. It was sent by owner@delta.example, an owner of Delta, whose account gives the name “${quoted}”.`,
    );
    expect(mail.text.startsWith('Your bank')).toBe(false);
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(
      '“Your bank: click here https://evil.example &lt;b&gt;urgent&lt;/b&gt; x',
    );
    expect(mail.subject).toBe('You are invited to post jobs for Delta on Openings');
    // A name that is only the address, or none, is not quoted.
    expect(inviterNameInMail(' owner@Delta.example ', 'owner@delta.example')).toBeNull();
    expect(inviterNameInMail('\u200b \n', 'owner@delta.example')).toBeNull();
    expect(inviterNameInMail('Ivy\u202e  Chen', 'ivy@delta.example')).toBe('Ivy Chen');
  });

  it('sends an open invitation again with a new link, and the earlier link stops working, as the new mail says', async () => {
    const email = 'twice@delta.example';
    const tokens: string[] = [];
    // The second one once an address may be invited again (INVITATION_RESEND_MS later), both
    // sent minutes ago.
    let at = Date.now() - 2 * INVITATION_RESEND_MS;
    const clocked = employerServices(
      database.db,
      { send: async (message) => void sent.push(message) },
      () => new Date(at),
    );
    for (const typed of [email, 'Twice@Delta.example']) {
      expect(
        await clocked.companies.invite(owner.id, companyId, { email: typed }, (t) => `/i/${t}`),
      ).toEqual({ ok: true, value: null });
      tokens.push(sent.at(-1)!.text.match(/\/i\/([A-Za-z0-9_-]+)/)![1]!);
      at += INVITATION_RESEND_MS;
    }
    // The second mail says that the first one's link no longer works.
    const [first, second] = sent.slice(-2).map((m) => m.text);
    expect(first).not.toContain('earlier link');
    expect(second).toContain(
      'This invitation replaces the one sent to you before: the earlier link no longer works.',
    );
    const open = await svc.companies.invitations(owner.id, companyId);
    expect(open.ok && open.value.filter((i) => i.email === email)).toHaveLength(1);
    const twice = await insertAccount(database.db, email);
    expect(await svc.companies.acceptInvitation(twice, tokens[0]!)).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    expect(await svc.companies.acceptInvitation(twice, tokens[1]!)).toEqual({
      ok: true,
      value: { companyId },
    });
  });

  describe('a profile changed', () => {
    const row = async (id: number) =>
      (await database.db.select().from(companies).where(eq(companies.id, id)))[0]!;

    it('refuses a name another company has, in any case or spacing, and keeps its own', async () => {
      const other = await insertAccount(database.db, 'boss@paysetu.example');
      await svc.companies.create(
        other,
        companyForm('Paysetu Technologies', 'https://paysetu.example'),
      );
      const taken = await svc.companies.update(
        owner.id,
        companyId,
        companyForm('  paysetu   TECHNOLOGIES ', 'https://delta.example'),
      );
      expect(taken).toMatchObject({ ok: false, reason: 'invalid' });
      expect(!taken.ok && taken.fieldErrors).toEqual({
        companyName:
          'Company name: another company is already called “Paysetu Technologies”; choose a name that tells yours apart',
      });
      expect((await row(companyId)).companyName).toBe('Delta');
      // Its own name, in another case, and a name no one has: saved.
      expect(
        await svc.companies.update(
          owner.id,
          companyId,
          companyForm('DELTA', 'https://delta.example'),
        ),
      ).toMatchObject({ ok: true });
      expect(
        await svc.companies.update(
          owner.id,
          companyId,
          companyForm('Delta', 'https://delta.example'),
        ),
      ).toMatchObject({ ok: true, value: { verified: true, verifiedBefore: true } });
    });

    it('decides verification again when the website moves, as a new company’s', async () => {
      expect((await row(companyId)).verified).toBe(true);
      // Another domain: no longer verified, so its next job waits for review.
      const moved = await svc.companies.update(
        owner.id,
        companyId,
        companyForm('Delta', 'https://paysetu-careers.example'),
      );
      expect(moved).toEqual({ ok: true, value: { verified: false, verifiedBefore: true } });
      const job = await svc.jobs.submit(owner.id, { companyId }, validForm(ref));
      expect(job).toMatchObject({ ok: true, value: { status: 'in_review' } });
      // Back on the owner's e-mail domain (a subpage of it): verified at once.
      const back = await svc.companies.update(
        owner.id,
        companyId,
        companyForm('Delta', 'https://www.delta.example/about'),
      );
      expect(back).toEqual({ ok: true, value: { verified: true, verifiedBefore: false } });
      expect((await row(companyId)).verified).toBe(true);

      // A company our team verified keeps that while its site stays on the same host.
      const other = await insertAccount(database.db, 'founder@mail.example');
      const made = await svc.companies.create(other, companyForm('Epsilon', 'https://eps.example'));
      if (!made.ok) throw new Error(made.message);
      await database.db
        .update(companies)
        .set({ verified: true })
        .where(eq(companies.id, made.value.companyId));
      expect(
        await svc.companies.update(
          other.id,
          made.value.companyId,
          companyForm('Epsilon', 'https://www.eps.example/jobs'),
        ),
      ).toEqual({ ok: true, value: { verified: true, verifiedBefore: true } });
      // An address not verified verifies nothing.
      const unverifiedMail = await insertAccount(database.db, 'x@zeta.example', false);
      const zeta = await svc.companies.create(
        unverifiedMail,
        companyForm('Zeta', 'https://other.example'),
      );
      if (!zeta.ok) throw new Error(zeta.message);
      expect(
        await svc.companies.update(
          unverifiedMail.id,
          zeta.value.companyId,
          companyForm('Zeta', 'https://zeta.example'),
        ),
      ).toEqual({ ok: true, value: { verified: false, verifiedBefore: false } });
    });
  });

  it('refuses hostile company input field by field and stores nothing', async () => {
    const before = (await svc.companies.mine(stranger.id)).length;
    const result = await svc.companies.create(stranger, {
      companyName: '<script>alert(1)</script>'.repeat(10),
      companyWebsite: 'javascript:alert(1)',
      companyLocation: 42,
      companyOverview: 'short',
      isOwner: true,
    });
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    expect(!result.ok && result.fieldErrors).toEqual({
      companyName: 'Company name must be at most 100 characters (it has 250)',
      companyWebsite: 'Website must be an http:// or https:// address',
      companyLocation: 'Location must be text',
      companyOverview: 'Overview needs at least 20 characters',
      form: expect.stringContaining('isOwner'),
    });
    expect((await svc.companies.mine(stranger.id)).length).toBe(before);
    // Boxes left empty are required, not "needs at least N characters".
    const empty = await svc.companies.create(stranger, {
      companyName: ' ',
      companyWebsite: 'https://example.com',
      companyLocation: 'Pune',
      companyOverview: '',
    });
    expect(!empty.ok && empty.fieldErrors).toEqual({
      companyName: 'Company name is required',
      companyOverview: 'Overview is required',
    });
  });
});
