// The company profile form (create and edit): name, website, location, overview.
import { Form, useActionData } from 'react-router';
import type { FieldErrors } from '../../../shared/contract/employer-jobs.ts';
import { Button } from '../../components/button.tsx';
import { ErrorSummary, Field, inputClass } from '../../components/fields.tsx';

export interface CompanyValues {
  companyName?: string | null;
  companyWebsite?: string | null;
  companyLocation?: string | null;
  companyOverview?: string | null;
}

/** How the website decides verification (companies.service.ts create and update). */
const WEBSITE_HINT = {
  create:
    "A company whose website is on your verified e-mail's domain is verified at once; others are checked by our team.",
  edit: "A website on your verified e-mail's domain verifies the company at once. Moving it to another domain ends its verification until our team has checked it.",
};

/** The form's fields by name, as their labels say them. */
const LABELS: Record<keyof CompanyValues, string> = {
  companyName: 'Company name',
  companyWebsite: 'Website',
  companyLocation: 'Location',
  companyOverview: 'Overview',
};

/**
 * The summary's line for each error: a field's is its label, a link to the field, whose error
 * (read with it, by aria-describedby) says what is wrong; the whole error again in the summary
 * showed and read the same words twice. An error of no field keeps its words.
 */
function summaryOf(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([name, message]) => [
      name,
      message && Object.hasOwn(LABELS, name) ? LABELS[name as keyof CompanyValues] : message,
    ]),
  );
}

/** A number for each answer of the page's action, each post's answer being a new object. */
const answerNumbers = new WeakMap<object, number>();
let answersSeen = 0;
function answerNumber(answer: unknown): number {
  if (typeof answer !== 'object' || answer === null) return 0;
  if (!answerNumbers.has(answer)) answerNumbers.set(answer, ++answersSeen);
  return answerNumbers.get(answer)!;
}

export function CompanyForm(props: {
  values: CompanyValues;
  errors: FieldErrors;
  intent: string;
  submitLabel: string;
  /** The profile of an existing company, whose verification a new website decides again. */
  editing?: boolean;
}) {
  const { values, errors, intent, submitLabel, editing = false } = props;
  const value = (name: keyof CompanyValues) => values[name] ?? '';
  // A new summary for each refusal: it takes the focus when it appears, and a second refusal of
  // the same field reads the same short words, which would not move the focus to it again.
  const answer = answerNumber(useActionData());
  return (
    <Form method="post" className="flex flex-col gap-4">
      <ErrorSummary key={answer} errors={summaryOf(errors)} />
      <Field name="companyName" label={LABELS.companyName} errors={errors}>
        {(aria) => (
          <input
            {...aria}
            defaultValue={value('companyName')}
            maxLength={100}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        name="companyWebsite"
        label={LABELS.companyWebsite}
        errors={errors}
        hint={editing ? WEBSITE_HINT.edit : WEBSITE_HINT.create}
      >
        {(aria) => (
          <input
            {...aria}
            type="url"
            defaultValue={value('companyWebsite')}
            placeholder="https://"
            maxLength={300}
            className={inputClass}
          />
        )}
      </Field>
      <Field name="companyLocation" label={LABELS.companyLocation} errors={errors}>
        {(aria) => (
          <input
            {...aria}
            defaultValue={value('companyLocation')}
            maxLength={120}
            className={inputClass}
          />
        )}
      </Field>
      <Field name="companyOverview" label={LABELS.companyOverview} errors={errors}>
        {(aria) => (
          <textarea
            {...aria}
            rows={5}
            defaultValue={value('companyOverview')}
            maxLength={3000}
            className={inputClass}
          />
        )}
      </Field>
      <div>
        <Button type="submit" name="intent" value={intent}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
