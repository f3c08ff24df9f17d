// The page of a confirm or manage link that opens no alert: what may have happened and what to
// do, instead of the site's "can't find that page" (the unsubscribe page has its own words).
import { Link } from 'react-router';
import { Container, PageHeader } from '../../components/page.tsx';
import { paths } from '../../lib/paths.ts';
import { BAD_LINK } from './alert-texts.ts';

export function BadAlertLink({ focus = false }: { focus?: boolean }) {
  return (
    <>
      <PageHeader title={BAD_LINK.title} lead={BAD_LINK.lead} focus={focus} />
      <Container className="space-y-4 py-8">
        <p>{BAD_LINK.what}</p>
        <Link to={paths.jobs} className="text-brand underline">
          Find the search on the jobs page
        </Link>
      </Container>
    </>
  );
}
