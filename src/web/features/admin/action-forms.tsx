// The console's action forms. Each posts its own key (`form`), so a refused action comes back to
// the form that sent it, with its error below it and what the operator typed still in it, with or
// without JavaScript (the company page's pattern: employer-company.tsx).
import type { ReactNode } from 'react';
import { Form, Link, useLocation } from 'react-router';
import {
  type MergePreview,
  REJECTION_REASONS,
  REJECTION_TEXT_MAX,
} from '../../../shared/operator-services.ts';
import { Button } from '../../components/button.tsx';
import { ErrorText, inputClass } from '../employer/fields.tsx';

/** A refused action, as the action answers it: which form sent it and what it held. */
export type Refusal = {
  error: string;
  intent: string;
  form?: string;
  values?: Record<string, string>;
};

/** A merge asked of `form`, to be confirmed: it cannot be undone, and a mistyped number would
 * merge the wrong company. */
export type MergeQuestion = {
  form?: string;
  values?: Record<string, string>;
  merge: Extract<MergePreview, { ok: true }>;
};

/** What the console's action answers: a refusal, or a merge to confirm. */
export type ActionAnswer = Refusal | MergeQuestion;

/** The refusal if `form` sent it. */
const refusalOf = (answer: ActionAnswer | undefined, form: string) =>
  answer && 'error' in answer && answer.form === form ? answer : undefined;

/** The merge question if `form` asked it. */
const questionOf = (answer: ActionAnswer | undefined, form: string) =>
  answer && !('error' in answer) && answer.form === form ? answer : undefined;

/** Where a form's error goes (the form itself is `#form`: the top of the page links to it). */
const errorIdOf = (form: string) => `${form}-error`;

/** A form posting one action; `form` names it on the page (unique: a job may show twice). */
function ActionForm({
  form,
  intent,
  fields,
  refusal,
  className,
  children,
}: {
  form: string;
  intent: string;
  fields: Record<string, string | number>;
  refusal: Refusal | undefined;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" id={form} className={`scroll-mt-20 ${className}`}>
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

/** The aria attributes of a box whose form was refused. */
const invalid = (form: string, refusal: Refusal | undefined) =>
  refusal
    ? { 'aria-invalid': true as const, 'aria-describedby': errorIdOf(form) }
    : { 'aria-invalid': undefined, 'aria-describedby': undefined };

/** One button posting `intent` for `fields`. */
export function Intent({
  form,
  intent,
  fields,
  label,
  answer,
  variant = 'secondary',
}: {
  form: string;
  intent: string;
  fields: Record<string, string | number>;
  label: string;
  answer: ActionAnswer | undefined;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <ActionForm
      form={form}
      intent={intent}
      fields={fields}
      refusal={refusalOf(answer, form)}
      className="inline-flex flex-wrap"
    >
      <Button type="submit" size="sm" variant={variant}>
        {label}
      </Button>
    </ActionForm>
  );
}

/** Reject with a reason from the list plus a message: the employer gets both by e-mail. */
export function RejectForm({
  form,
  jobId,
  answer,
}: {
  form: string;
  jobId: number;
  answer: ActionAnswer | undefined;
}) {
  const refusal = refusalOf(answer, form);
  const typed = refusal?.values ?? {};
  const aria = invalid(form, refusal);
  return (
    <ActionForm
      form={form}
      intent="reject"
      fields={{ jobId }}
      refusal={refusal}
      className="flex max-w-full flex-wrap items-end gap-2"
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
      <Button type="submit" size="sm">
        Reject
      </Button>
    </ActionForm>
  );
}

/**
 * Merge one company into another, by the other's number: the first press asks, naming both
 * companies and what moves; "Merge for good" does it.
 */
export function MergeForm({
  form,
  companyId,
  answer,
}: {
  form: string;
  companyId: number;
  answer: ActionAnswer | undefined;
}) {
  const { pathname, search } = useLocation();
  const refusal = refusalOf(answer, form);
  const question = questionOf(answer, form);
  if (question) {
    const { fromName, intoName, jobs, members } = question.merge;
    const intoId = question.values?.intoId ?? '';
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    return (
      <ActionForm
        form={form}
        intent="merge"
        fields={{ companyId, intoId, confirm: 'yes' }}
        refusal={undefined}
        className="border-line-strong flex basis-full flex-wrap items-center gap-2 rounded border p-3"
      >
        <p className="basis-full text-sm">
          Merge <strong>{fromName}</strong> #{companyId} into <strong>{intoName}</strong> #{intoId}?{' '}
          {plural(jobs, 'job')} and {plural(members, 'member')} move to {intoName}, and {fromName}{' '}
          is suspended. This cannot be undone.
        </p>
        {/* Pressing Merge put this question where the button was; the answer is the next step. */}
        <Button type="submit" size="sm" autoFocus>
          Merge for good
        </Button>
        <Link to={`${pathname}${search}`} className="text-brand text-sm underline">
          Cancel
        </Link>
      </ActionForm>
    );
  }
  return (
    <ActionForm
      form={form}
      intent="merge"
      fields={{ companyId }}
      refusal={refusal}
      className="flex flex-wrap items-end gap-2"
    >
      <label className="text-sm">
        Merge into company #
        <input
          name="intoId"
          inputMode="numeric"
          pattern="[0-9]+"
          required
          defaultValue={refusal?.values?.intoId}
          className={`${inputClass} w-28`}
          {...invalid(form, refusal)}
        />
      </label>
      <Button type="submit" size="sm">
        Merge
      </Button>
    </ActionForm>
  );
}
