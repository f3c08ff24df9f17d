// Where an inactive job's URL leads (DESIGN.md §5): 410 Gone, never indexed.
import { data } from 'react-router';
import type { Route } from './+types/not-an-active-job';
import { routeMeta } from '../components/seo.ts';
import { InactiveJobPanel, INACTIVE_TEXTS } from '../components/status-pages.tsx';

export function loader() {
  return data(null, { status: 410, headers: { 'X-Robots-Tag': 'noindex' } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'No longer active',
    description: `${INACTIVE_TEXTS.title} ${INACTIVE_TEXTS.message}`,
    noindex: true,
  });

export default function NotAnActiveJob() {
  return <InactiveJobPanel />;
}
