// /about: what Openings is, with live figures from our-app-details.
import type { Route } from './+types/about';
import { ButtonLink } from '../components/button.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { formatWhole } from '../lib/format.ts';
import { paths } from '../lib/paths.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return { figures: await context.services.appDetails.figures() };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'About',
    description:
      'Openings lists current jobs from companies that are hiring, with the salary up front and the apply link straight to the company.',
  });

const PRINCIPLES = [
  {
    title: 'Only current openings',
    text: 'Jobs leave the board when they close or pass their closing date, so you never apply into a void.',
  },
  {
    title: 'Salary up front',
    text: 'When a company gives a range we show it on the card, in the local currency, before you click.',
  },
  {
    title: 'Apply at the source',
    text: 'The apply button takes you to the company’s own page. We never sit between you and the employer.',
  },
  {
    title: 'Free and private',
    text: 'No account, no tracking profile, no fees. A job board should never ask a job seeker for money.',
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  const stats = [
    { label: 'current openings', value: figures.totalCurrentOpenings },
    { label: 'companies hiring', value: figures.ourCompanies },
    { label: 'cities', value: figures.cities },
    { label: 'countries', value: figures.countries },
  ];
  return (
    <>
      <PageHeader
        eyebrow="About"
        title="A calm, honest place to find your next job"
        lead="Openings is a public job board. Browse current openings, filter by role, location, company and experience, read the full description, and apply on the company’s own page."
      />
      <Container className="space-y-14 py-12">
        <section aria-labelledby="figures-title">
          <h2 id="figures-title" className="text-muted text-sm font-semibold">
            Openings today
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
            {stats.map((s) => (
              <div
                key={s.label}
                className="rounded-card border-line bg-surface-raised shadow-card border p-5"
              >
                <dt className="text-muted text-sm">{s.label}</dt>
                <dd className="mt-1 text-3xl font-bold tracking-tight tabular-nums">
                  {formatWhole(s.value)}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="principles-title">
          <h2 id="principles-title" className="text-2xl font-bold tracking-tight">
            What we stand for
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2">
            {PRINCIPLES.map((p) => (
              <li key={p.title} className="rounded-card border-line bg-surface-raised border p-6">
                <h3 className="font-semibold">{p.title}</h3>
                <p className="text-muted mt-2">{p.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-card bg-brand-soft flex flex-col items-start gap-4 p-8 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-xl font-semibold">Start with what is open now</h2>
            <p className="text-muted mt-1">New jobs are added every day.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to={paths.jobs} size="lg">
              Browse jobs
            </ButtonLink>
            <ButtonLink to={paths.contact} variant="secondary" size="lg">
              Contact us
            </ButtonLink>
          </div>
        </section>
      </Container>
    </>
  );
}
