// Companies as their members see them: create (verified when the website's domain is the
// account's verified e-mail domain), profile and logo, join requests, invitations by e-mail
// (signed, single-use, expiring links), removal of members and making a member an owner.
// Authorization by the session's account id, in every call.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  companyFormSchema,
  fieldErrors,
  invalidForm,
  inviteFormSchema,
} from '../../../shared/contract/employer-jobs.ts';
import type {
  CompaniesService,
  CompanySummary,
  Failure,
  Result,
} from '../../../shared/employer-services.ts';
import { APP_NAME } from '../../../shared/constants.ts';
import { normalizeSearch } from '../../../shared/text.ts';
import {
  FORMAT_CHARACTERS_SQL_CLASS,
  withoutFormatCharacters,
} from '../../../shared/visible-text.ts';
import { type Db, queryRows } from '../../db/client.ts';
import {
  companies,
  companyInvitations,
  companyJoinRequests,
  companyLogoImages,
  companyMembers,
  authUsers as user,
} from '../../db/schema.ts';
import { type Attempts, createAttempts } from '../accounts/attempts.ts';
import { escapeLike } from '../filters/filters.service.ts';
import { audit } from '../moderation/audit.ts';
import { renderMail } from '../../mail/layout.ts';
import { reencodeLogo } from './logo-image.ts';
import { membershipOf, membershipsOf } from './membership.ts';

/** What the companies service needs of the mailer (src/server/mail). */
export interface MailSender {
  send(message: { to: string; subject: string; text: string; html: string }): Promise<unknown>;
}

export const INVITATION_TTL_MS = 7 * 86_400_000;

/**
 * Invitations one account may send in an hour, over all its companies. Each mails an address the
 * inviter types, quoting the inviter's own name: without a limit any new account could have
 * the site mail anyone, without end (as sign-up and password-reset mails are limited, 5 an hour
 * per address: accounts/attempts.ts, whose table and windows these limits share).
 */
