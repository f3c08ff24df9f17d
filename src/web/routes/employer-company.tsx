// /employer/company: the company's profile and logo, its members, invitations and requests to join.
import { useEffect, useRef, useState } from 'react';
import { data, Form, redirect, useLocation } from 'react-router';
import type { Route } from './+types/employer-company';
import { LOGO_MAX_BYTES } from '../../shared/contract/employer-jobs.ts';
import { Button } from '../components/button.tsx';
import { CompanyLogo } from '../components/company-logo.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { CompanyForm } from '../features/employer/company-form.tsx';
import {
  companyContext,
  currentCompany,
  employerContext,
  fieldErrorsOf,
  idFrom,
  PRIVATE_HEADERS,
  privateHeaders,
  throwUnlessShown,
} from '../features/employer/employer.server.ts';
import { readLimitedForm } from '../features/employer/upload.server.ts';
import { ErrorSummary, ErrorText, Field, inputClass, ItemButton } from '../components/fields.tsx';
import { InlineQuestion } from '../features/employer/inline-question.tsx';
import { ToolSection } from '../features/employer/owner-tool-page.tsx';
import { formText } from '../lib/form-text.ts';
import { paths } from '../lib/paths.ts';

/** The words on an invitation just sent or revoked, read from the address the action's redirect
 * left (`?done=invited&item=12`): the address names only what and which invitation; the words
 * are these, with the invitation's own address, so an address cannot put words on the page. */
const INVITATION_DONE: Record<string, (email: string) => string> = {
  invited: (email) => `Invitation sent to ${email}.`,
  'invited-again': (email) =>
    `Invitation sent again to ${email}: the earlier link no longer works.`,
  revoked: (email) => `Invitation to ${email} revoked: its link no longer works.`,
};

/** The word after a company is created: what its verification means for its jobs. */
const createdMessage = (verified: boolean) =>
  verified
    ? 'Company created and verified (your website is on your e-mail address’s domain): your jobs go live as you post them.'
    : 'Company created. It is not verified yet, so each job you post waits for our team’s review before it goes live.';

/**
 * A sent or revoked invitation's answer: a redirect to the page (for the same company) saying
 * what was done, so that a reload without JavaScript shows the page again rather than posting
 * again (which mailed a second link and voided the first).
 */
