// The job form (spec §3): every field, the eight lists, errors next to each field. It is a plain
// form whose action saves a draft on every submit, so it works without JavaScript; with it, the
// city and role boxes search like the listing's filters and the draft is saved as you type.
import { type ComponentProps, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Form, useActionData, useFetcher, useLocation, useNavigate } from 'react-router';
import {
  type DraftValues,
  type FieldErrors,
  JOB_LIST_FIELDS,
  JOB_LIST_LABELS,
  LIMITS,
  WORK_MODE_LABELS,
  WORK_MODES,
} from '../../../shared/contract/employer-jobs.ts';
import type { DropdownOption } from '../../../shared/contract/filters.ts';
import type { FormChoices } from '../../../shared/employer-services.ts';
import { Button } from '../../components/button.tsx';
import type { HandOver } from '../filters/hand-over.ts';
import { SearchableDropdown } from '../filters/searchable-dropdown.tsx';
import { fetchLocations, fetchRoles } from '../filters/suggestions.ts';
import { ErrorSummary, Field, inputClass } from '../../components/fields.tsx';
import { ListField } from './list-field.tsx';
import { hasContent, listOf, textOf, valuesFromForm } from './form-values.ts';
import { paths } from '../../lib/paths.ts';

export const AUTOSAVE_DELAY_MS = 1500;

/**
 * Writes the draft into the page's address (/employer/jobs/new?draft=…) in place, without the
 * router: a navigation would load the page again under the employer's typing.
 */
function showDraftInAddress(draftId: number) {
  const url = new URL(window.location.href);
  if (url.searchParams.get('draft') === String(draftId)) return;
  url.searchParams.set('draft', String(draftId));
  window.history.replaceState(window.history.state, '', url);
}

interface JobFormProps {
  values: DraftValues;
  errors: FieldErrors;
  choices: FormChoices;
  /** The draft these values are saved in, when there is one yet. */
  draftId: number | null;
  /** A new job's key, which names its draft until the draft's id is known (saveDraft). */
  formKey?: string;
  /** The company the form is for: a post names it, so it is saved there or not at all. */
  companyId?: number;
  editing: boolean;
  /** Where the autosave goes (this page's action). */
  action: string;
  notice?: string;
  /** What saving does beyond the obvious (a job synced from a board is replaced by its next change). */
  submitNote?: string;
  /** The submit button's words when "Save changes" would not say what it does (a rejected job's). */
  submitLabel?: string;
  /** A Save refused as the job changed since the form showed it (jobFormAction). */
  changedSince?: { message: string; version: string };
}

/** Case, accents and spacing aside (as the server's names are matched: normalizeSearch). */
const folded = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The one suggestion the typed text names exactly: its whole label ("Quality Assurance (QA)"), or
 * the name a label starts with ("Bengaluru" of "Bengaluru, KA, IND") when only one label does.
 */
export function exactOption(text: string, options: DropdownOption[]): DropdownOption | null {
  const typed = folded(text);
  if (!typed) return null;
  const whole = options.find((o) => folded(o.label) === typed);
  if (whole) return whole;
  const named = options.filter(
    (o) => folded(o.label.split(',')[0] ?? '').replace(/\s*\([^)]*\)$/, '') === typed,
  );
  return named.length === 1 ? named[0]! : null;
}

/** What a city or role box says when it is left holding text that names nothing in the list. */
export const unmatchedText = (name: 'city' | 'role', text: string) =>
  name === 'city'
    ? `No city in the list is called “${text}”: choose a city from the list, or request it below.`
    : `No role in the list is called “${text}”: choose a role from the list.`;

/**
 * The plain city or role box, until the scripts run: what it holds as the combobox replaces it
 * (text, focus, caret) is handed on, so nothing typed before then is lost.
 */
function PlainNameInput(props: ComponentProps<'input'> & { onLeave: (held: HandOver) => void }) {
  const { onLeave, ...input } = props;
  const box = useRef<HTMLInputElement>(null);
  // Layout cleanup runs before the box leaves the document, so its focus is still readable.
  // (Not filters/hand-over.ts's handOver: importing it here would export it from the chunk
  // every first visit loads.)
  useLayoutEffect(() => {
    const current = box.current;
    return () => {
      if (!current) return;
      const { value, selectionStart, selectionEnd } = current;
      const focused = current.ownerDocument.activeElement === current;
      onLeave({ text: value, focused, selection: [selectionStart ?? 0, selectionEnd ?? 0] });
    };
  }, [onLeave]);
  return <input ref={box} {...input} />;
}

