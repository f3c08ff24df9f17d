// The console's action forms. Each posts its own key (`form`), so a refused action comes back to
// the form that sent it, with its error below it and what the operator typed still in it, with or
// without JavaScript (the company page's pattern: employer-company.tsx).
import { type KeyboardEventHandler, type ReactNode, useEffect, useRef } from 'react';
import { Form, Link, useLocation, useNavigate } from 'react-router';
import {
  type JobVersion,
  REJECTION_REASONS,
  REJECTION_TEXT_MAX,
  type RejectableStatus,
} from '../../../shared/operator-services.ts';
import { Button } from '../../components/button.tsx';
import { ErrorText, inputBaseClass, inputClass } from '../../components/fields.tsx';

/** Another way to what a refused action was for (a refused Reject's Unpublish), as a link. */
export type Offer = { href: string; label: string };

/** A refused action, as the action answers it: which form sent it and what it held. */
export type Refusal = {
  error: string;
  intent: string;
  form?: string;
  values?: Record<string, string>;
  offer?: Offer;
};

/**
 * A question asked before an action that takes something down is done (questions.server.ts):
 * `text` says exactly what would happen, `confirm` names the button that does it, which posts
 * `intent` again with `fields` and confirm=yes.
 */
export type Asked = {
  intent: string;
  fields: Record<string, string>;
  /** One line for the top of the page. */
  summary: string;
  text: string;
  confirm: string;
};

/**
 * The status a posted Reject saw its job in; anything else reads as in review, the stricter
 * expectation (a job live now is then refused, not rejected).
 */
export const seenStatus = (posted: string): RejectableStatus =>
  posted === 'live' ? 'live' : 'in_review';

/** An action asked of `form`, to be confirmed. */
export type Question = {
  form?: string;
  values?: Record<string, string>;
  question: Asked;
};

/** What the console's action answers: a refusal, or a question to confirm. */
export type ActionAnswer = Refusal | Question;

/** The refusal if `form` sent it. */
const refusalOf = (answer: ActionAnswer | undefined, form: string) =>
  answer && 'error' in answer && answer.form === form ? answer : undefined;

/** The question if `form` asked it. */
const questionOf = (answer: ActionAnswer | undefined, form: string) =>
  answer && 'question' in answer && answer.form === form ? answer.question : undefined;

/** Where a form's error goes (the form itself is `#form`: the top of the page links to it). */
const errorIdOf = (form: string) => `${form}-error`;

/**
 * The console's address with its searches but without the word on the last action (`done` and
 * its ids, `cancelled`), plus `extra`: where the forms post, so a refusal does not show under an
 * old "Done", and where Cancel goes.
 */
function consoleUrl(pathname: string, search: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(search);
  for (const name of ['done', 'item', 'into', 'cancelled']) params.delete(name);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.size ? `${pathname}?${params}` : pathname;
}

type ActionFormProps = {
  form: string;
  intent: string;
  fields: Record<string, string | number>;
  refusal: Refusal | undefined;
  className: string;
  children: ReactNode;
  onKeyDown?: KeyboardEventHandler<HTMLFormElement>;
};

/** A form posting one action; `form` names it on the page (unique: a job may show twice). */
function ActionForm({
  form,
  intent,
  fields,
  refusal,
  className,
  children,
  onKeyDown,
}: ActionFormProps) {
  const { pathname, search, hash } = useLocation();
  const ref = useRef<HTMLFormElement>(null);
  // Cancel (and the top of the page's "Go to the form") lead here by `#form`: with JavaScript the
  // focus comes too, so a keyboard user carries on where they were rather than at the top.
  useEffect(() => {
    if (hash !== `#${form}`) return;
    const first = [...(ref.current?.elements ?? [])].find(
      (element): element is HTMLElement =>
        element instanceof HTMLElement &&
        !(element instanceof HTMLInputElement && element.type === 'hidden'),
    );
    first?.focus();
  }, [hash, form]);
  return (
    <Form
      method="post"
      action={consoleUrl(pathname, search)}
      id={form}
      ref={ref}
      className={`scroll-mt-20 ${className}`}
      onKeyDown={onKeyDown}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="form" value={form} />
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={String(v)} />
      ))}
      {children}
      <div className="basis-full empty:hidden">
        <ErrorText id={errorIdOf(form)} error={refusal?.error} />
      </div>
    </Form>
  );
}

