// The pieces of the account pages' forms: a text field (the site's Field, its error right below
// it), the form-level message, and the card every account form sits in.
import { type ReactNode, useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Field, inputClass } from '../../components/fields.tsx';
import { PageTitle } from '../../components/page.tsx';

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'hidden';
  autoComplete: string;
  defaultValue?: string;
  error?: string | undefined;
  hint?: string;
  /** Distinguishes the same field name in several forms of one page. */
  idPrefix?: string;
  /**
   * Empties the field when this changes to a value (a password the answer refused); undefined
   * keeps what was typed. The server never sends a password back, so only the box holds it.
   */
  clearOn?: unknown;
}

export function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  defaultValue,
  error,
  hint,
  idPrefix = 'field',
  clearOn,
}: TextFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (clearOn && input.current) input.current.value = '';
  }, [clearOn]);
  return (
    <Field name={name} label={label} errors={{ [name]: error }} hint={hint} idPrefix={idPrefix}>
      {(aria) => (
        <input
          ref={input}
          {...aria}
          type={type}
          autoComplete={autoComplete}
          defaultValue={defaultValue}
          spellCheck={false}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** The e-mail address an account is known by. */
export function EmailField(props: Pick<TextFieldProps, 'defaultValue' | 'error' | 'hint'>) {
  return (
    <TextField name="email" label="E-mail address" type="email" autoComplete="email" {...props} />
  );
}

type PasswordFieldProps = Partial<Pick<TextFieldProps, 'name' | 'label' | 'hint'>> &
  Pick<TextFieldProps, 'idPrefix' | 'error'> & {
    /** The answer that empties the box (see TextField), or undefined to keep what was typed. */
    clearOn: unknown;
  };

/** What the current and the new password fields share; only their autocomplete differs. */
function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField {...props} type="password" />;
}

/** The password of the account being signed in to, or confirming what is asked. */
export function CurrentPasswordField({
  name = 'password',
  label = 'Password',
  ...props
}: PasswordFieldProps) {
  return <PasswordField name={name} label={label} autoComplete="current-password" {...props} />;
}

/** A password being chosen. */
export function NewPasswordField({
  name = 'password',
  label = 'Password',
  hint = 'At least 10 characters, and not a common password.',
  ...props
}: PasswordFieldProps) {
  return (
    <PasswordField name={name} label={label} hint={hint} autoComplete="new-password" {...props} />
  );
}

/**
 * Puts the focus on what a form's answer asks the visitor to look at: the first field in error,
 * else the form's message, else the button. Not when the visitor has already moved elsewhere.
 */
function focusAnswer(root: HTMLFormElement | null) {
  if (!root?.isConnected) return;
  const now = document.activeElement;
  if (now && now !== document.body && !root.contains(now)) return;
  const target =
    root.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    root.querySelector<HTMLElement>('[data-form-message]') ??
    root.querySelector<HTMLElement>('[type="submit"]');
  target?.focus();
}

/**
 * Puts the focus back into the form once its post is answered: the submit button is disabled while
 * posting, which drops the focus to the page, so a keyboard user had to tab back from the top. A
 * post that left the form (a redirect, a page that replaced it) leaves the focus to that page. For
 * a page with several forms sharing one answer; a page with one form uses AccountForm.
 */
export function useFocusAfterPost(pending: boolean) {
  const form = useRef<HTMLFormElement>(null);
  const posted = useRef(false);
  useEffect(() => {
    if (pending) {
      posted.current = true;
      return;
    }
    if (!posted.current) return;
    posted.current = false;
    focusAnswer(form.current);
  }, [pending]);
  return form;
}

/**
 * An account page's form: posts without JavaScript, and puts the focus on what each answer asks
 * for. It follows the answer itself, not the navigation's 'submitting' state: that state may
 * never be drawn (a quick refusal lands in the same render), and a post sent before the scripts
 * ran comes back as a new page, with the answer already there when the form first appears.
 */
export function AccountForm({ answer, children }: { answer: unknown; children: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer) focusAnswer(form.current);
  }, [answer]);
  return (
    <Form ref={form} method="post" className="flex flex-col gap-5" noValidate>
      {children}
    </Form>
  );
}

/** The form's one submit button, which says what it is doing while the post is under way. */
export function SubmitButton({ label, busyLabel }: { label: string; busyLabel: string }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <Button type="submit" variant="primary" size="lg" disabled={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}

/** A line holding one link to another account page. */
export function LinkLine({
  to,
  children,
  className = 'text-sm',
}: {
  to: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <p className={className}>
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </p>
  );
}

/** The lead of sign-in and sign-up, each pointing to the other. */
export function OneAccountLead({
  question,
  to,
  link,
}: {
  question: string;
  to: string;
  link: string;
}) {
  return (
    <p>
      {`One account serves both job seekers and employers. ${question}`}{' '}
      <Link to={to} className={linkClass}>
        {link}
      </Link>
      .
    </p>
  );
}

/** A message about the whole form (an error, or what happened), announced when it appears. */
export function FormMessage({
  tone,
  focus = false,
  children,
}: {
  tone: 'error' | 'success' | 'info';
  /** Takes the focus when shown: the page opens on what the visitor's last step did. */
  focus?: boolean;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) box.current?.focus();
  }, [focus]);
  const colours = {
    error: 'border-danger bg-danger-soft text-fg',
    success: 'border-success bg-success-soft text-fg',
    info: 'border-line-strong bg-surface-sunken text-fg',
  }[tone];
  return (
    <div
      ref={box}
      role={tone === 'error' ? 'alert' : 'status'}
      // Focusable by script only, for useFocusAfterPost and a page that opens on it.
      tabIndex={-1}
      data-form-message=""
      className={`rounded-card border p-4 text-sm outline-none ${colours}`}
    >
      {children}
    </div>
  );
}

/** The narrow column a sign-in or sign-up form sits in. */
export function AccountCard({
  title,
  lead,
  focus = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  /** The heading takes the focus: the card answers the form's post (see PageHeader's). */
  focus?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="rounded-card border-line bg-surface-raised shadow-card mx-auto max-w-md border p-6 sm:p-8">
        <PageTitle focus={focus} className="text-2xl font-bold tracking-tight">
          {title}
        </PageTitle>
        {lead && <div className="text-muted mt-2">{lead}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

export const linkClass = 'text-brand font-medium underline underline-offset-2';
