// Loader and action of the job form pages (/employer/jobs/new and /employer/jobs/:id/edit). The
// action saves the draft first on every submit of a form that has one or asks for one (nothing
// typed is lost, whatever happens next), then does what the pressed button asked: a list change, a
// preview, a submission. A new job's first Submit saves only the job, or nothing when refused.
import { randomUUID } from 'node:crypto';
import { data, redirect, replace } from 'react-router';
import type { DraftValues, FieldErrors } from '../../../shared/contract/employer-jobs.ts';
import type { EmployerJobsService, SaveOutcome } from '../../../shared/employer-services.ts';
import { MAINTENANCE_HEADERS, maintenanceClosing } from '../../../shared/maintenance.ts';
import type { AppLoadContext } from '../../../shared/services.ts';
import { paths } from '../../lib/paths.ts';
import {
  assertSameOrigin,
  currentCompany,
  employerContext,
  type EmployerServices,
  idFrom,
  PRIVATE_HEADERS,
  throwUnlessShown,
} from './employer.server.ts';
import {
  applyListOp,
  hasContent,
  listOf,
  parseListOp,
  textOf,
  valuesFromForm,
} from './form-values.ts';

interface Args {
  request: Request;
  context: AppLoadContext;
  params: { id?: string };
}

/** Fills the city and role names for ids a stored job or an old draft carries without them. */
async function withLabels(context: AppLoadContext, values: DraftValues): Promise<DraftValues> {
  const out = { ...values };
  const cityId = Number(textOf(values, 'cityId'));
  const roleId = Number(textOf(values, 'roleId'));
  const wantCity = cityId > 0 && !textOf(values, 'cityLabel');
  const wantRole = roleId > 0 && !textOf(values, 'roleLabel');
  if (!wantCity && !wantRole) return out;
  const labels = await context.services.filters
    .labels({ location: wantCity ? cityId : undefined, role: wantRole ? roleId : undefined })
    .catch(() => ({}) as { location?: string; role?: string });
  if (wantCity && labels.location) out.cityLabel = labels.location;
  if (wantRole && labels.role) out.roleLabel = labels.role;
  return out;
}

/**
 * The company's new-job drafts not submitted yet: the newest, to go on with instead of starting
 * the same job again (a form left half done, or the way back to one), and how many there are.
 */
async function unsubmittedDrafts(jobs: EmployerJobsService, accountId: string, companyId: number) {
  const rows = await jobs.list(accountId, companyId, 'draft');
  const drafts = rows.ok ? rows.value.filter((row) => row.kind === 'draft') : [];
  const newest = drafts.reduce<(typeof drafts)[number] | null>(
    (best, row) => (best === null || row.id > best.id ? row : best),
    null,
  );
  return newest ? { draftId: newest.id, title: newest.title, count: drafts.length } : null;
}

/**
 * The company's name when it is suspended, else null: its pages then say so in place of the form,
 * which could save nothing but drafts (the jobs service refuses every submission).
 */
async function suspendedName(employer: EmployerServices, accountId: string, companyId: number) {
  const company = (await employer.companies.mine(accountId)).find((c) => c.id === companyId);
  return company?.suspended ? company.companyName : null;
}

/** What a refused submission of a new job's form that has a draft says. */
export const DRAFT_KEPT =
  'Saved as a draft, not submitted: correct what is marked, then submit again. Until then the draft waits on your dashboard.';

/**
 * What a refused Submit of a new job's form that has no draft says: nothing was kept (the form
 * shows what was typed), so it does not speak of a draft.
 */
export const NOT_SUBMITTED =
  'Not submitted: correct what is marked, then submit again, or press Save draft to finish it later.';

/** Set on a save by Enter while the city box names a city: Enter does not ask for it. */
const CITY_NOT_ASKED = 'city=not-asked';

/**
 * What a save by Enter says when the city box names a city. Without JavaScript, Enter in that box
 * saves the draft, as Enter in any box does; the page then says so and how to ask.
 */
function cityNotAsked(url: URL, values: DraftValues) {
  const city = textOf(values, 'cityRequest').trim();
  if (!city || url.searchParams.get('city') !== 'not-asked') return null;
  return `Draft saved. Enter does not ask for a city: to ask us to add “${city}”, press Request city beside it.`;
}

/**
 * The dashboard after a submission, saying what it did (dashboard-done.ts). A live job sent back
 * to review by its changes says so (it left the board, or, hidden after reports, it waits for our
 * team whatever the company's verification); and a copy held for review says why, as its company
 * expects its jobs live at once. `jobId`: the job edited, for a new job undefined.
 */
