// /admin/city-requests: the cities employers asked for from the job form ("Request city"), one
// item per name however often it was asked. An operator adds the city (it can be chosen in the
// job form and the location filter at once) or dismisses the requests with a reason; the
// employers are e-mailed either way. Plain form posts, so it works without JavaScript; a done
// action comes back to this page saying what was done (POST-redirect-GET).
import { data, Form, Link, redirect, useLocation } from 'react-router';
import type { Route } from './+types/admin-city-requests';
import {
  CITY_NAME_MAX,
  type CityRequestGroup,
  type CityRequestsService,
  DISMISS_REASON_MAX,
  type RegionOption,
} from '../../shared/city-request-services.ts';
import type { AppLoadContext } from '../../shared/services.ts';
import { Button } from '../components/button.tsx';
import { ErrorText, inputClass } from '../components/fields.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { FormMessage } from '../features/accounts/account-fields.tsx';
import { RefusalNotice } from '../features/admin/action-forms.tsx';
import { operatorContext } from '../features/admin/admin.server.ts';
import { revalidateAfterPost } from '../features/admin/revalidate.ts';
import { PRIVATE_HEADERS, privateHeaders } from '../features/employer/employer.server.ts';
import { formatDate } from '../lib/format.ts';
import { formText } from '../lib/form-text.ts';
import { paths } from '../lib/paths.ts';

const INTENTS = ['add', 'dismiss'] as const;
type Intent = (typeof INTENTS)[number];

/** A refused decision: which request's form sent it, and what the operator typed in it. */
type Refusal = { error: string; intent: Intent; item: number; values: Record<string, string> };

/** The signed-in operator (others: as at /admin) and the city requests service. */
async function cityRequestsOf(request: Request, context: AppLoadContext) {
  const { actor } = await operatorContext(request, context);
  const cityRequests = context.cityRequests as CityRequestsService | undefined;
  if (!cityRequests) throw new Error('The load context has no cityRequests service (app.ts)');
  return { actor, cityRequests };
}

const idOf = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : 0);