/** A city or role box: a searchable combobox with JavaScript, a text box without. */
function NameBox(props: {
  name: 'city' | 'role';
  label: string;
  values: DraftValues;
  errors: FieldErrors;
  hydrated: boolean;
  onChanged: () => void;
}) {
  const { name, label, values, errors, hydrated, onChanged } = props;
  const idKey = `${name}Id`;
  const labelKey = `${name}Label` as const;
  const [chosen, setChosen] = useState<DropdownOption | null>(
    textOf(values, idKey) ? { id: textOf(values, idKey), label: textOf(values, labelKey) } : null,
  );
  // Text typed in the box that no choice stands for yet. It is sent as the typed name, as the
  // plain box's is, so the server takes it when it names one exactly (Submit pressed before the
  // box was left) and says "choose … from the list" when it names none, never "is required".
  // A draft saved with such a name opens with it.
  const [savedText] = useState(() => (textOf(values, idKey) ? '' : textOf(values, labelKey)));
  const [typed, setTyped] = useState(savedText);
  // The text the box was left with that names nothing in the list, said under the box.
  const [unmatched, setUnmatched] = useState('');
  const lookup = useRef<AbortController | null>(null);
  useEffect(() => () => lookup.current?.abort(), []);
  // What the plain box held as the combobox replaced it.
  const handed = useRef<HandOver | undefined>(undefined);
  const [keepHandOver] = useState(() => (held: HandOver) => (handed.current = held));
  const fetchOptions = name === 'city' ? fetchLocations : fetchRoles;
  const error = errors[idKey];
  if (!hydrated) {
    return (
      <Field
        name={idKey}
        label={label}
        errors={errors}
        hint={
          name === 'city'
            ? 'Type the city’s name as it is written, e.g. Bengaluru.'
            : 'Type the role’s name or short name as our list writes it, e.g. Software Engineering or SDE.'
        }
      >
        {(aria) => (
          <>
            <input type="hidden" name={idKey} value={textOf(values, idKey)} />
            <PlainNameInput
              {...aria}
              name={labelKey}
              defaultValue={textOf(values, labelKey)}
              maxLength={200}
              className={inputClass}
              onLeave={keepHandOver}
            />
          </>
        )}
      </Field>
    );
  }
  const choose = (option: DropdownOption | null) => {
    lookup.current?.abort();
    setChosen(option);
    setTyped('');
    setUnmatched('');
    onChanged();
  };
  // Leaving the box with text and no choice: the suggestion the text names exactly is chosen, as
  // the plain box's text is taken; text that names none is said to be wrong at once.
  const leave = (text: string) => {
    lookup.current?.abort();
    const own = new AbortController();
    lookup.current = own;
    fetchOptions(text, own.signal).then(
      (options) => {
        if (own.signal.aborted) return;
        const option = exactOption(text, options);
        if (option) return choose(option);
        setUnmatched(text);
      },
      // Unreachable or refused: the server checks the typed name when the form is sent.
      () => undefined,
    );
  };
  return (
    <div
      // The combobox's typing, seen as it bubbles: what is typed is kept to send.
      onChange={(event) => {
        const box = event.target as HTMLInputElement;
        if (box.getAttribute('role') !== 'combobox') return;
        lookup.current?.abort();
        setTyped(box.value);
        setUnmatched('');
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        if (!chosen && typed.trim()) leave(typed.trim());
      }}
    >
      <input type="hidden" name={idKey} value={chosen?.id ?? ''} />
      <input type="hidden" name={labelKey} value={chosen ? chosen.label : typed} />
      <SearchableDropdown
        label={label}
        placeholder={`Search ${name === 'city' ? 'cities' : 'roles'}`}
        notFoundText={name === 'city' ? 'City not found: request it below' : 'Role not found'}
        value={chosen}
        onChange={choose}
        fetchOptions={fetchOptions}
        // The box shows the text it is sent with, so what an error names is there to correct.
        keepText
        initialText={savedText}
        takeOver={() => handed.current}
        // What leaving the box found is newer than the last submission's error.
        error={
          unmatched
            ? { id: `field-${idKey}`, text: unmatchedText(name, unmatched) }
            : error
              ? { id: `field-${idKey}`, text: error }
              : undefined
        }
      />
    </div>
  );
}