function invitationDone(request: Request, done: string, item: number) {
  const kept = new URLSearchParams();
  const company = new URL(request.url).searchParams.get('company');
  if (company) kept.set('company', company.slice(0, 20));
  kept.set('done', done);
  kept.set('item', String(item));
  return redirect(`${paths.employerCompany}?${kept}`, { headers: PRIVATE_HEADERS });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account, employer, company } = await companyContext(request, context);
  const url = new URL(request.url);
  const done = url.searchParams.get('done') ?? '';
  const item = url.searchParams.get('item') ?? '';
  const said = Object.hasOwn(INVITATION_DONE, done) ? INVITATION_DONE[done]! : null;
  const address =
    said && /^\d{1,9}$/.test(item)
      ? await employer.invitations.address(account.id, company.id, Number(item))
      : null;
  const profile = await employer.companies.profile(account.id, company.id);
  if (!profile.ok) throwUnlessShown(profile);
  const members = await employer.companies.members(account.id, company.id);
  if (!members.ok) throwUnlessShown(members);
  const owner = company.role === 'owner';
  const invitations = owner ? await employer.companies.invitations(account.id, company.id) : null;
  const requests = owner ? await employer.companies.joinRequests(account.id, company.id) : null;
  return data(
    {
      me: account.id,
      owner,
      profile: profile.value,
      // A logo the company uploaded (companies.service.ts uploadLogo's address), which Remove
      // logo takes off; until then, and after, it shows the app's monogram.
      uploadedLogo: profile.value.companyLogo.startsWith('/logos/u/'),
      members: members.value,
      invitations: invitations?.ok ? invitations.value : [],
      requests: requests?.ok ? requests.value : [],
      doneMessage:
        said && address?.ok
          ? said(address.value.email)
          : done === 'created'
            ? createdMessage(profile.value.verified)
            : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** What the page shows after a post: the errors belong to the form that was sent (`intent`), and
 * a refused profile or invitation comes back with what was typed. */
type ActionData = {
  errors: Record<string, string>;
  message?: string;
  intent?: string;
  values?: Record<string, string>;
  /** A team change pressed once, which asks first: what it is and whose (the account's own for leave). */
  asking?: { intent: TeamChange; userId: string };
  /** Remove logo pressed once, which asks first. */
  askingLogo?: boolean;
};

/** The team changes that ask first: the question's own button posts them with confirm=yes. */
type TeamChange = 'remove' | 'make-member' | 'leave';
const TEAM_CHANGES = new Set<string>(['remove', 'make-member', 'leave']);

/** What saving the profile did, its verification included when the new website changed it. */
function savedMessage({
  verified,
  verifiedBefore,
}: {
  verified: boolean;
  verifiedBefore: boolean;
}) {
  if (verified && !verifiedBefore)
    return 'Company profile saved. Your company is now verified: its website is on your verified e-mail’s domain, so its new jobs and changes go live at once.';
  if (!verified && verifiedBefore)
    return 'Company profile saved. Your company is no longer verified: its new website is not on your verified e-mail’s domain. Until our team has checked it, new jobs and changes to the words or apply link of live jobs wait for review.';
  return 'Company profile saved.';
}

export async function action({ request, context }: Route.ActionArgs) {
  const { account, employer } = employerContext(request, context);
  const form = await readLimitedForm(request, LOGO_MAX_BYTES + 64 * 1024);
  if (!form.ok) {
    await companyContext(request, context);
    return data<ActionData>(
      { errors: { logo: form.message }, intent: 'logo' },
      { status: 413, headers: PRIVATE_HEADERS },
    );
  }
  const fields = form.value;
  const text = formText(fields);
  const intent = text('intent');
  // The company the page was showing (its forms name it): one the account no longer belongs to
  // (removed by an owner while the page was open, or left in another tab) is said so, by name,
  // with what was typed kept; the action is never taken for another company of the account's.
  const posted = text('company');
  const { companies, company: first } = await currentCompany(employer, account.id, request);
  const company = posted ? (companies.find((c) => String(c.id) === posted) ?? null) : first;
  if (!company) {
    if (!posted) throw redirect(paths.employer, { headers: PRIVATE_HEADERS });
    const name = /^\d{1,9}$/.test(posted)
      ? await employer.companies.formerCompany(account.id, Number(posted))
      : null;
    return data<ActionData>(
      {
        errors: {},
        message: `You are no longer a member of ${name ?? 'this company'}: an owner removed you, or you left it, so this was not done.`,
        intent,
        values: { email: text('email') },
      },
      { status: 403, headers: PRIVATE_HEADERS },
    );
  }
  // Remove, Make member and Leave ask first (in place, as closing a job does): only the
  // question's own button, which sends confirm=yes, changes the team.
  // A plain member's Remove or Make member (a forged post) is refused by the service, not asked.
  const asks = intent === 'leave' || (TEAM_CHANGES.has(intent) && company.role === 'owner');
  if (asks && text('confirm') !== 'yes') {
    const userId = intent === 'leave' ? account.id : text('userId');
    if (intent === 'leave' && company.role === 'owner') {
      // The last owner is told at once, not after a question whose answer is no.
      const members = await employer.companies.members(account.id, company.id);
      const owners = members.ok ? members.value.filter((m) => m.role === 'owner').length : 0;
      if (owners <= 1)
        return data<ActionData>(
          {
            errors: {
              form: `You are the last owner of ${company.companyName}: make another member an owner first (Make owner, beside their name), then leave.`,
            },
            intent,
          },
          { status: 400, headers: PRIVATE_HEADERS },
        );
    }
    return data<ActionData>(
      { errors: {}, intent, asking: { intent: intent as TeamChange, userId } },
      { headers: PRIVATE_HEADERS },
    );
  }
  // Remove logo asks first too (an owner's: a member's post is refused by the service).
  if (intent === 'remove-logo' && company.role === 'owner' && text('confirm') !== 'yes')
    return data<ActionData>({ errors: {}, intent, askingLogo: true }, { headers: PRIVATE_HEADERS });
  // A refusal naming its fields is said at those fields (and the form's summary), not again on
  // top of the page: the same words twice, the second one far from the box to correct.
  const reply = (
    r: { ok: boolean; message?: string; fieldErrors?: Record<string, string | undefined> },
    done: string,
    values?: Record<string, string>,
  ) =>
    r.ok
      ? data<ActionData>({ errors: {}, message: done, intent }, { headers: PRIVATE_HEADERS })
      : data<ActionData>(
          {
            errors: fieldErrorsOf(r, 'form'),
            message: r.fieldErrors ? undefined : r.message,
            intent,
            values,
          },
          { status: 400, headers: PRIVATE_HEADERS },
        );
  switch (intent) {
    case 'update': {
      const values = {
        companyName: text('companyName'),
        companyWebsite: text('companyWebsite'),
        companyLocation: text('companyLocation'),
        companyOverview: text('companyOverview'),
      };
      const r = await employer.companies.update(account.id, company.id, values);
      return reply(r, r.ok ? savedMessage(r.value) : '', values);
    }
    case 'logo': {
      const file = fields.get('logo');
      const bytes =
        file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
      return reply(
        await employer.companies.uploadLogo(account.id, company.id, bytes),
        'Logo saved.',
      );
    }
    case 'remove-logo': {
      const r = await employer.logos.removeLogo(account.id, company.id);
      return reply(
        r,
        r.ok && !r.value.removed
          ? 'The company has no uploaded logo: it shows its initials.'
          : 'Logo removed: the company shows its initials until you upload a logo again.',
      );
    }
    case 'invite': {
      const base = context.publicUrl.replace(/\/+$/, '');
      const email = text('email').trim().toLowerCase();
      const open = await employer.companies.invitations(account.id, company.id);
      // Inviting an open address again replaces its link; the owner is told it was sent again.
      const again = open.ok && open.value.some((i) => i.email === email);
      const r = await employer.companies.invite(
        account.id,
        company.id,
        { email: text('email') },
        (token) => `${base}${paths.invitation(token)}`,
      );
      if (!r.ok) return reply(r, '', { email: text('email') });
      const sent = await employer.companies.invitations(account.id, company.id);
      const id = sent.ok ? sent.value.find((i) => i.email === email)?.id : undefined;
      if (id === undefined) return reply(r, `Invitation sent to ${email}.`);
      throw invitationDone(request, again ? 'invited-again' : 'invited', id);
    }
    case 'revoke-invitation': {
      const id = idFrom(text('invitationId'));
      const r = await employer.invitations.revoke(account.id, company.id, id);
      if (!r.ok) return reply(r, '');
      throw invitationDone(request, 'revoked', id);
    }
    case 'remove': {
      const r = await employer.companies.removeMember(account.id, company.id, text('userId'));
      return reply(
        r,
        r.ok
          ? `${r.value.name} is no longer a member of ${r.value.companyName}; we told them by e-mail.`
          : '',
      );
    }
    case 'make-owner': {
      const r = await employer.companies.makeOwner(account.id, company.id, text('userId'));
      return reply(r, r.ok ? `${r.value.name} is now an owner of ${r.value.companyName}.` : '');
    }
    case 'make-member': {
      const r = await employer.companies.makeMember(account.id, company.id, text('userId'));
      const who = text('userId') === account.id ? 'You are' : r.ok ? `${r.value.name} is` : '';
      return reply(
        r,
        r.ok ? `${who} now a member of ${r.value.companyName}, no longer an owner.` : '',
      );
    }
    case 'leave': {
      const r = await employer.companies.leave(account.id, company.id);
      if (!r.ok) return reply(r, '');
      // The dashboard says so (and goes on with another company of the account's, if any).
      throw redirect(`${paths.employer}?done=left&item=${company.id}`, {
        headers: PRIVATE_HEADERS,
      });
    }
    case 'accept-request':
    case 'decline-request': {
      const r = await employer.companies.decideJoin(
        account.id,
        company.id,
        idFrom(text('requestId')),
        intent === 'accept-request',
      );
      return reply(r, intent === 'accept-request' ? 'Member added.' : 'Request declined.');
    }
    default:
      throw data({ message: 'Unknown action' }, { status: 400, headers: PRIVATE_HEADERS });
  }
}

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: 'Company and members', noindex: true });

