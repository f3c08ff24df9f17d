// /contact: support e-mail, social links, and the section for employers that the header's
// Log in / Sign in / Sign up buttons lead to (DESIGN.md §5).
import type { Route } from './+types/contact';
import { ButtonAnchor, ButtonLink } from '../components/button.tsx';
import { Container, PageHeader } from '../components/page.tsx';
import { useRootData } from '../components/root-data.ts';
import { routeMeta } from '../components/seo.ts';
import { socialLinks, SocialLinks } from '../components/social-links.tsx';
import { paths } from '../lib/paths.ts';

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Contact',
    description:
      'Write to the Openings team: support for job seekers, and how employers can list their openings.',
  });

const card = 'rounded-card border border-line bg-surface-raised p-6 shadow-card sm:p-8';

export default function Contact() {
  const details = useRootData()?.appDetails;
  if (!details) return null;
  const mail = (subject: string) =>
    `mailto:${details.supportEmail}?subject=${encodeURIComponent(subject)}`;
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="We’re here to help"
        lead="A question about a job, a listing that looks wrong, or an idea to make Openings better: write to us and a person will answer, usually within one working day."
      />
      <Container className="grid gap-6 py-12 lg:grid-cols-2">
        <section aria-labelledby="support-title" className={card}>
          <h2 id="support-title" className="text-xl font-semibold">
            Job seekers
          </h2>
          <p className="text-muted mt-2">
            For help with the site, or to report a job that is closed, misleading or asks you for
            money, e-mail our support team.
          </p>
          <p className="mt-4">
            <a href={`mailto:${details.supportEmail}`} className="text-brand font-medium underline">
              {details.supportEmail}
            </a>
          </p>
          <div className="mt-6">
            <ButtonAnchor href={mail('Support request')}>Send mail</ButtonAnchor>
          </div>
          {/* An operator may leave every link empty (/admin/site-details): then no heading. */}
          {socialLinks(details).length > 0 && (
            <>
              <h3 className="text-muted mt-8 text-sm font-semibold">Follow us</h3>
              <SocialLinks details={details} className="mt-3" />
            </>
          )}
        </section>
        <section
          id="employers"
          aria-labelledby="employers-title"
          className={`${card} scroll-mt-24`}
        >
          <h2 id="employers-title" className="text-xl font-semibold">
            Employers: log in, sign in or sign up
          </h2>
          <p className="text-muted mt-2">
            Create an account, confirm your e-mail address, then set up your company (or ask to join
            it) and post your openings. One account serves both job seekers and employers. A company
            whose website matches your e-mail address is verified at once; others are checked by our
            team first.
          </p>
          <ul className="text-muted mt-4 list-disc space-y-1 pl-5">
            <li>Listing jobs is free while we are in early access.</li>
            <li>Applications go straight to your own careers page or applicant system.</li>
            <li>Questions about your account? Write to the support address.</li>
          </ul>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to={paths.signup}>Sign up</ButtonLink>
            <ButtonLink to={paths.login} variant="secondary">
              Log in
            </ButtonLink>
          </div>
        </section>
      </Container>
    </>
  );
}
