// The console's action forms. Each posts its own key (`form`), so a refused action comes back to
// the form that sent it, with its error below it and what the operator typed still in it, with or
// without JavaScript (the company page's pattern: employer-company.tsx).
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { REJECTION_REASONS, REJECTION_TEXT_MAX } from '../../../shared/operator-services.ts';
import { Button } from '../../components/button.tsx';
import { ErrorText, inputClass } from '../employer/fields.tsx';

/** A refused action, as the action answers it: which form sent it and what it held. */
export type Refusal = {
  error: string;
  intent: string;
  form?: string;
  values?: Record<string, string>;
};

/** The refusal if `form` sent it. */
export const refusalOf = (refusal: Refusal | undefined, form: string) =>
  refusal?.form === form ? refusal : undefined;

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
  refusal,
  variant = 'secondary',
}: {
  form: string;
  intent: string;
  fields: Record<string, string | number>;
  label: string;
  refusal: Refusal | undefined;
  variant?: 'primary' | 'secondary';
}) {
  return (
    <ActionForm
      form={form}
      intent={intent}
      fields={fields}
      refusal={refusal}
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
  refusal,
}: {
  form: string;
  jobId: number;
  refusal: Refusal | undefined;
}) {
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

/** Merge one company into another, by the other's number. */
export function MergeForm({
  form,
  companyId,
  refusal,
}: {
  form: string;
  companyId: number;
  refusal: Refusal | undefined;
}) {
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