export const INVITATIONS_PER_HOUR = 20;
/** One company invites one address at most once in this time (sending again replaces the link). */
export const INVITATION_RESEND_MS = 5 * 60_000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** First key of the advisory locks on company names (the second: the folded name's hash). */
const COMPANY_NAME_LOCK = 7_140_301;

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const notFound = (what = 'Company'): Failure => ({
  ok: false,
  reason: 'not-found',
  message: `${what} not found`,
});
const ownersOnly: Failure = {
  ok: false,
  reason: 'forbidden',
  message: 'Only an owner of the company can do this',
};

const invitationGone: Failure = {
  ok: false,
  reason: 'not-found',
  message: 'This invitation is unknown, used or expired: ask the company’s owner for a new one',
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The host without a leading www., lower case; null when not a URL. */
function siteHost(website: string): string | null {
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** A verified e-mail on the website's domain (or a subdomain of it) makes a company verified. */
export function domainMatches(website: string, email: string, emailVerified: boolean): boolean {
  if (!emailVerified) return false;
  const host = siteHost(website);
  const domain = email.split('@')[1]?.toLowerCase();
  if (!host || !domain) return false;
  return domain === host || domain.endsWith(`.${host}`);
}

/** The most of an inviter's own name an invitation mail quotes (the rest is cut, with "…"). */
export const INVITER_NAME_IN_MAIL = 60;

/**
 * The name an inviter gave their account, as an invitation mail quotes it: on one line (control
 * characters and runs of spaces made one space, invisible format characters such as a
 * right-to-left override dropped), at most INVITER_NAME_IN_MAIL characters; null
 * when there is none or it is just their address.
 */
export function inviterNameInMail(name: string | null | undefined, email: string): string | null {
  const line = (name ?? '')
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim();
  if (!line || line.toLowerCase() === email.toLowerCase()) return null;
  const chars = [...line];
  return chars.length > INVITER_NAME_IN_MAIL
    ? `${chars
        .slice(0, INVITER_NAME_IN_MAIL - 1)
        .join('')
        .trimEnd()}…`
    : line;
}

/**
 * Who sent an invitation, as its mail says it after its own first sentence: the inviter's
 * address, and the name they gave their account only quoted, as a name (anyone can type anything
 * there, "Your bank: click here" too, so it never opens the mail nor reads as our words).
 */
function inviterOf(company: string, row: { name: string | null; email: string } | undefined) {
  if (!row) return `An owner of ${company} sent it.`;
  const name = inviterNameInMail(row.name, row.email);
  return name
    ? `It was sent by ${row.email}, an owner of ${company}, whose account gives the name “${name}”.`
    : `It was sent by ${row.email}, an owner of ${company}.`;
}

/**
 * The invitation to `company` from `inviter` (inviterOf's sentence). It opens with our own words
 * and the company's name; `again`: it replaced an open invitation of the same address, whose link
 * stopped working (the owner's page says so too).
 */
function invitationMail(
  to: string,
  company: string,
  inviter: string,
  link: string,
  again: boolean,
) {
  const content = renderMail({
    appName: APP_NAME,
    intro: [
      `You are invited to join ${company} on ${APP_NAME}, to post and manage its jobs. ${inviter}`,
      ...(again
        ? ['This invitation replaces the one sent to you before: the earlier link no longer works.']
        : []),
    ],
    action: { label: 'Accept the invitation', url: link },
    outro: [
      `The link works once, for ${INVITATION_TTL_MS / 86_400_000} days. Sign in with this address to accept, or create an account with it if you have none.`,
      'If you did not expect this, ignore this message: nothing changes unless you accept.',
    ],
  });
  return { to, subject: `You are invited to post jobs for ${company} on ${APP_NAME}`, ...content };
}

/** The mail to a member an owner removed: they no longer reach the company's jobs. */
function removedMail(to: string, company: string) {
  const content = renderMail({
    appName: APP_NAME,
    intro: [
      `You are no longer a member of ${company} on ${APP_NAME}: an owner of the company removed you from its team, so you can no longer post or manage its jobs.`,
    ],
    outro: [
      'Your account stays as it was, with any other company you belong to. If you think this is a mistake, ask one of the company’s owners to invite you again.',
    ],
  });
  return { to, subject: `You no longer have access to ${company} on ${APP_NAME}`, ...content };
}

/** The audit log's actions for changes to a company's team (moderation/audit.ts). */
export const TEAM_AUDIT = {
  remove: 'company.member-remove',
  leave: 'company.member-leave',
  makeOwner: 'company.member-make-owner',
  makeMember: 'company.member-make-member',
} as const;

function invalid(error: Parameters<typeof fieldErrors>[0]): Failure {
  return invalidForm(fieldErrors(error));
}

/** "1 minute", "4 minutes": a wait, rounded up to whole minutes. */
const inMinutes = (seconds: number) => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} ${n === 1 ? 'minute' : 'minutes'}`;
};

export function createCompaniesService(
  db: Db,
  options: {
    mailer?: MailSender;
    now?: () => Date;
    /** The invitation limits' counters; by default over `db`, on the service's clock. */
    attempts?: Pick<Attempts, 'takeKey'>;
  } = {},
): CompaniesService {
  const now = options.now ?? (() => new Date());
  const attempts = options.attempts ?? createAttempts(db, { now: () => now().getTime() });

  /**
   * The refusal of an invitation over a limit, said at the address box with when to try again,
   * or null (the invitation is counted). The same address again within INVITATION_RESEND_MS is
   * refused first, so pressing Send twice does not use up the hour's invitations.
   */
  async function invitationLimit(
    accountId: string,
    companyId: number,
    email: string,
  ): Promise<Failure | null> {
    const refusal = (message: string): Failure => ({
      ok: false,
      reason: 'conflict',
      message,
      fieldErrors: { email: message },
    });
    const again = await attempts.takeKey(`invite:address:${companyId}:${email}`, {
      max: 1,
      windowMs: INVITATION_RESEND_MS,
    });
    if (!again.allowed)
      return refusal(
        `${email} was invited a moment ago: one invitation per address every ${INVITATION_RESEND_MS / 60_000} minutes. Send it again in ${inMinutes(again.retryAfterSeconds)} if it has not arrived.`,
      );
    const sent = await attempts.takeKey(`invite:account:${accountId}`, {
      max: INVITATIONS_PER_HOUR,
      windowMs: 60 * 60_000,
    });
    if (!sent.allowed)
      return refusal(
        `You can send at most ${INVITATIONS_PER_HOUR} invitations an hour: try again in ${inMinutes(sent.retryAfterSeconds)}.`,
      );
    return null;
  }

  async function owner(accountId: string, companyId: number) {
    const member = await membershipOf(db, accountId, companyId);
    if (!member) return { failure: notFound() };
    if (member.role !== 'owner') return { failure: ownersOnly };
    return { member };
  }

  /** Why `email` needs no invitation (it is the owner's own, or a member's), or null. */
  async function alreadyIn(accountId: string, companyId: number, email: string, name: string) {
    const [existing] = await db
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, companyId), sql`lower(${user.email}) = ${email}`));
    if (!existing) return null;
    if (existing.userId === accountId) return `That is you: you already belong to ${name}`;
    return `${email} is already a member of ${name}`;
  }

  /** The invitation of a mailed link's token while it can be accepted: unused and not expired. */
  async function openInvitation(token: unknown) {
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const [invitation] = await db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.tokenHash, hashToken(token)));
    if (!invitation || invitation.acceptedAt !== null || invitation.expiresAt <= now()) return null;
    return invitation;
  }

  /**
   * An address keeps one open invitation: inviting it again ends the earlier links and mails a new
   * one for seven more days, so the newest mail is the one that works. Answers whether an earlier
   * link was ended (the new mail says so).
   */
  async function storeInvitation(
    accountId: string,
    companyId: number,
    email: string,
    tokenHash: string,
  ): Promise<boolean> {
    const at = now();
    return db.transaction(async (tx) => {
      const ended = await tx
        .update(companyInvitations)
        .set({ expiresAt: at })
        .where(
          and(
            eq(companyInvitations.companyId, companyId),
            eq(companyInvitations.email, email),
            isNull(companyInvitations.acceptedAt),
            gt(companyInvitations.expiresAt, at),
          ),
        )
        .returning({ id: companyInvitations.id });
      await tx.insert(companyInvitations).values({
        companyId,
        email,
        tokenHash,
        invitedBy: accountId,
        expiresAt: new Date(at.getTime() + INVITATION_TTL_MS),
      });
      return ended.length > 0;
    });
  }

  /**
   * The refusal of a name another company, not merged away, already has (as normalizeSearch folds
   * it: case, spacing, accents; and without format characters, so that "Paysetu Technologies"
   * with a zero-width space or joiner anywhere in it is Paysetu Technologies), or null.
   * `companyId` is the company being renamed (0 for a new one). The message quotes the other
   * company's name as it is shown, not as typed: "another company is already called ‘acme  labs’"
   * would name no company a seeker ever sees. Run in the transaction that then writes the name:
   * it holds a lock on the name until that commits.
   */
  async function nameRefusal(tx: Tx, name: string, companyId: number) {
    // Two makers of one name at the same moment: the second waits here until the first commits,
    // then finds its company (each statement of a transaction reads what is committed by then).
    const key = normalizeSearch(withoutFormatCharacters(name));
    await tx.execute(sql`select pg_advisory_xact_lock(${COMPANY_NAME_LOCK}, hashtext(${key}))`);
    // Names are stored without format characters since they were refused (companyNameText keeps
    // only the joiners that shape letters); one stored before may have any, so the stored fold is
    // compared without them too. Creating or renaming a company is rare: a scan of the names.
    const [other] = await tx
      .select({ name: companies.companyName })
      .from(companies)
      .where(
        and(
          sql`regexp_replace(${companies.nameSearch}, ${FORMAT_CHARACTERS_SQL_CLASS}, '', 'g') = ${key}`,
          sql`${companies.id} <> ${companyId}`,
          isNull(companies.mergedIntoId),
        ),
      )
      .limit(1);
    if (!other) return null;
    // Someone creating a company that is on the board already most likely works there.
    const join = companyId === 0 ? 'if you work there, ask to join it; if not, ' : '';
    return invalidForm({
      companyName: `Company name: another company is already called “${other.name}”; ${join}choose a name that tells yours apart`,
    });
  }

  /**
   * A company's verification once its website is `website`, decided as create() does: verified
   * when the site is on the acting owner's verified e-mail domain. Otherwise it keeps what it had
   * only while its site stays on the same host (a new path keeps an operator's check); on another
   * domain it is unverified until our team checks it, so its new jobs and changed live ones wait
   * for review again.
   */
  async function verifiedAfter(
    accountId: string,
    before: { website: string | null; verified: boolean },
    website: string,
  ) {
    const [me] = await db
      .select({ email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, accountId));
    if (me && domainMatches(website, me.email, me.emailVerified)) return true;
    const sameHost = before.website !== null && siteHost(before.website) === siteHost(website);
    return sameHost && before.verified;
  }

  const validUserId = (userId: unknown): userId is string =>
    typeof userId === 'string' && userId.length > 0 && userId.length <= 200;

  /**
   * A change to the company's team, in a transaction that first locks the company's row: two
   * owners removing or stepping down each other at once take turns, so the company always keeps
   * an owner.
   */
  function teamChange<T>(companyId: number, change: (tx: Tx) => Promise<Result<T>>) {
    return db.transaction(async (tx: Tx) => {
      await tx.execute(sql`select id from companies where id = ${companyId} for update`);
      return change(tx);
    });
  }

  async function memberRow(tx: Tx, companyId: number, userId: string) {
    const [row] = await tx
      .select({ role: companyMembers.role, name: user.name, email: user.email })
      .from(companyMembers)
      .innerJoin(user, eq(user.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    return row ?? null;
  }

  async function owners(tx: Tx, companyId: number) {
    const [row] = await queryRows<{ n: number }>(
      tx as unknown as Db,
      sql`select count(*)::int as n from company_members where company_id = ${companyId} and role = 'owner'`,
    );
    return row?.n ?? 0;
  }

  /** Makes a member an owner or an owner a member, in the audit log as who did it. */
  async function setRole(
    tx: Tx,
    actor: { id: string; email: string },
    companyId: number,
    target: { userId: string; email: string; role: string },
    role: 'owner' | 'member',
  ) {
    await tx
      .update(companyMembers)
      .set({ role })
      .where(
        and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, target.userId)),
      );
    const action = role === 'owner' ? TEAM_AUDIT.makeOwner : TEAM_AUDIT.makeMember;
    const before = { userId: target.userId, email: target.email, role: target.role };
    await audit(
      tx,
      actor,
      { action, targetType: 'company', targetId: companyId, before, after: { role } },
      now(),
    );
  }

  /** Who changed the team, as the audit log names them. */
  async function actorOf(accountId: string) {
    const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, accountId));
    return { id: accountId, email: row?.email ?? accountId };
  }

  async function mine(accountId: string): Promise<CompanySummary[]> {
    const rows = await membershipsOf(db, accountId);
    return rows.map((m) => ({
      id: m.companyId,
      companyName: m.companyName,
      role: m.role,
      verified: m.verified,
      suspended: m.suspended,
    }));
  }

  return {
    mine,

    async create(account, input) {
      const parsed = companyFormSchema.safeParse(input);
      if (!parsed.success) return invalid(parsed.error);
      const v = parsed.data;
      const verified = domainMatches(v.companyWebsite, account.email, account.emailVerified);
      const made = await db.transaction(async (tx: Tx) => {
        // Two companies of one name could not be told apart on the board (as update() refuses).
        const taken = await nameRefusal(tx, v.companyName, 0);
        if (taken) return taken;
        const [row] = await tx
          .insert(companies)
          .values({
            companyName: v.companyName,
            nameSearch: normalizeSearch(v.companyName),
            // The app's monogram until a logo is uploaded; its id is known only after the insert.
            companyLogo: '/logos/0.svg',
            companyWebsite: v.companyWebsite,
            companyLocation: v.companyLocation,
            companyOverview: v.companyOverview,
            verified,
            createdBy: account.id,
          })
          .returning({ id: companies.id });
        const id = row!.id;
        await tx
          .update(companies)
          .set({ companyLogo: `/logos/${id}.svg` })
          .where(eq(companies.id, id));
        await tx
          .insert(companyMembers)
          .values({ companyId: id, userId: account.id, role: 'owner' });
        return ok({ companyId: id, verified });
      });
      return made;
    },

    async profile(accountId, companyId) {
      const member = await membershipOf(db, accountId, companyId);
      if (!member) return notFound();
      const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
      if (!row) return notFound();
      return ok({
        id: row.id,
        companyName: row.companyName,
        companyWebsite: row.companyWebsite,
        companyLocation: row.companyLocation,
        companyOverview: row.companyOverview,
        companyLogo: row.companyLogo,
        verified: row.verified,
        suspended: row.suspended,
      });
    },

    async update(accountId, companyId, input) {
      const { failure } = await owner(accountId, companyId);
      if (failure) return failure;
      const parsed = companyFormSchema.safeParse(input);
      if (!parsed.success) return invalid(parsed.error);
      const v = parsed.data;
      const nameSearch = normalizeSearch(v.companyName);
      const [before] = await db
        .select({
          nameSearch: companies.nameSearch,
          website: companies.companyWebsite,
          verified: companies.verified,
        })
        .from(companies)
        .where(eq(companies.id, companyId));
      if (!before) return notFound();
      const verified = await verifiedAfter(accountId, before, v.companyWebsite);
      return db.transaction(async (tx: Tx) => {
        // A new name may not be another company's (its jobs would show under that company's
        // name); a name kept as it was saves as before, even where two companies shared it already.
        if (nameSearch !== before.nameSearch) {
          const taken = await nameRefusal(tx, v.companyName, companyId);
          if (taken) return taken;
        }
        await tx
          .update(companies)
          .set({
            companyName: v.companyName,
            nameSearch,
            companyWebsite: v.companyWebsite,
            companyLocation: v.companyLocation,
            companyOverview: v.companyOverview,
            verified,
          })
          .where(eq(companies.id, companyId));
        return ok({ verified, verifiedBefore: before.verified });
      });
    },

    async uploadLogo(accountId, companyId, file) {
      // The logo is part of the public profile, so it follows the profile's owners-only rule.
      const { failure } = await owner(accountId, companyId);
      if (failure)
        return failure === ownersOnly
          ? { ...ownersOnly, message: 'Only an owner of the company can change its logo' }
          : failure;
      const result = await reencodeLogo(file);
      if (!result.ok)
        return {
          ok: false,
          reason: 'invalid',
          message: result.message,
          fieldErrors: { logo: result.message },
        };
      const version = now().getTime().toString(36);
      await db.transaction(async (tx) => {
        await tx
          .insert(companyLogoImages)
          .values({ companyId, png: result.png, updatedAt: now() })
          .onConflictDoUpdate({
            target: companyLogoImages.companyId,
            set: { png: result.png, updatedAt: now() },
          });
        await tx
          .update(companies)
          .set({ companyLogo: `/logos/u/${companyId}-${version}.png` })
          .where(eq(companies.id, companyId));
      });
      return ok(null);
    },

    async search(name) {
      const typed = normalizeSearch(name).slice(0, 100);
      if (!typed) return [];
      return queryRows<{ id: string; label: string }>(
        db,
        sql`select id::text as id, company_name as label from companies
            where name_search like ${`%${escapeLike(typed)}%`} escape '\\' and not suspended
            order by length(company_name), company_name limit 10`,
      );
    },

    async requestJoin(accountId, companyId) {
      if (!Number.isSafeInteger(companyId) || companyId < 1 || companyId > 2_147_483_647)
        return notFound();
      const [company] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, companyId), eq(companies.suspended, false)));
      if (!company) return notFound();
      if (await membershipOf(db, accountId, companyId))
        return { ok: false, reason: 'conflict', message: 'You already belong to this company' };
      await db
        .insert(companyJoinRequests)
        .values({ companyId, userId: accountId })
        .onConflictDoUpdate({
          target: [companyJoinRequests.companyId, companyJoinRequests.userId],
          set: { status: 'pending', createdAt: now() },
        });
      return ok(null);
    },

    async joinRequests(accountId, companyId) {
      const { failure } = await owner(accountId, companyId);
      if (failure) return failure;
      const rows = await db
        .select({
          id: companyJoinRequests.id,
          userId: companyJoinRequests.userId,
          name: user.name,
          email: user.email,
        })
        .from(companyJoinRequests)
        .innerJoin(user, eq(user.id, companyJoinRequests.userId))
        .where(
          and(
            eq(companyJoinRequests.companyId, companyId),
            eq(companyJoinRequests.status, 'pending'),
          ),
        );
      return ok(rows);
    },

    async decideJoin(accountId, companyId, requestId, accept) {
      const { failure } = await owner(accountId, companyId);
      if (failure) return failure;
      if (!Number.isSafeInteger(requestId) || requestId < 1 || requestId > 2_147_483_647)
        return notFound('Request');
      const [request] = await db
        .select()
        .from(companyJoinRequests)
        .where(
          and(
            eq(companyJoinRequests.id, requestId),
            eq(companyJoinRequests.companyId, companyId),
            eq(companyJoinRequests.status, 'pending'),
          ),
        );
      if (!request) return notFound('Request');
      await db.transaction(async (tx) => {
        await tx
          .update(companyJoinRequests)
          .set({ status: accept ? 'accepted' : 'declined' })
          .where(eq(companyJoinRequests.id, requestId));
        if (accept)
          await tx
            .insert(companyMembers)
            .values({ companyId, userId: request.userId, role: 'member' })
            .onConflictDoNothing();
      });
      return ok(null);
    },

    async members(accountId, companyId) {
      const member = await membershipOf(db, accountId, companyId);
      if (!member) return notFound();
      const rows = await db
        .select({
          userId: companyMembers.userId,
          name: user.name,
          email: user.email,
          role: companyMembers.role,
        })
        .from(companyMembers)
        .innerJoin(user, eq(user.id, companyMembers.userId))
        .where(eq(companyMembers.companyId, companyId))
        .orderBy(companyMembers.createdAt);
      return ok(rows.map((r) => ({ ...r, role: r.role === 'owner' ? 'owner' : 'member' })));
    },

    async invitations(accountId, companyId) {
      const { failure } = await owner(accountId, companyId);
      if (failure) return failure;
      const rows = await db
        .select({
          id: companyInvitations.id,
          email: companyInvitations.email,
          expiresAt: companyInvitations.expiresAt,
        })
        .from(companyInvitations)
        .where(
          and(
            eq(companyInvitations.companyId, companyId),
            isNull(companyInvitations.acceptedAt),
            gt(companyInvitations.expiresAt, now()),
          ),
        );
      return ok(rows.map((r) => ({ ...r, expiresAt: r.expiresAt.toISOString() })));
    },

    async invite(accountId, companyId, input, acceptUrl) {
      const { member, failure } = await owner(accountId, companyId);
      if (failure) return failure;
      const parsed = inviteFormSchema.safeParse(input);
      if (!parsed.success) return invalid(parsed.error);
      const { email } = parsed.data;
      const name = member.companyName;
      const refused = await alreadyIn(accountId, companyId, email, name);
      if (refused) return invalidForm({ email: refused });
      const limited = await invitationLimit(accountId, companyId, email);
      if (limited) return limited;
      const token = randomBytes(32).toString('base64url');
      const again = await storeInvitation(accountId, companyId, email, hashToken(token));
      const [inviter] = await db
        .select({ name: user.name, email: user.email })
        .from(user)
        .where(eq(user.id, accountId));
      // The link is made whether or not a mailer is set (a caller may keep it, as tests do).
      const link = acceptUrl(token);
      await options.mailer?.send(
        invitationMail(email, name, inviterOf(name, inviter), link, again),
      );
      return ok(null);
    },

    async invitation(token) {
      const invitation = await openInvitation(token);
      if (!invitation) return invitationGone;
      const [company] = await db
        .select({ name: companies.companyName })
        .from(companies)
        .where(eq(companies.id, invitation.companyId));
      if (!company) return invitationGone;
      return ok({ companyName: company.name, email: invitation.email });
    },

    async acceptInvitation(account, token) {
      const invitation = await openInvitation(token);
      if (!invitation) return invitationGone;
      if (!account.emailVerified || account.email.toLowerCase() !== invitation.email)
        return {
          ok: false,
          reason: 'forbidden',
          message: `This invitation is for ${invitation.email}: sign in with that (verified) address`,
        };
      const accepted = await db.transaction(async (tx) => {
        // Single use: only the first accept marks it.
        const marked = await tx
          .update(companyInvitations)
          .set({ acceptedAt: now() })
          .where(
            and(eq(companyInvitations.id, invitation.id), isNull(companyInvitations.acceptedAt)),
          )
          .returning({ id: companyInvitations.id });
        if (marked.length === 0) return false;
        await tx
          .insert(companyMembers)
          .values({ companyId: invitation.companyId, userId: account.id, role: 'member' })
          .onConflictDoNothing();
        return true;
      });
      if (!accepted) return invitationGone;
      return ok({ companyId: invitation.companyId });
    },

    async removeMember(accountId, companyId, userId) {
      const { member, failure } = await owner(accountId, companyId);
      if (failure) return failure;
      if (!validUserId(userId)) return notFound('Member');
      if (userId === accountId)
        return { ok: false, reason: 'conflict', message: 'To leave the company, use Leave' };
      const actor = await actorOf(accountId);
      const done = await teamChange(companyId, async (tx) => {
        const target = await memberRow(tx, companyId, userId);
        if (!target) return notFound('Member');
        if (target.role === 'owner' && (await owners(tx, companyId)) <= 1)
          return { ok: false, reason: 'conflict', message: 'A company keeps at least one owner' };
        await tx
          .delete(companyMembers)
          .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
        await audit(
          tx,
          actor,
          {
            action: TEAM_AUDIT.remove,
            targetType: 'company',
            targetId: companyId,
            before: { userId, email: target.email, role: target.role },
          },
          now(),
        );
        return ok({ name: target.name, email: target.email });
      });
      if (!done.ok) return done;
      // Told after the change is kept: a mail that fails leaves them removed, not half so.
      await options.mailer?.send(removedMail(done.value.email, member.companyName));
      return ok({ name: done.value.name, companyName: member.companyName });
    },

    async leave(accountId, companyId) {
      const member = await membershipOf(db, accountId, companyId);
      if (!member) return notFound();
      const actor = await actorOf(accountId);
      return teamChange(companyId, async (tx) => {
        const me = await memberRow(tx, companyId, accountId);
        if (!me) return notFound();
        if (me.role === 'owner' && (await owners(tx, companyId)) <= 1)
          return {
            ok: false,
            reason: 'conflict',
            message: `You are the last owner of ${member.companyName}: make another member an owner first (Make owner, beside their name), then leave.`,
          };
        await tx
          .delete(companyMembers)
          .where(
            and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, accountId)),
          );
        await audit(
          tx,
          actor,
          {
            action: TEAM_AUDIT.leave,
            targetType: 'company',
            targetId: companyId,
            before: { userId: accountId, email: me.email, role: me.role },
          },
          now(),
        );
        return ok({ companyName: member.companyName });
      });
    },

    async formerCompany(accountId, companyId) {
      if (!Number.isSafeInteger(companyId) || companyId < 1 || companyId > 2_147_483_647)
        return null;
      if (await membershipOf(db, accountId, companyId)) return null;
      // Only a company the account was removed from or left (the audit log says so) is named.
      const [row] = await queryRows<{ company_name: string }>(
        db,
        sql`select c.company_name from companies c
            where c.id = ${companyId} and exists (
              select 1 from audit_log a
              where a.target_type = 'company' and a.target_id = ${String(companyId)}
                and a.action in (${TEAM_AUDIT.remove}, ${TEAM_AUDIT.leave})
                and a.before ->> 'userId' = ${accountId})`,
      );
      return row?.company_name ?? null;
    },

    async makeOwner(accountId, companyId, userId) {
      const { member, failure } = await owner(accountId, companyId);
      if (failure) return failure;
      if (!validUserId(userId)) return notFound('Member');
      // An owner already is answered as done: another owner's page, shown before, may offer it.
      const actor = await actorOf(accountId);
      return teamChange(companyId, async (tx) => {
        const target = await memberRow(tx, companyId, userId);
        if (!target) return notFound('Member');
        if (target.role !== 'owner') {
          await setRole(tx, actor, companyId, { userId, ...target }, 'owner');
        }
        return ok({ name: target.name, companyName: member.companyName });
      });
    },

    async makeMember(accountId, companyId, userId) {
      const { member, failure } = await owner(accountId, companyId);
      if (failure) return failure;
      if (!validUserId(userId)) return notFound('Member');
      // A member already is answered as done, as makeOwner does. Another owner stepped down
      // leaves the acting owner one; an owner stepping themselves down needs another owner (the
      // company's row is locked while its team changes, so two doing so at once leave one).
      const actor = await actorOf(accountId);
      return teamChange(companyId, async (tx) => {
        const target = await memberRow(tx, companyId, userId);
        if (!target) return notFound('Member');
        if ((await memberRow(tx, companyId, accountId))?.role !== 'owner') return ownersOnly;
        if (userId === accountId && (await owners(tx, companyId)) <= 1)
          return {
            ok: false,
            reason: 'conflict',
            message: `You are the last owner of ${member.companyName}: make another member an owner first (Make owner, beside their name), then make yourself a member.`,
          };
        if (target.role === 'owner') {
          await setRole(tx, actor, companyId, { userId, ...target }, 'member');
        }
        return ok({ name: target.name, companyName: member.companyName });
      });
    },
  };
}