export function submittedRedirect(value: SaveOutcome, jobId: number | undefined) {
  const done = value.sentToReview
    ? value.heldHidden
      ? 'changes-in_review-hidden'
      : 'changes-in_review'
    : value.heldCopy
      ? `in_review-copy-${value.heldCopy}`
      : // An edit of a closed job saves it and leaves it closed: not "Job closed.".
        jobId !== undefined && value.status === 'closed'
        ? 'changes-closed'
        : value.status;
  return redirect(`${paths.employer}?done=${done}`, { headers: PRIVATE_HEADERS });
}

export async function jobFormLoader({ request, context, params }: Args) {
  const { account, employer } = employerContext(request, context);
  const choices = await employer.jobs.choices();
  const url = new URL(request.url);
  // The answer to "Save draft" (or Enter in a box), which comes back here with ?saved=1, and to
  // "Discard unsaved changes" (?discarded=1).
  const saidOf = (values: DraftValues) =>
    url.searchParams.get('saved') === '1'
      ? (cityNotAsked(url, values) ?? 'Draft saved.')
      : url.searchParams.get('discarded') === '1'
        ? 'Unsaved changes discarded: the form shows the job as it is.'
        : undefined;
  if (params.id !== undefined) {
    const state = await employer.jobs.form(account.id, { jobId: idFrom(params.id) });
    if (!state.ok) throwUnlessShown(state);
    const suspended = await suspendedName(employer, account.id, state.value.companyId);
    return data(
      {
        ...state.value,
        values: await withLabels(context, state.value.values),
        choices,
        notice: saidOf(state.value.values),
        suspended,
      },
      { headers: PRIVATE_HEADERS },
    );
  }
  const draftParam = url.searchParams.get('draft');
  if (draftParam !== null) {
    const state = await employer.jobs.form(account.id, { draftId: idFrom(draftParam) });
    if (!state.ok) throwUnlessShown(state);
    const suspended = await suspendedName(employer, account.id, state.value.companyId);
    return data(
      {
        ...state.value,
        values: await withLabels(context, state.value.values),
        choices,
        notice: saidOf(state.value.values),
        suspended,
      },
      { headers: PRIVATE_HEADERS },
    );
  }
  const { company } = await currentCompany(employer, account.id, request);
  if (!company) throw redirect(paths.employer, { headers: PRIVATE_HEADERS });
  return data(
    {
      companyId: company.id,
      jobId: null,
      draftId: null,
      status: 'draft' as const,
      values: {} as DraftValues,
      choices,
      suspended: company.suspended ? company.companyName : null,
      unsubmitted: await unsubmittedDrafts(employer.jobs, account.id, company.id),
      // Names the draft until its id is known: an autosave and a submission that cross save one.
      formKey: randomUUID(),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export interface JobFormActionData {
  values: DraftValues;
  errors: FieldErrors;
  draftId: number | null;
  notice?: string;
  /**
   * The session had ended (signed out in another tab or everywhere, or expired): nothing was saved
   * and the form stays with what was typed. `intent` is the button's (or autosave).
   */
  signedOut?: boolean;
  intent?: string;
  /** The account is no longer a member of the form's company (an owner removed it): nothing saved. */
  removed?: boolean;
  /**
   * An edit's Save refused: the job changed since the form showed it. Why, and the job's version
   * now, which the form sends from then on (Save pressed again replaces that change).
   */
  changedSince?: { message: string; version: string };
  /** The submission was refused: the company (named) is suspended. */
  suspended?: string;
  /** Nothing was saved: maintenance is on. */
  maintenance?: boolean;
  /** "Discard unsaved changes" pressed once: the edit page asks before discarding. */
  confirmDiscard?: boolean;
}

export async function jobFormAction({ request, context, params }: Args) {
  // While maintenance is on nothing is saved (the pages' other actions are refused before they
  // run: server/web/react-router.ts). Answered as data, not as the maintenance page: with
  // JavaScript the form stays, with what was typed, and says so (a save as you type, a submit);
  // without, the root route's loader answers the maintenance page (503) all the same.
  if (await maintenanceClosing(request, context)) {
    return data<JobFormActionData>(
      // The values as typed, so the page's form keeps them; no draft id, so the form the page
      // shows is the same (its key).
      {
        values: valuesFromForm(await request.formData()),
        errors: {},
        draftId: null,
        maintenance: true,
      },
      { status: 503, headers: { ...MAINTENANCE_HEADERS, ...PRIVATE_HEADERS } },
    );
  }
  // A post from a page whose session ended (signed out in another tab or everywhere, or expired)
  // answers so, instead of sending the page to the sign-in form, which would throw away what was
  // typed: a save as you type, and with JavaScript (the form's `scripted` field) any button's
  // post; the form stays with what was typed and says how to go on. Without JavaScript the
  // sign-in page says why it is shown (employer.server.ts).
  if (!context.account) {
    assertSameOrigin(request);
    const sent = await request.clone().formData();
    const intent = String(sent.get('intent') ?? 'save');
    if (intent === 'autosave' || sent.get('scripted') === '1') {
      return data<JobFormActionData>(
        { values: valuesFromForm(sent), errors: {}, draftId: null, signedOut: true, intent },
        { status: 401, headers: PRIVATE_HEADERS },
      );
    }
  }
  const { account, employer } = employerContext(request, context);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  let values = valuesFromForm(form);
  const jobId = params.id !== undefined ? idFrom(params.id) : undefined;
  // A job's form sends the job's version it showed (employer-jobs.service.ts VERSION), with its
  // values: its unsaved changes keep it, and a Save is refused when the job changed since.
  const versionField = form.get('version');
  if (jobId !== undefined && typeof versionField === 'string' && versionField)
    values = { ...values, version: versionField };
  // A job's unsaved changes, thrown away: its form shows the job as saved again. Before anything
  // is saved, so the discarding post does not save what it throws away.
  if (intent === 'discard' && jobId !== undefined) {
    const state = await employer.jobs.form(account.id, { jobId });
    if (!state.ok) throwUnlessShown(state);
    // "Discard unsaved changes" asks first (its form sends ask=1), as a draft's Discard does:
    // only the question's own button (confirm=yes) discards. The refused Save's "Show the job as
    // it is now" says what it discards on the button's box, and discards at once.
    if (state.value.draftId !== null && form.get('ask') === '1' && form.get('confirm') !== 'yes')
      return data<JobFormActionData>(
        {
          values: await withLabels(context, state.value.values),
          errors: {},
          draftId: null,
          confirmDiscard: true,
        },
        { headers: PRIVATE_HEADERS },
      );
    if (state.value.draftId !== null) {
      const gone = await employer.jobs.discardDraft(account.id, state.value.draftId);
      if (!gone.ok) throwUnlessShown(gone);
    }
    throw redirect(`${paths.employerJobEdit(jobId)}?discarded=1`, { headers: PRIVATE_HEADERS });
  }
  const draftField = form.get('draftId');
  const draftParam = new URL(request.url).searchParams.get('draft');
  const draftText = typeof draftField === 'string' && draftField ? draftField : draftParam;
  let draftId = jobId === undefined && draftText ? idFrom(draftText) : undefined;
  const keyField = form.get('formKey');
  const formKey = typeof keyField === 'string' && keyField ? keyField : undefined;

  const listOp = parseListOp(intent);
  if (listOp)
    values = { ...values, [listOp.field]: applyListOp(listOf(values, listOp.field), listOp) };

  // The company the form was opened for (its hidden field), else the dashboard's: a new job is
  // never saved into another company of the account's than the one its page showed.
  const companyField = form.get('companyId');
  const formCompany =
    typeof companyField === 'string' && /^[1-9]\d{0,8}$/.test(companyField)
      ? Number(companyField)
      : undefined;
  const companyId =
    formCompany ?? (await currentCompany(employer, account.id, request)).company?.id ?? 0;
  // Not found because the account left the form's company (an owner removed it while the form
  // was open): the form stays with what was typed and says so, instead of a "Page not found".
  const removedFrom = async () =>
    formCompany !== undefined &&
    !(await employer.companies.mine(account.id)).some((c) => c.id === formCompany);
  const removedReply = () =>
    data<JobFormActionData>(
      { values, errors: {}, draftId: null, removed: true, intent },
      { status: 403, headers: PRIVATE_HEADERS },
    );
  // A new job's form with nothing in it yet is not saved: a form opened and left (or typed in and
  // emptied again) leaves no empty draft on the dashboard. Nor is a new job's Submit before it has
  // a draft: a refused one answers with the form as typed and leaves no draft the employer did not
  // ask for (Save draft is the button for that, and typing saves one with JavaScript).
  const firstSubmit = intent === 'submit' && jobId === undefined && draftId === undefined;
  const keep = async () => {
    // A preview asked for again from a new job's form holding what a draft holds already (Back
    // from its preview without JavaScript) shows that draft: previews make no draft each time.
    const reuseSame = intent === 'preview' && jobId === undefined && draftId === undefined;
    const saved = await employer.jobs.saveDraft(
      account.id,
      { companyId, draftId, jobId, formKey, reuseSame },
      values,
    );
    if (!saved.ok && saved.reason === 'not-found' && (await removedFrom())) return removedReply();
    if (!saved.ok && intent === 'autosave') {
      // A background save answers quietly: the page the employer is on stays as it is.
      return data<JobFormActionData>(
        { values, errors: {}, draftId: null },
        { status: saved.reason === 'not-found' ? 404 : 400, headers: PRIVATE_HEADERS },
      );
    }
    // The form's job was submitted already (a second click, or a page left open): the dashboard.
    if (!saved.ok && saved.reason === 'conflict' && formKey !== undefined) {
      throw redirect(paths.employer, { headers: PRIVATE_HEADERS });
    }
    if (!saved.ok) throwUnlessShown(saved);
    draftId = jobId === undefined ? saved.value.draftId : undefined;
    return null;
  };
  if (jobId !== undefined || draftId !== undefined || (hasContent(values) && !firstSubmit)) {
    const quiet = await keep();
    if (quiet) return quiet;
  }
  const reply = (extra: Partial<JobFormActionData>, status = 200) =>
    data<JobFormActionData>(
      { values, errors: {}, draftId: draftId ?? null, ...extra },
      { status, headers: PRIVATE_HEADERS },
    );

  if (intent === 'autosave') return reply({});
  if (intent === 'request-city') {
    const asked = await employer.jobs.requestCity(
      account.id,
      companyId,
      textOf(values, 'cityRequest'),
    );
    if (!asked.ok) return reply({ errors: asked.fieldErrors ?? {} }, 400);
    // An operator adds or dismisses it at /admin/city-requests; either way the employer is mailed.
    return reply({
      notice: `We have passed “${textOf(values, 'cityRequest').trim()}” to our team; you will get an e-mail when it is added, or if it cannot be.`,
    });
  }
  if (intent === 'submit') {
    const result = await employer.jobs.submit(
      account.id,
      { companyId, draftId, jobId, formKey },
      values,
    );
    if (!result.ok) {
      // A new job's form that has a draft (saved as it was typed, or with Save draft) keeps the
      // refused values in it: the page says so, since the draft waits on the dashboard.
      if (result.reason === 'invalid')
        return reply(
          {
            errors: result.fieldErrors ?? {},
            notice:
              jobId !== undefined ? undefined : draftId !== undefined ? DRAFT_KEPT : NOT_SUBMITTED,
          },
          400,
        );
      // Suspended since the form was opened: the form page says so, with what was typed kept
      // (a draft is all such a company can save).
      if (result.reason === 'forbidden') {
        if (firstSubmit && hasContent(values)) await keep();
        const form = await employer.jobs.form(
          account.id,
          jobId !== undefined ? { jobId } : { draftId },
        );
        const of = form.ok ? form.value.companyId : companyId;
        const name = await suspendedName(employer, account.id, of);
        return reply({ suspended: name ?? 'This company' }, 403);
      }
      if (result.reason === 'not-found' && (await removedFrom())) return removedReply();
      // Changed since the form showed it (another tab, another member): nothing is written, the
      // form stays with what was typed (kept as the job's unsaved changes) and says what to do.
      const now = result.fieldErrors?.version;
      if (result.reason === 'conflict' && now !== undefined)
        return reply({ changedSince: { message: result.message, version: now } }, 409);
      throwUnlessShown(result);
    }
    throw submittedRedirect(result.value, jobId);
  }
  const pages =
    jobId !== undefined
      ? { form: paths.employerJobEdit(jobId), preview: paths.employerJobPreview(jobId) }
      : draftId !== undefined
        ? { form: paths.employerDraft(draftId), preview: paths.employerDraftPreview(draftId) }
        : null;
  if (!pages) {
    // Nothing kept: the form as sent (a list changed without JavaScript), or what is missing.
    if (listOp) return reply({});
    return reply({
      notice:
        intent === 'preview'
          ? 'Nothing to preview yet: fill in the form first.'
          : 'Nothing to save yet: a draft is kept once the form has something in it.',
    });
  }
  if (intent === 'preview') throw redirect(pages.preview, { headers: PRIVATE_HEADERS });
  // Save, or a list change: back to the same form, from the saved draft (a reload shows the same).
  // In place of the page it came from (with JavaScript), so Back does not lead to the form as it
  // was before its draft existed.
  const { form: here } = pages;
  const named = intent === 'enter' && textOf(values, 'cityRequest').trim() !== '';
  const saved = `saved=1${named ? `&${CITY_NOT_ASKED}` : ''}`;
  throw replace(
    listOp ? `${here}#list-${listOp.field}` : `${here}${here.includes('?') ? '&' : '?'}${saved}`,
    {
      headers: PRIVATE_HEADERS,
    },
  );
}