/** The page's word on the decision the address names, read from the request, not the address. */
async function doneMessage(cityRequests: CityRequestsService, params: URLSearchParams) {
  const intent = params.get('done');
  if (intent !== 'add' && intent !== 'dismiss') return null;
  const decided = await cityRequests.decision(idOf(params.get('item')));
  if (decided?.status === 'added') {
    return `Added ${decided.city}: employers can choose it now. Whoever asked for “${decided.name}” was e-mailed.`;
  }
  if (decided?.status === 'listed') {
    return `${decided.city} was already listed, so no city was added. Whoever asked for “${decided.name}” was e-mailed that they can choose it.`;
  }
  if (decided?.status === 'dismissed') {
    return `Dismissed the request for “${decided.name}”. Whoever asked was e-mailed.`;
  }
  return null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { cityRequests } = await cityRequestsOf(request, context);
  const [groups, regions, done] = await Promise.all([
    cityRequests.pending(),
    cityRequests.regions(),
    doneMessage(cityRequests, new URL(request.url).searchParams),
  ]);
  return data({ groups, regions, done }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, cityRequests } = await cityRequestsOf(request, context);
  const field = formText(await request.formData());
  const intent = field('intent') as Intent;
  const item = idOf(field('item'));
  if (!INTENTS.includes(intent)) {
    throw data({ message: 'Unknown action' }, { status: 400, headers: PRIVATE_HEADERS });
  }
  const values: Record<string, string> =
    intent === 'add'
      ? { name: field('name').slice(0, 200), regionId: field('regionId').slice(0, 12) }
      : { reason: field('reason').slice(0, DISMISS_REASON_MAX * 2) };
  const result =
    intent === 'add'
      ? await cityRequests.add(actor, item, {
          name: field('name'),
          regionId: idOf(field('regionId')),
        })
      : await cityRequests.dismiss(actor, item, field('reason'));
  if (!result.ok) {
    return data<Refusal>(
      { error: result.message, intent, item, values },
      { status: 409, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${paths.adminCityRequests}?done=${intent}&item=${item}`, {
    headers: PRIVATE_HEADERS,
  });
}

export const shouldRevalidate = revalidateAfterPost;

export const headers = privateHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'City requests',
    description: 'Cities employers asked for',
    noindex: true,
  });

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The regions by country, for the select's groups. */
function byCountry(regions: RegionOption[]) {
  const countries = new Map<string, RegionOption[]>();
  for (const region of regions) {
    countries.set(region.country, [...(countries.get(region.country) ?? []), region]);
  }
  return [...countries];
}

/** The ids of one request's title, forms and boxes. */
const idsOf = (id: number) => ({
  title: `request-${id}-title`,
  add: `request-${id}-add`,
  dismiss: `request-${id}-dismiss`,
});

/** One name employers asked for: who asked, and the two decisions. */
function RequestItem({
  group,
  regions,
  refusal,
}: {
  group: CityRequestGroup;
  regions: [string, RegionOption[]][];
  refusal: Refusal | undefined;
}) {
  const ids = idsOf(group.id);
  const refusalOf = (intent: Intent) =>
    refusal?.item === group.id && refusal.intent === intent ? refusal : undefined;
  const added = refusalOf('add');
  const dismissed = refusalOf('dismiss');
  const described = (refused: Refusal | undefined, form: string) =>
    [ids.title, refused ? `${form}-error` : ''].filter(Boolean).join(' ');
  return (
    <li className="border-line rounded border p-4" data-city-request={group.name}>
      <h2 id={ids.title} className="text-lg font-semibold">
        “{group.name}”{' '}
        <span className="text-muted text-sm font-normal">
          asked {plural(group.askers.length, 'time')}
        </span>
      </h2>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {group.askers.map((asker) => (
          <li key={asker.requestId}>
            {asker.name !== group.name && <>“{asker.name}” — </>}
            {asker.companyName ?? 'a company since deleted'}
            {asker.email ? ` (${asker.email})` : ' (account deleted)'}, {formatDate(asker.askedAt)}
          </li>
        ))}
      </ul>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Form
          method="post"
          action={paths.adminCityRequests}
          id={ids.add}
          className="flex flex-col gap-2"
        >
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="item" value={group.id} />
          <label className="text-sm font-medium">
            City name, as the list will show it
            <input
              name="name"
              required
              maxLength={CITY_NAME_MAX}
              defaultValue={added?.values.name ?? group.name}
              aria-describedby={described(added, ids.add)}
              className={inputClass}
            />
          </label>
          <label className="text-sm font-medium">
            Region and country
            <select
              name="regionId"
              required
              defaultValue={added?.values.regionId ?? ''}
              aria-describedby={described(added, ids.add)}
              className={inputClass}
            >
              <option value="">Choose a region</option>
              {regions.map(([country, list]) => (
                <optgroup key={country} label={country}>
                  {list.map((region) => (
                    <option key={region.id} value={region.id}>
                      {region.name}, {country}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <ErrorText id={`${ids.add}-error`} error={added?.error} />
          <div>
            <Button type="submit" variant="primary" size="sm" aria-describedby={ids.title}>
              Add city
            </Button>
          </div>
        </Form>
        <Form
          method="post"
          action={paths.adminCityRequests}
          id={ids.dismiss}
          className="flex flex-col gap-2"
        >
          <input type="hidden" name="intent" value="dismiss" />
          <input type="hidden" name="item" value={group.id} />
          <label className="text-sm font-medium">
            Reason for the employer (optional)
            <textarea
              name="reason"
              rows={2}
              maxLength={DISMISS_REASON_MAX}
              defaultValue={dismissed?.values.reason ?? ''}
              aria-describedby={described(dismissed, ids.dismiss)}
              className={inputClass}
            />
          </label>
          <ErrorText id={`${ids.dismiss}-error`} error={dismissed?.error} />
          <div>
            <Button type="submit" size="sm" aria-describedby={ids.title}>
              Dismiss
            </Button>
          </div>
        </Form>
      </div>
    </li>
  );
}

export default function AdminCityRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, done } = loaderData;
  const regions = byCountry(loaderData.regions);
  const { search } = useLocation();
  const gone = actionData && !groups.some((group) => group.id === actionData.item);
  return (
    <>
      <PageHeader eyebrow="Operators" title="City requests" />
      <Container className="py-8">
        <p className="mb-4 text-sm">
          <Link to={paths.admin} className="text-brand underline">
            Back to the console
          </Link>
        </p>
        {done && (
          // The page opens on what was done: the button pressed went with its request. Keyed by
          // the address, so each decision takes the focus again.
          <div className="mb-4" key={search}>
            <FormMessage tone="success" focus>
              {done}
            </FormMessage>
          </div>
        )}
        {actionData && gone && <RefusalNotice refusal={actionData} formShown={false} />}
        <p className="mb-4">
          {groups.length === 0
            ? 'No city requests wait.'
            : `${groups.length === 1 ? 'One city' : `${groups.length} cities`} asked for. Adding one makes it a choice in the job form and the location filter at once.`}
        </p>
        <ul className="space-y-4">
          {groups.map((group) => (
            <RequestItem
              key={group.id}
              group={group}
              regions={regions}
              refusal={actionData && !gone ? actionData : undefined}
            />
          ))}
        </ul>
      </Container>
    </>
  );
}