/**
 * What a repeated button or box ("Approve", "Reason" in every item) is about: the item's title
 * (`describedBy`), then its form's error if it was refused. Its name stays the bare word.
 */
const itemDescription = (describedBy: string | undefined, form: string, refused: boolean) =>
  [describedBy, refused ? errorIdOf(form) : undefined].filter(Boolean).join(' ') || undefined;

/** An action form with its boxes (`children`, if any) and the button that sends it. */
function ItemForm({
  label,
  describedBy,
  variant,
  children,
  ...formProps
}: Omit<ActionFormProps, 'children'> & {
  label: string;
  /** The id of the item's title, when the same form repeats in a list. */
  describedBy: string | undefined;
  variant?: 'primary' | 'secondary';
  children?: ReactNode;
}) {
  return (
    <ActionForm {...formProps}>
      {children}
      <Button
        type="submit"
        size="sm"
        variant={variant}
        aria-describedby={itemDescription(describedBy, formProps.form, Boolean(formProps.refusal))}
      >
        {label}
      </Button>
    </ActionForm>
  );
}

/** The aria attributes of a repeated box: described by its item, and invalid when refused. */
const boxAria = (describedBy: string, form: string, refusal: Refusal | undefined) => ({
  'aria-invalid': refusal ? (true as const) : undefined,
  'aria-describedby': itemDescription(describedBy, form, Boolean(refusal)),
});

/**
 * The question asked before `form`'s action is done, in the form's place: what would happen,
 * the button that does it (focused: pressing the action put the question here, and answering it
 * is the next step) and Cancel, which leaves everything as it was and goes back to the form.
 * Escape anywhere in the question is Cancel, as it is in a dialog.
 */
function ConfirmForm({ form, question }: { form: string; question: Asked }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const textId = `${form}-question`;
  // The same searches, and a word that it was cancelled: the address must differ from the page's
  // (a post answered it), or a browser without JavaScript only scrolls to `#form` in this page.
  const cancel = `${consoleUrl(pathname, search, { cancelled: question.intent })}#${form}`;
  return (
    <ActionForm
      form={form}
      intent={question.intent}
      fields={{ ...question.fields, confirm: 'yes' }}
      refusal={undefined}
      className="border-line-strong flex max-w-full basis-full flex-wrap items-center gap-2 rounded border p-3"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        void navigate(cancel);
      }}
    >
      <p id={textId} className="max-w-full basis-full text-sm break-words">
        {question.text}
      </p>
      <Button type="submit" size="sm" autoFocus aria-describedby={textId}>
        {question.confirm}
      </Button>
      <Link to={cancel} className="text-brand text-sm underline">
        Cancel
      </Link>
    </ActionForm>
  );
}

/**
 * One button posting `intent` for `fields`. If the action asks first (questions.server.ts), the
 * question takes the button's place until it is answered.
 */
export function Intent({
  form,
  intent,
  fields,
  label,
  answer,
  describedBy,
  variant = 'secondary',
}: {
  form: string;
  intent: string;
  fields: Record<string, string | number>;
  label: string;
  answer: ActionAnswer | undefined;
  /** The id of the item's title, when the same button repeats in a list. */
  describedBy?: string;
  variant?: 'primary' | 'secondary';
}) {
  const question = questionOf(answer, form);
  if (question) return <ConfirmForm form={form} question={question} />;
  return (
    <ItemForm
      form={form}
      intent={intent}
      fields={fields}
      refusal={refusalOf(answer, form)}
      className="inline-flex flex-wrap"
      label={label}
      describedBy={describedBy}
      variant={variant}
    />
  );
}

/**
 * Reject with a reason from the list plus a message: the employer gets both by e-mail. It posts
 * the status the page shows the job in (`seen`) and, where the page shows its words, their stamp
 * (`version`), so that a job decided otherwise or edited since is refused.
 */
