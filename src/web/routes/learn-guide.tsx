// /learn/{slug}: one guide; an unknown slug is a real 404.
import { data, Link } from 'react-router';
import type { Route } from './+types/learn-guide';
import { ButtonLink } from '../components/button.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { routeMeta } from '../components/seo.ts';
import { findGuide, guides, type GuideSection } from '../features/learn/guides.ts';
import { paths } from '../lib/paths.ts';

export function loader({ params }: Route.LoaderArgs) {
  const guide = findGuide(params.slug);
  if (!guide) throw data({ message: 'There is no guide at this address.' }, { status: 404 });
  return { slug: guide.slug };
}

export const meta: Route.MetaFunction = (args) => {
  const guide = args.loaderData && findGuide(args.loaderData.slug);
  if (!guide) return [];
  return routeMeta(args, { title: guide.title, description: guide.summary, type: 'article' });
};

function Section({ section }: { section: GuideSection }) {
  const List = section.ordered ? 'ol' : 'ul';
  return (
    <>
      <h2>{section.heading}</h2>
      {section.paragraphs?.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {section.list && (
        <List>
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      )}
    </>
  );
}

export default function LearnGuide({ loaderData }: Route.ComponentProps) {
  const guide = findGuide(loaderData.slug);
  if (!guide) return null;
  const others = guides.filter((g) => g.slug !== guide.slug);
  return (
    <article>
      <PageHeader
        eyebrow={`Learn · ${guide.minutes} min read`}
        title={guide.title}
        lead={guide.summary}
      >
        <nav aria-label="Breadcrumb" className="mt-6 text-sm">
          <Link to={paths.learn} className="text-brand hover:underline">
            ← All guides
          </Link>
        </nav>
      </PageHeader>
      <Container className="py-10">
        <div className="prose-page">
          {guide.sections.map((s) => (
            <Section key={s.heading} section={s} />
          ))}
        </div>
        <aside
          aria-labelledby="next-title"
          className="rounded-card border-line bg-surface-raised mt-14 max-w-[42rem] border p-6"
        >
          <h2 id="next-title" className="font-semibold">
            Ready to put it to use?
          </h2>
          <p className="text-muted mt-1">Browse the current openings, or read another guide.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ButtonLink to={paths.jobs}>Browse current openings</ButtonLink>
            {others.map((g) => (
              <ButtonLink key={g.slug} to={paths.guide(g.slug)} variant="secondary">
                {g.title}
              </ButtonLink>
            ))}
          </div>
        </aside>
      </Container>
    </article>
  );
}
