// Page frame pieces: the centred container, the heading block every content page starts with, a
// section named by its heading, and the page that says something is done.
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';

export function Container({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  return <div className={`container-page ${className}`}>{children}</div>;
}

/** A page's h1. With `focus` it takes the focus when it appears (see PageHeader's `focus`). */
export function PageTitle({
  focus = false,
  className,
  children,
}: {
  focus?: boolean;
  className: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <h1 ref={heading} tabIndex={focus ? -1 : undefined} className={`${className} outline-none`}>
      {children}
    </h1>
  );
}

export function PageHeader({
  eyebrow,
  title,
  lead,
  focus = false,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  /**
   * The heading takes the focus: a page that says a form's post went through, which replaced the
   * form (and the button the keyboard was on), so a keyboard or screen-reader user hears the result.
   */
  focus?: boolean;
  children?: ReactNode;
}) {
  return (
    <header className="border-line bg-surface-raised border-b">
      <Container className="py-10 sm:py-14">
        {eyebrow && (
          <p className="text-brand mb-3 text-sm font-semibold tracking-wide">{eyebrow}</p>
        )}
        <PageTitle
          focus={focus}
          className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl"
        >
          {title}
        </PageTitle>
        {lead && <p className="text-muted mt-4 max-w-2xl text-lg text-pretty">{lead}</p>}
        {children}
      </Container>
    </header>
  );
}

/** A section named by its heading (aria-labelledby); the page in which it sits gives its look. */
export function TitledSection({
  id,
  title,
  className,
  headingClassName,
  children,
}: {
  id: string;
  title: string;
  className: string;
  headingClassName: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A page saying that something is done, with one link onward. */
export function DonePage({
  title,
  lead,
  to,
  linkLabel,
  focus = false,
}: {
  title: string;
  lead: string;
  to: string;
  linkLabel: string;
  /** See PageHeader's: true when the page answers the visitor's own post. */
  focus?: boolean;
}) {
  return (
    <>
      <PageHeader title={title} lead={lead} focus={focus} />
      <Container className="py-8">
        <Link to={to} className="text-brand underline">
          {linkLabel}
        </Link>
      </Container>
    </>
  );
}
