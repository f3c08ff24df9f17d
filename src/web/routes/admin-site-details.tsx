// /admin/site-details: the support e-mail and the social links that the contact page, the
// maintenance page and every page's footer show, set by an operator (the seed's are placeholders).
// A plain form post, so it works without JavaScript: refused, it comes back with an error at each
// wrong field and what was typed; saved, it is audited and this server's pages show it at once
// (other servers within a second, app-details.service.ts).
import { data, Form, Link, redirect, useLocation } from 'react-router';
import type { Route } from './+types/admin-site-details';
import {
  SITE_DETAILS_FIELDS,
  type SiteDetails,
  type SiteDetailsField,
  type SiteDetailsForm,
} from '../../shared/operator-services.ts';
import { Button } from '../components/button.tsx';
import { ErrorSummary, Field, inputClass } from '../components/fields.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { FormMessage } from '../features/accounts/account-fields.tsx';
import { operatorContext } from '../features/admin/admin.server.ts';
import { revalidateAfterPost } from '../features/admin/revalidate.ts';
import { PRIVATE_HEADERS, privateHeaders } from '../features/employer/employer.server.ts';
import { formText } from '../lib/form-text.ts';
import { paths } from '../lib/paths.ts';

/** A refused save: the errors by field and what was typed. */
type Refusal = { errors: Partial<Record<SiteDetailsField, string>>; values: SiteDetailsForm };

const DONE: Record<string, string> = {
  saved: 'Saved: the contact page, the maintenance page and every page’s footer show these now.',
  unchanged: 'Nothing to save: these are the details shown already.',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { moderation } = await operatorContext(request, context);
  const doneKey = new URL(request.url).searchParams.get('done') ?? '';
  const details = await moderation.siteDetails();
  const done = Object.hasOwn(DONE, doneKey) ? DONE[doneKey]! : null;
  return data({ details, done }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, moderation } = await operatorContext(request, context);
  const field = formText(await request.formData());
  const values = Object.fromEntries(
    SITE_DETAILS_FIELDS.map((name) => [name, field(name).slice(0, 2000)]),
  ) as SiteDetailsForm;
  const result = await moderation.setSiteDetails(actor, values);
  if (!result.ok) {
    return data<Refusal>(
      { errors: result.errors, values },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${paths.adminSiteDetails}?done=${result.changed ? 'saved' : 'unchanged'}`, {
    headers: PRIVATE_HEADERS,
  });
}

export const shouldRevalidate = revalidateAfterPost;

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Site details',
    description: 'The support e-mail and the social links of Openings',
    noindex: true,
  });

const LINK_HINT = 'An address starting with https://. Empty leaves the link out.';

/** The form's boxes: label, hint and the input's type. */
const BOXES: { name: SiteDetailsField; label: string; hint: string; type: 'email' | 'url' }[] = [
  {
    name: 'supportEmail',
    label: 'Support e-mail',
    hint: 'The contact page promises that a person answers mail sent here, and the maintenance page’s Send mail writes to it.',
    type: 'email',
  },
  { name: 'twitter', label: 'Twitter', hint: LINK_HINT, type: 'url' },
  { name: 'linkedIn', label: 'LinkedIn', hint: LINK_HINT, type: 'url' },
  { name: 'youtube', label: 'YouTube', hint: LINK_HINT, type: 'url' },
  { name: 'whatsApp', label: 'WhatsApp', hint: LINK_HINT, type: 'url' },
];

const shownValue = (details: SiteDetails, name: SiteDetailsField) => details[name] ?? '';

export default function AdminSiteDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { details, done } = loaderData;
  const { search } = useLocation();
  const errors = actionData?.errors ?? {};
  return (
    <>
      <PageHeader eyebrow="Operators" title="Site details" />
      <Container className="py-8">
        <p className="mb-4 text-sm">
          <Link to={paths.admin} className="text-brand underline">
            Back to the console
          </Link>
        </p>
        {done && !actionData && (
          // Keyed by the address, so a second save takes the focus again.
          <div className="mb-4" key={search}>
            <FormMessage tone="success" focus>
              {done}
            </FormMessage>
          </div>
        )}
        <p className="mb-6 max-w-2xl">
          The support e-mail shows on the contact page and the maintenance page; the social links in
          every page’s footer and on the contact page. Each change is in the console’s audit log.
        </p>
        {/* Keyed by what is saved: after a save the boxes show it as stored (a link as the
            browser reads it), while a refusal leaves them as typed. */}
        <Form
          key={JSON.stringify(details)}
          method="post"
          action={paths.adminSiteDetails}
          className="max-w-xl space-y-5"
        >
          <ErrorSummary errors={errors} />
          {BOXES.map((box) => (
            <Field key={box.name} name={box.name} label={box.label} hint={box.hint} errors={errors}>
              {(aria) => (
                <input
                  {...aria}
                  type={box.type}
                  required={box.name === 'supportEmail'}
                  defaultValue={actionData?.values[box.name] ?? shownValue(details, box.name)}
                  className={inputClass}
                />
              )}
            </Field>
          ))}
          <Button type="submit" variant="primary">
            Save
          </Button>
        </Form>
      </Container>
    </>
  );
}