export default function EmployerCompany({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, members, invitations, requests, owner, me, uploadedLogo } = loaderData;
  // The page without a question, for its dismiss link without JavaScript.
  const { search } = useLocation();
  const company = new URLSearchParams(search).get('company');
  const dismissTo = company
    ? `${paths.employerCompany}?${new URLSearchParams({ company })}`
    : paths.employerCompany;
  const sent = actionData?.intent;
  const errorsOf = (...intents: string[]) =>
    sent && intents.includes(sent) ? (actionData?.errors ?? {}) : {};
  const typed = actionData?.values ?? {};
  // A sent or revoked invitation empties the box (Enter again would send a new link and void the
  // one just mailed) and puts the focus on what was done.
  // Both answer with a redirect (invitationDone), whose word is in the loader's data: each
  // redirect is a new visit, even to the same address, so its key makes the word a new answer.
  const { key: visit } = useLocation();
  const message = actionData?.message ?? loaderData.doneMessage;
  const inviteDone = !actionData && loaderData.doneMessage !== null;
  const inviteForm = useRef<HTMLFormElement>(null);
  const doneNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!inviteDone) return;
    inviteForm.current?.reset();
    doneNote.current?.focus();
  }, [visit, inviteDone]);
  return (
    <>
      <PageHeader
        eyebrow={`Employer · ${profile.verified ? 'verified' : 'not verified yet'}`}
        title={profile.companyName}
      />
      <Container className="grid gap-10 py-10 lg:grid-cols-2">
        {message && (
          <p
            ref={doneNote}
            role="status"
            // Focusable by script only: a sent invitation's answer takes the focus.
            tabIndex={-1}
            data-company-message
            className="border-line rounded-card border p-3 text-sm outline-none lg:col-span-2"
          >
            {message}
          </p>
        )}
        <ToolSection id="logo-title" title="Logo">
          <div className="flex items-center gap-4">
            <CompanyLogo
              logoUrl={profile.companyLogo}
              companyName={profile.companyName}
              size={96}
            />
          </div>
          {owner ? (
            <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-col gap-3">
              <input type="hidden" name="company" value={profile.id} />
              {/* A refused upload (not an image we take, too large) is said at once, as the
                  other forms' errors are: the summary takes the focus and links to the field,
                  whose error is read with it. */}
              <ErrorSummary errors={errorsOf('logo')} />
              <Field
                name="logo"
                label="Upload a logo"
                errors={errorsOf('logo')}
                hint="PNG, JPEG or WebP, at most 2 MB; it is shown as a 256 × 256 image."
              >
                {(aria) => (
                  <input
                    {...aria}
                    type="file"
                    accept="image/png,image/jpeg,image/webp"
                    className={inputClass}
                  />
                )}
              </Field>
              <div>
                <Button type="submit" name="intent" value="logo" variant="secondary">
                  Upload logo
                </Button>
              </div>
            </Form>
          ) : (
            <p className="text-muted mt-4">Only an owner can change the logo.</p>
          )}
          {owner && uploadedLogo && (
            <RemoveLogo
              companyId={profile.id}
              companyName={profile.companyName}
              asking={actionData?.askingLogo ? actionData : null}
              error={errorsOf('remove-logo').form}
              dismissTo={dismissTo}
            />
          )}
        </ToolSection>
        <ToolSection id="profile-title" title="Profile">
          {owner ? (
            <CompanyForm
              values={sent === 'update' ? { ...profile, ...typed } : profile}
              errors={errorsOf('update')}
              intent="update"
              editing
              submitLabel="Save profile"
            />
          ) : (
            <p className="text-muted">Only an owner can change the profile.</p>
          )}
        </ToolSection>
        <ToolSection id="members-title" title="Members">
          <ul className="flex flex-col gap-2">
            {members.map((m) => (
              <MemberItem
                key={m.userId}
                member={m}
                companyId={profile.id}
                companyName={profile.companyName}
                // An owner changes the others; each member (an owner too) may leave.
                owner={owner}
                me={m.userId === me}
                otherOwners={members.some((o) => o.role === 'owner' && o.userId !== m.userId)}
                asking={
                  actionData?.asking?.userId === m.userId && actionData.asking.intent !== 'leave'
                    ? actionData
                    : null
                }
                dismissTo={dismissTo}
              />
            ))}
          </ul>
          <ErrorText
            id="field-form-error"
            error={
              errorsOf(
                'remove',
                'make-owner',
                'make-member',
                'leave',
                'accept-request',
                'decline-request',
              ).form
            }
          />
          <LeaveCompany
            companyId={profile.id}
            companyName={profile.companyName}
            asking={actionData?.asking?.intent === 'leave' ? actionData : null}
            dismissTo={dismissTo}
          />
        </ToolSection>
        {owner && (
          <ToolSection id="invite-title" title="Invite a member">
            <Form ref={inviteForm} method="post" className="flex flex-col gap-3">
              <input type="hidden" name="company" value={profile.id} />
              <Field name="email" label="E-mail" errors={errorsOf('invite')}>
                {(aria) => (
                  <input
                    {...aria}
                    defaultValue={sent === 'invite' ? typed.email : undefined}
                    type="email"
                    autoComplete="off"
                    maxLength={254}
                    className={inputClass}
                  />
                )}
              </Field>
              <div>
                <Button type="submit" name="intent" value="invite">
                  Send invitation
                </Button>
              </div>
            </Form>
            {invitations.length > 0 && (
              <>
                <h3 className="mt-6 text-base font-semibold">Open invitations</h3>
                <ul className="mt-2 flex flex-col gap-2 text-sm">
                  {invitations.map((i) => (
                    <li key={i.id} className="flex flex-wrap items-center justify-between gap-2">
                      <span className="text-muted">{i.email}</span>
                      <Form method="post">
                        <input type="hidden" name="company" value={profile.id} />
                        <input type="hidden" name="invitationId" value={i.id} />
                        <ItemButton
                          intent="revoke-invitation"
                          label="Revoke"
                          item={i.email}
                          variant="secondary"
                        />
                      </Form>
                    </li>
                  ))}
                </ul>
                <ErrorText id="field-invitation-error" error={errorsOf('revoke-invitation').form} />
              </>
            )}
            {requests.length > 0 && (
              <>
                <h3 className="mt-6 text-base font-semibold">Requests to join</h3>
                <ul className="mt-2 flex flex-col gap-2">
                  {requests.map((r) => (
                    <li key={r.id} className="flex flex-wrap items-center justify-between gap-2">
                      <span>
                        {r.name} ({r.email})
                      </span>
                      <Form method="post" className="flex gap-2">
                        <input type="hidden" name="company" value={profile.id} />
                        <input type="hidden" name="requestId" value={r.id} />
                        <ItemButton intent="accept-request" label="Accept" item={r.name} />
                        <ItemButton
                          intent="decline-request"
                          label="Decline"
                          item={r.name}
                          variant="secondary"
                        />
                      </Form>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </ToolSection>
        )}
      </Container>
    </>
  );
}

type Member = Route.ComponentProps['loaderData']['members'][number];

/**
 * One member of the team: an owner's buttons for another member (Make owner, Make member, Remove),
 * and the question Remove and Make member ask first, in place. With JavaScript, Escape or the
 * question's dismiss link puts it away and the focus back on the button that asked; without, the
 * link loads the page again.
 */
function MemberItem(props: {
  member: Member;
  companyId: number;
  companyName: string;
  owner: boolean;
  me: boolean;
  /** Another member is an owner too (an owner may then make themselves a member). */
  otherOwners: boolean;
  /** The answer to a press of Remove or Make member for this member, which asks; else null. */
  asking: ActionData | null;
  dismissTo: string;
}) {
  const { member: m, companyId, companyName, asking } = props;
  const [dismissed, setDismissed] = useState<object | null>(null);
  const buttons = useRef<HTMLFormElement>(null);
  const change = asking && dismissed !== asking ? asking.asking!.intent : null;
  const question =
    change === 'remove'
      ? `Remove ${m.name} (${m.email}) from ${companyName}? They can no longer post or manage its jobs, and we tell them by e-mail.`
      : props.me
        ? `Make yourself a member of ${companyName}, no longer an owner? You still post and manage jobs, but can no longer change the profile, the logo or the team; another owner can make you an owner again.`
        : `Make ${m.name} a member of ${companyName}, no longer an owner? They still post and manage jobs, but can no longer change the profile, the logo or the team.`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span>
        {m.name} ({m.email}) · {m.role}
      </span>
      {props.owner && !props.me && (
        <Form ref={buttons} method="post" className="flex gap-2">
          <input type="hidden" name="company" value={companyId} />
          <input type="hidden" name="userId" value={m.userId} />
          {m.role === 'owner' ? (
            <ItemButton
              intent="make-member"
              label="Make member"
              item={m.name}
              variant="secondary"
            />
          ) : (
            <ItemButton intent="make-owner" label="Make owner" item={m.name} variant="secondary" />
          )}
          <ItemButton intent="remove" label="Remove" item={m.name} variant="secondary" />
        </Form>
      )}
      {props.owner && props.me && m.role === 'owner' && props.otherOwners && (
        // An owner steps down while another owner stays (asked first, as for another owner).
        <Form ref={buttons} method="post">
          <input type="hidden" name="company" value={companyId} />
          <input type="hidden" name="userId" value={m.userId} />
          <Button type="submit" name="intent" value="make-member" variant="secondary" size="sm">
            Make me a member
          </Button>
        </Form>
      )}
      {change && (
        <InlineQuestion
          id={`team-question-${m.userId}`}
          mark={{ 'data-team-question': change }}
          question={question}
          dismissTo={props.dismissTo}
          dismiss={
            change === 'remove'
              ? { text: 'Keep them', label: `Keep ${m.name}` }
              : props.me
                ? { text: 'Stay an owner', label: 'Stay an owner' }
                : { text: 'Keep them an owner', label: `Keep ${m.name} an owner` }
          }
          onDismiss={() => {
            setDismissed(asking);
            buttons.current?.querySelector<HTMLButtonElement>(`button[value="${change}"]`)?.focus();
          }}
        >
          <Form method="post" className="inline">
            <input type="hidden" name="company" value={companyId} />
            <input type="hidden" name="userId" value={m.userId} />
            <input type="hidden" name="confirm" value="yes" />
            {props.me ? (
              <Button type="submit" name="intent" value={change} size="sm">
                Make me a member
              </Button>
            ) : (
              <ItemButton
                intent={change}
                label={change === 'remove' ? 'Remove' : 'Make member'}
                item={m.name}
              />
            )}
          </Form>
        </InlineQuestion>
      )}
    </li>
  );
}

/**
 * Remove logo, asked first: the company shows its initials again (its jobs, its page) until a
 * logo is uploaded again. With JavaScript, Escape or Keep the logo puts the question away and the
 * focus back on Remove logo; without, Keep the logo loads the page again.
 */
function RemoveLogo(props: {
  companyId: number;
  companyName: string;
  asking: ActionData | null;
  error: string | undefined;
  dismissTo: string;
}) {
  const { companyId, companyName, asking } = props;
  const [dismissed, setDismissed] = useState<object | null>(null);
  const remove = useRef<HTMLButtonElement>(null);
  return (
    <div className="mt-4 flex flex-col items-start gap-2">
      <Form method="post">
        <input type="hidden" name="company" value={companyId} />
        <Button
          ref={remove}
          type="submit"
          name="intent"
          value="remove-logo"
          variant="secondary"
          size="sm"
        >
          Remove logo
        </Button>
      </Form>
      <ErrorText id="field-logo-remove-error" error={props.error} />
      {asking && dismissed !== asking && (
        <InlineQuestion
          id="logo-question"
          mark={{ 'data-logo-question': 'remove' }}
          question={`Remove ${companyName}’s logo? Its jobs and its page show its initials instead, until you upload a logo again.`}
          dismissTo={props.dismissTo}
          dismiss={{ text: 'Keep the logo', label: `Keep ${companyName}’s logo` }}
          onDismiss={() => {
            setDismissed(asking);
            remove.current?.focus();
          }}
        >
          <Form method="post" className="inline">
            <input type="hidden" name="company" value={companyId} />
            <input type="hidden" name="confirm" value="yes" />
            <Button type="submit" name="intent" value="remove-logo" size="sm">
              Remove the logo
            </Button>
          </Form>
        </InlineQuestion>
      )}
    </div>
  );
}

/** Leave the company, for every member (an owner while another owner stays), asked first. */
function LeaveCompany(props: {
  companyId: number;
  companyName: string;
  asking: ActionData | null;
  dismissTo: string;
}) {
  const { companyId, companyName, asking } = props;
  const [dismissed, setDismissed] = useState<object | null>(null);
  const leave = useRef<HTMLButtonElement>(null);
  return (
    <div className="mt-6 flex flex-col items-start gap-2">
      <Form method="post">
        <input type="hidden" name="company" value={companyId} />
        <Button ref={leave} type="submit" name="intent" value="leave" variant="secondary" size="sm">
          Leave this company
        </Button>
      </Form>
      {asking && dismissed !== asking && (
        <InlineQuestion
          id="leave-question"
          mark={{ 'data-team-question': 'leave' }}
          question={`Leave ${companyName}? You can no longer post or manage its jobs; an owner would have to invite you again.`}
          dismissTo={props.dismissTo}
          dismiss={{ text: 'Stay', label: `Stay in ${companyName}` }}
          onDismiss={() => {
            setDismissed(asking);
            leave.current?.focus();
          }}
        >
          <Form method="post" className="inline">
            <input type="hidden" name="company" value={companyId} />
            <input type="hidden" name="confirm" value="yes" />
            <Button type="submit" name="intent" value="leave" size="sm">
              Leave {companyName}
            </Button>
          </Form>
        </InlineQuestion>
      )}
    </div>
  );
}
