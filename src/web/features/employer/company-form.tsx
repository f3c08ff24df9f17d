// The company profile form (create and edit): name, website, location, overview.
import { Form } from 'react-router';
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
  return (
    <Form method="post" className="flex flex-col gap-4">
      <ErrorSummary errors={errors} />
      <Field name="companyName" label="Company name" errors={errors}>
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
        label="Website"
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
      <Field name="companyLocation" label="Location" errors={errors}>
        {(aria) => (
          <input
            {...aria}
            defaultValue={value('companyLocation')}
            maxLength={120}
            className={inputClass}
          />
        )}
      </Field>
      <Field name="companyOverview" label="Overview" errors={errors}>
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
