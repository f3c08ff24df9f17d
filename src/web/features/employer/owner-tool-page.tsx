// The frame of an employer page that only a company's owners use (API keys, job sources): the
// header with the way back to the dashboard, and either the owner's two columns or, for any
// other member, a sentence saying who can do this.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button.tsx';
import { Container, PageHeader } from '../../components/page.tsx';
import { paths } from '../../lib/paths.ts';

export function OwnerToolPage({
  companyName,
  title,
  lead,
  links,
  owner,
  ownersCan,
  children,
}: {
  companyName: string;
  title: string;
  lead: string;
  /** More links beside "Back to your jobs". */
  links?: ReactNode;
  owner: boolean;
  /** What only an owner can do, completing "Only an owner of <company> can …". */
  ownersCan: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader eyebrow={`Employer · ${companyName}`} title={title} lead={lead}>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={paths.employer} className={buttonClasses('secondary')}>
            Back to your jobs
          </Link>
          {links}
        </div>
      </PageHeader>
      <Container className="grid gap-10 py-10 lg:grid-cols-2">
        {owner ? (
          children
        ) : (
          <p className="text-muted lg:col-span-2">
            {`Only an owner of ${companyName} can ${ownersCan}.`}
          </p>
        )}
      </Container>
    </>
  );
}

/** One of the owner's two columns: its heading, a note above it and a short lead below it. */
export function ToolSection({
  id,
  title,
  notice,
  lead,
  children,
}: {
  id: string;
  title: string;
  notice?: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      {notice}
      <h2 id={id} className={`${lead ? 'mb-2' : 'mb-4'} text-xl font-semibold`}>
        {title}
      </h2>
      {lead && <p className="text-muted mb-4 text-sm">{lead}</p>}
      {children}
    </section>
  );
}

/** The answer to the last form post, above the form; red when it failed. */
export function StatusNote({
  failed = false,
  children,
}: {
  failed?: boolean;
  children: ReactNode;
}) {
  return (
    <p
      role="status"
      className={`rounded-card mb-4 border p-3 text-sm ${failed ? 'border-danger text-danger' : 'border-line'}`}
    >
      {children}
    </p>
  );
}