export function RejectForm({
  form,
  jobId,
  seen,
  version,
  answer,
  describedBy,
}: {
  form: string;
  jobId: number;
  seen: RejectableStatus;
  version?: JobVersion;
  answer: ActionAnswer | undefined;
  /** The id of the job's title in its list. */
  describedBy: string;
}) {
  const refusal = refusalOf(answer, form);
  const typed = refusal?.values ?? {};
  const aria = boxAria(describedBy, form, refusal);
  return (
    <ItemForm
      form={form}
      intent="reject"
      fields={version === undefined ? { jobId, seen } : { jobId, seen, version }}
      refusal={refusal}
      className="flex max-w-full flex-wrap items-end gap-2"
      label="Reject"
      describedBy={describedBy}
    >
      <label className="max-w-full text-sm">
        Reason
        <select
          name="reason"
          className={inputClass}
          required
          defaultValue={typed.reason ?? ''}
          {...aria}
        >
          <option value="" disabled>
            Choose…
          </option>
          {REJECTION_REASONS.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <label className="max-w-full text-sm">
        Message to the employer
        <input
          name="text"
          maxLength={REJECTION_TEXT_MAX}
          defaultValue={typed.text}
          className={inputClass}
          {...aria}
        />
      </label>
    </ItemForm>
  );
}

/**
 * Merge one company into another, by the other's number: the first press asks, naming both
 * companies and what moves (questions.server.ts); "Merge for good" does it.
 */
export function MergeForm({
  form,
  companyId,
  answer,
  describedBy,
}: {
  form: string;
  companyId: number;
  answer: ActionAnswer | undefined;
  /** The id of the company's name in its list. */
  describedBy: string;
}) {
  const question = questionOf(answer, form);
  if (question) return <ConfirmForm form={form} question={question} />;
  const refusal = refusalOf(answer, form);
  return (
    <ItemForm
      form={form}
      intent="merge"
      fields={{ companyId }}
      refusal={refusal}
      className="flex flex-wrap items-end gap-2"
      label="Merge"
      describedBy={describedBy}
    >
      <label className="text-sm">
        Merge into company #
        <input
          name="intoId"
          inputMode="numeric"
          pattern="[0-9]+"
          required
          defaultValue={refusal?.values?.intoId}
          className={`${inputBaseClass} w-28`}
          {...boxAria(describedBy, form, refusal)}
        />
      </label>
    </ItemForm>
  );
}

/** How the top of the page names what an operator typed into a form. */
const TYPED_LABELS: Record<string, string> = {
  reason: 'Your reason',
  text: 'Your message to the employer, to copy',
  intoId: 'The company number you typed',
  name: 'The city name you typed',
};

/**
 * What was typed into a refused form that is no longer on the page (another operator acted on
 * its item first), shown read-only so that nothing typed is lost.
 */
export function TypedValues({ refusal }: { refusal: Refusal }) {
  // Only what was typed: a choice from a list (a region's id) is no words to keep.
  const typed = Object.entries(refusal.values ?? {}).filter(
    ([name, value]) => name in TYPED_LABELS && value.trim() !== '',
  );
  if (typed.length === 0) return null;
  return (
    <div className="mt-2 space-y-2">
      {typed.map(([name, value]) => (
        <label key={name} className="text-danger block text-sm">
          {TYPED_LABELS[name]}:
          <textarea
            readOnly
            value={value}
            rows={name === 'text' ? 3 : 1}
            className={`${inputClass} block w-full max-w-full`}
          />
        </label>
      ))}
    </div>
  );
}

/**
 * A refused action, at the top of the page. While its form is on the page it links to it (the
 * error is there too, beside the button pressed, which keeps the focus). When the form is gone
 * (another operator acted on its item first), the button pressed went with it and dropped the
 * focus to the page: the refusal takes it, every time a refusal comes, and keeps what was typed.
 */
export function RefusalNotice({ refusal, formShown }: { refusal: Refusal; formShown: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!formShown) box.current?.focus();
  }, [refusal, formShown]);
  return (
    <div
      ref={box}
      role="alert"
      // Focusable by script only.
      tabIndex={-1}
      className="border-danger text-danger mb-4 scroll-mt-20 rounded border p-3 outline-none"
    >
      <p>
        {refusal.error}
        {formShown && (
          <>
            {' '}
            <a href={`#${refusal.form}`} className="underline">
              Go to the form
            </a>
          </>
        )}
      </p>
      {refusal.offer && (
        <p className="mt-2">
          <Link to={refusal.offer.href} className="underline">
            {refusal.offer.label}
          </Link>
        </p>
      )}
      {!formShown && <TypedValues refusal={refusal} />}
    </div>
  );
}