export function JobForm(props: JobFormProps) {
  const { values, errors, choices, editing, action, notice, submitNote, submitLabel } = props;
  const { changedSince } = props;
  // The job's version the form sends (employer-jobs.service.ts VERSION): the one it showed, or
  // after a refused Save the job's version now, so Save pressed again replaces that change.
  const [version, setVersion] = useState(changedSince?.version ?? textOf(values, 'version'));
  useEffect(() => {
    if (changedSince) setVersion(changedSince.version);
  }, [changedSince]);
  const changedBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (changedSince) changedBox.current?.focus();
  }, [changedSince]);
  const [hydrated, setHydrated] = useState(false);
  const [lists, setLists] = useState(() =>
    Object.fromEntries(JOB_LIST_FIELDS.map((f) => [f, listOf(values, f)])),
  );
  const [salaryMode, setSalaryMode] = useState(textOf(values, 'salaryMode') || 'range');
  const [draftId, setDraftId] = useState(props.draftId);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const autosave = useFetcher<{
    draftId?: number;
    signedOut?: boolean;
    removed?: boolean;
    maintenance?: boolean;
  }>();

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const saved = autosave.data?.draftId;
    if (saved && saved !== draftId && !editing) setDraftId(saved);
  }, [autosave.data, draftId, editing]);
  // Once the new job has a draft, the page's address is the draft's, whatever made it (a save
  // as you type, a refused submission) and after each of the router's own navigations here,
  // which write its address back: a reload, or Back from the preview, finds what was typed.
  const location = useLocation();
  useEffect(() => {
    if (!editing && draftId !== null) showDraftInAddress(draftId);
  }, [draftId, editing, location]);
  // A preview asked for before the first save: saved first (onSubmit), then shown.
  const previewNext = useRef(false);
  const navigate = useNavigate();
  useEffect(() => {
    if (!previewNext.current || autosave.state !== 'idle' || !autosave.data) return;
    previewNext.current = false;
    const saved = autosave.data.draftId;
    if (!saved) return;
    showDraftInAddress(saved);
    void navigate(paths.employerDraftPreview(saved));
  }, [autosave.state, autosave.data, navigate]);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  // A post's word (a city requested, nothing to save yet) takes the focus: the first request of a
  // new form makes its draft, whose form replaces this one (the page's key), and the focus fell
  // to the page, so a keyboard user started again at the top.
  const answer = useActionData();
  const noticeBox = useRef<HTMLParagraphElement>(null);
  // A refused submission's summary takes the focus instead; the notice is read after it.
  const refused = Object.keys(errors).length > 0;
  useEffect(() => {
    if (answer && notice && !refused) noticeBox.current?.focus();
  }, [answer, notice, refused]);
  // Maintenance refused the last save (as typed, or a button's post with JavaScript): nothing was
  // saved, and the form stays as it is (jobFormAction). Said until a save goes through.
  const [maintenance, setMaintenance] = useState(false);
  useEffect(() => {
    if ((answer as { maintenance?: boolean } | undefined)?.maintenance) setMaintenance(true);
  }, [answer]);
  useEffect(() => {
    if (autosave.state === 'idle' && autosave.data)
      setMaintenance(Boolean(autosave.data.maintenance));
  }, [autosave.state, autosave.data]);
  // The session ended (signed out in another tab or everywhere, or expired), or an owner removed
  // the account from the company: nothing was saved, and the form stays with what was typed
  // (jobFormAction). The pressed button's post is remembered until a save goes through, so the
  // word says to press it again; a save as you type says only that nothing is being saved.
  const [cut, setCut] = useState<{ why: 'signed-out' | 'removed'; intent: string } | null>(null);
  useEffect(() => {
    const sent = answer as { signedOut?: boolean; removed?: boolean; intent?: string } | undefined;
    if (sent?.signedOut || sent?.removed)
      setCut({ why: sent.removed ? 'removed' : 'signed-out', intent: sent.intent ?? 'save' });
  }, [answer]);
  useEffect(() => {
    if (autosave.state !== 'idle' || !autosave.data) return;
    const { signedOut, removed } = autosave.data;
    setCut((was) =>
      signedOut || removed
        ? {
            why: removed ? 'removed' : 'signed-out',
            intent: was && was.intent !== 'autosave' ? was.intent : 'autosave',
          }
        : null,
    );
  }, [autosave.state, autosave.data]);
  const cutBox = useRef<HTMLDivElement>(null);
  // A button's post that was refused so moves the focus to the word (not a save as you type).
  const focusCut = useRef(false);
  useEffect(() => {
    const sent = answer as { signedOut?: boolean; removed?: boolean } | undefined;
    if (sent?.signedOut || sent?.removed) focusCut.current = true;
  }, [answer]);
  useEffect(() => {
    if (!cut || !focusCut.current) return;
    focusCut.current = false;
    cutBox.current?.focus();
  }, [cut]);
  // The words of the button whose post was not saved, to press again.
  const pressed =
    cut?.intent === 'submit'
      ? (submitLabel ?? (editing ? 'Save changes' : 'Submit job'))
      : cut?.intent === 'preview'
        ? 'Preview'
        : cut?.intent === 'save'
          ? 'Save draft'
          : null;

  const saveNow = () => {
    if (timer.current) clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    // A new job's form is saved once it has something in it: no empty drafts (the action
    // says the same without JavaScript).
    if (!editing && draftId === null && !hasContent(valuesFromForm(data))) return;
    data.set('intent', 'autosave');
    void autosave.submit(data, { method: 'post', action });
  };
  const changed = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(saveNow, AUTOSAVE_DELAY_MS);
  };
  // A list changed by its buttons is saved like typing; the first render changes nothing.
  const listsSeen = useRef(false);
  useEffect(() => {
    if (listsSeen.current) changed();
    listsSeen.current = true;
  }, [lists]); // eslint-disable-line react-hooks/exhaustive-deps

  const text = (name: string) => textOf(values, name);
  const select = (name: string, label: string, options: DropdownOption[], required = true) => (
    <Field name={name} label={label} errors={errors}>
      {(aria) => (
        <select {...aria} defaultValue={text(name)} className={inputClass}>
          <option value="">{required ? 'Choose…' : 'Not stated'}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  /** A plain input for a form value; `props` are the input's own (type, limits, a default). */
  const input = (
    name: string,
    label: string,
    props: ComponentProps<'input'> = {},
    hint: string | undefined = undefined,
  ) => (
    <Field name={name} label={label} errors={errors} hint={hint}>
      {(aria) => <input {...aria} defaultValue={text(name)} className={inputClass} {...props} />}
    </Field>
  );
  /** The role or the city box, on this form's values and errors. */
  const nameBox = (name: 'city' | 'role', label: string) => (
    <NameBox
      name={name}
      label={label}
      values={values}
      errors={errors}
      hydrated={hydrated}
      onChanged={changed}
    />
  );

  return (
    <Form
      method="post"
      ref={formRef}
      // The server checks every field and answers with all that is wrong at once; the browser's
      // own check would stop a Submit on one number and leave the last answer's summary standing.
      noValidate
      onChange={changed}
      onSubmit={(event) => {
        // A pending autosave must not follow the submission (its draft may be gone by then).
        clearTimeout(timer.current ?? undefined);
        const button = (event.nativeEvent as SubmitEvent).submitter;
        // Enter in a text box saves the draft where the visitor is, as typing does, instead of
        // reloading the form and dropping the focus; a city named but not asked for still goes
        // to the action, which says how to ask.
        if (
          (button as HTMLButtonElement | null)?.value === 'enter' &&
          !String(new FormData(event.currentTarget).get('cityRequest') ?? '').trim()
        ) {
          event.preventDefault();
          saveNow();
          return;
        }
        if (
          editing ||
          draftId !== null ||
          (button as HTMLButtonElement | null)?.value !== 'preview'
        )
          return;
        // A new job's first preview: its draft is saved here first, so that this page's address
        // is the draft's before the preview opens, and Back from the preview comes back to it.
        const data = new FormData(event.currentTarget);
        if (!hasContent(valuesFromForm(data))) return;
        event.preventDefault();
        previewNext.current = true;
        data.set('intent', 'autosave');
        void autosave.submit(data, { method: 'post', action });
      }}
      className="flex flex-col gap-6"
      aria-labelledby="job-form-title"
    >
      {/* Enter in a text box submits with the form's first submit button, which would
          otherwise be "Request city" (an error unless a city is named): it saves the draft, and
          says so (intent "enter") when a city is named but was not asked for. */}
      <button type="submit" name="intent" value="enter" hidden tabIndex={-1} />
      {draftId !== null && <input type="hidden" name="draftId" value={draftId} />}
      {props.formKey && <input type="hidden" name="formKey" value={props.formKey} />}
      {editing && version && <input type="hidden" name="version" value={version} />}
      {props.companyId !== undefined && (
        <input type="hidden" name="companyId" value={props.companyId} />
      )}
      {/* Sent with JavaScript only: a post whose session ended is then answered here, not by the
          sign-in page (jobFormAction). */}
      {hydrated && <input type="hidden" name="scripted" value="1" />}
      <ErrorSummary errors={errors} />
      {notice && (
        <p
          ref={noticeBox}
          role="status"
          // Focusable by script only.
          tabIndex={-1}
          className="text-muted text-sm outline-none"
        >
          {notice}
        </p>
      )}
      {cut && (
        <div
          ref={cutBox}
          role="alert"
          // Focusable by script only: a refused button's post moves the focus here.
          tabIndex={-1}
          className="rounded-card border-warning bg-warning-soft text-warning border p-3 text-sm outline-none"
          data-not-saved={cut.why}
        >
          {cut.why === 'signed-out' ? (
            <p>
              You are signed out, so{' '}
              {pressed ? 'nothing was saved or submitted' : 'this draft is not being saved'}.
              Everything you typed is still here:{' '}
              <a
                href={`${paths.login}?next=${encodeURIComponent(paths.employer)}`}
                target="_blank"
                rel="noopener"
                className="font-medium underline"
              >
                sign in again in a new tab
              </a>
              , then come back to this page and{' '}
              {pressed ? `press ${pressed} again` : 'go on where you were'}.
            </p>
          ) : (
            <p>
              You are no longer a member of this company (an owner removed you, or you left it), so{' '}
              {pressed ? 'nothing was saved or submitted' : 'this job is not being saved'}.
              Everything you typed is still here: copy what you want to keep before you leave this
              page, and ask an owner of the company to invite you again.
            </p>
          )}
        </div>
      )}
      {changedSince && (
        <div
          ref={changedBox}
          role="alert"
          // Focusable by script only: the refused Save moves the focus here.
          tabIndex={-1}
          className="rounded-card border-warning bg-warning-soft text-warning border p-3 text-sm outline-none"
          data-changed-since
        >
          <p>
            Not saved: {changedSince.message} Everything you typed is still here. Press{' '}
            {submitLabel ?? 'Save changes'} again to replace that change with what is here, or see
            the job as it is now (what you typed is then discarded: copy what you need first).
          </p>
          <button
            type="submit"
            name="intent"
            value="discard"
            className="mt-2 font-medium underline"
          >
            Show the job as it is now
          </button>
        </div>
      )}
      {maintenance && (
        <p
          role="alert"
          className="rounded-card border-warning bg-warning-soft text-warning border p-3 text-sm"
          data-maintenance
        >
          We are in maintenance, so nothing was saved. Everything you typed is still here: keep this
          page open, and save or submit again in a few minutes.
        </p>
      )}
      <p role="status" className="text-muted text-xs" aria-live="polite">
        {autosave.state === 'submitting'
          ? 'Saving draft…'
          : autosave.data?.draftId
            ? 'Draft saved.'
            : ''}
      </p>

      <section className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">{input('title', 'Title', { maxLength: LIMITS.title })}</div>
        {nameBox('role', 'Role')}
        {nameBox('city', 'City')}
        <div className="sm:col-span-2">
          <Field
            name="cityRequest"
            label="City not in the list? Name it and ask us to add it"
            errors={errors}
          >
            {(aria) => (
              <div className="flex flex-wrap gap-2">
                <input
                  {...aria}
                  // Enter here asks for the city, as the button beside it does. Without
                  // JavaScript it presses the form's first (hidden) button, as Enter in any box
                  // does (a form has one default button, and its post does not say which box
                  // Enter was pressed in): the draft is saved and the page says how to ask.
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                    const form = event.currentTarget.form;
                    const button = form?.querySelector<HTMLButtonElement>(
                      'button[name="intent"][value="request-city"]',
                    );
                    if (!form || !button) return;
                    event.preventDefault();
                    form.requestSubmit(button);
                  }}
                  defaultValue={text('cityRequest')}
                  maxLength={100}
                  className={`${inputClass} min-w-0 flex-1 basis-48`}
                />
                <Button type="submit" name="intent" value="request-city" variant="secondary">
                  Request city
                </Button>
              </div>
            )}
          </Field>
        </div>
        {select('jobTypeId', 'Job type', choices.jobTypes)}
        {select('experienceLevel', 'Experience level', choices.levels)}
        {select(
          'workMode',
          'Work mode',
          WORK_MODES.map((m) => ({ id: m, label: WORK_MODE_LABELS[m] })),
          false,
        )}
        {input('noOfOpening', 'Number of openings', {
          type: 'number',
          inputMode: 'numeric',
          min: 1,
          max: LIMITS.openings,
          defaultValue: text('noOfOpening') || '1',
        })}
        {input(
          'openingsDate',
          'Openings date (optional)',
          { type: 'date' },
          'The day applications open; seekers read it as “Applications open from”.',
        )}
        {input(
          'closingDate',
          'Closing date',
          { type: 'date' },
          `Leave empty for ${LIMITS.closingDefaultDays} days from today; at most ${LIMITS.closingMaxDays} days.`,
        )}
      </section>

      <fieldset className="border-line rounded-card grid gap-4 border p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">Salary</legend>
        <div className="flex flex-col gap-2 sm:col-span-2" role="radiogroup" aria-label="Salary">
          {(
            [
              ['range', 'A range (in the currency of the job’s country)'],
              ['best', 'Best in industry (a short text instead of numbers)'],
              ['none', 'Not mentioned'],
            ] as const
          ).map(([mode, label]) => (
            <label key={mode} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="salaryMode"
                value={mode}
                checked={salaryMode === mode}
                onChange={() => setSalaryMode(mode)}
              />
              {label}
            </label>
          ))}
          {errors.salaryMode && <p className="text-danger text-sm">{errors.salaryMode}</p>}
        </div>
        {input('salaryFrom', 'Salary from', { type: 'number', inputMode: 'numeric', min: 0 })}
        {input('salaryTo', 'Salary to', { type: 'number', inputMode: 'numeric', min: 0 })}
        {select('salaryTypeId', 'Salary type', choices.salaryTypes)}
        {input('bestInIndustry', 'Best in industry text', { maxLength: LIMITS.bestInIndustry })}
      </fieldset>

      {input(
        'applyLink',
        'Apply link',
        { maxLength: LIMITS.applyLink },
        'Your careers page (https://…) or an address to write to (mailto:jobs@example.com).',
      )}
      <Field name="description" label="Description" errors={errors}>
        {(aria) => (
          <textarea
            {...aria}
            rows={8}
            defaultValue={text('description')}
            maxLength={LIMITS.description}
            className={inputClass}
          />
        )}
      </Field>

      {JOB_LIST_FIELDS.map((field) => (
        <ListField
          key={field}
          field={field}
          label={JOB_LIST_LABELS[field]}
          items={lists[field] ?? []}
          errors={errors}
          onChange={(items) => setLists((all) => ({ ...all, [field]: items }))}
        />
      ))}

      {submitNote && (
        <p id="job-form-submit-note" className="text-warning text-sm">
          {submitNote}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          name="intent"
          value="submit"
          aria-describedby={submitNote ? 'job-form-submit-note' : undefined}
        >
          {submitLabel ?? (editing ? 'Save changes' : 'Submit job')}
        </Button>
        <Button type="submit" name="intent" value="preview" variant="secondary">
          Preview
        </Button>
        <Button type="submit" name="intent" value="save" variant="secondary">
          Save draft
        </Button>
      </div>
    </Form>
  );
}
