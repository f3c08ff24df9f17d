// /learn: the guides for job seekers.
import { Link } from 'react-router';
import type { Route } from './+types/learn';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { guides } from '../features/learn/guides.ts';
import { paths } from '../lib/paths.ts';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Learn',
    description:
      'Short, practical guides for job seekers: reading a job description, writing a résumé that gets read, and preparing for interviews.',
  });

export default function Learn() {
  return (
    <>
      <PageHeader
        eyebrow="Learn"
        title="Guides for a better job search"
        lead="Short, practical reading for every step between finding an opening and accepting an offer."
      />
      <Container className="py-12">
        <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {guides.map((guide, i) => (
            <li key={guide.slug}>
              <Link
                to={paths.guide(guide.slug)}
                className="group rounded-card border-line bg-surface-raised shadow-card hover:border-brand flex h-full flex-col border p-6 transition-colors"
              >
                <span className="text-brand text-sm font-semibold">Guide {i + 1}</span>
                <h2 className="group-hover:text-brand mt-2 text-xl font-semibold tracking-tight">
                  {guide.title}
                </h2>
                <p className="text-muted mt-3 flex-1">{guide.summary}</p>
                <span className="text-muted mt-6 text-sm">{guide.minutes} min read →</span>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </>
  );
}
