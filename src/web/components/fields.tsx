// Labelled form fields with their error right below them, tied by aria-describedby, so a screen
// reader reads the error with the field and a keyboard user finds it where they type. Every form
// of the site draws its boxes with these: accounts, employers, alerts, reports and the console.
import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import type { FieldErrors } from '../../shared/contract/employer-jobs.ts';
import { Button, type ButtonVariant } from './button.tsx';

/**
 * A text box, select or text area of no set width. 16 px text on phones, so focusing it does not
 * zoom the page.
 */
export const inputBaseClass =
  'rounded-control border-line-strong bg-surface-raised text-fg placeholder:text-subtle ' +
  'border px-3 py-2 text-base sm:text-sm aria-invalid:border-danger';

/** A box as wide as its column. */
export const inputClass = `${inputBaseClass} w-full`;

export function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="text-danger mt-1 text-sm font-medium">
      {error}
    </p>
  );
}

interface FieldProps {
  name: string;
  label: string;
  errors: FieldErrors;
  hint?: string;
  /** Distinguishes the same field name in several forms of one page. */
  idPrefix?: string;
  children: (aria: {
    id: string;
    name: string;
    'aria-invalid': boolean | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}

/** A label, the control the render function draws, an optional hint and the field's error. */
export function Field({ name, label, errors, hint, idPrefix = 'field', children }: FieldProps) {
  const id = `${idPrefix}-${name}`;
  const error = errors[name];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-fg text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described.length ? described.join(' ') : undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="text-muted text-sm">
          {hint}
        </p>
      )}
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/** The control a summary's link leads to: the field itself, or the first box beside its error. */
function controlOf(target: HTMLElement): HTMLElement {
  if (target.matches('input, select, textarea, button')) return target;
  return (
    target.parentElement?.querySelector<HTMLElement>(
      'input:not([type=hidden]), select, textarea',
    ) ?? target
  );
}

/**
 * The errors at the top of a form: a summary that links to each field. It takes the focus when
 * it appears, so a screen reader hears it and a keyboard user starts from it. A link moves the
 * focus to its field itself: following the `#` would be a history entry the router answers by
 * loading the page again, which would throw away the errors and what was typed.
 */
export function ErrorSummary({ errors }: { errors: FieldErrors }) {
  const entries = Object.entries(errors).filter(([, message]) => message);
  const box = useRef<HTMLDivElement>(null);
  const shown = entries.map(([name, message]) => `${name}:${message}`).join('\n');
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown]);
  if (entries.length === 0) return null;
  const go = (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    const target = document.getElementById(`field-${name}`);
    if (!target) return;
    event.preventDefault();
    const control = controlOf(target);
    control.focus();
    control.scrollIntoView({ block: 'center' });
  };
  return (
    <div
      ref={box}
      role="alert"
      className="rounded-card border-danger bg-danger-soft text-danger border p-4 text-sm outline-none"
      tabIndex={-1}
    >
      <p className="font-semibold">Please correct {entries.length === 1 ? 'this' : 'these'}:</p>
      <ul className="mt-2 list-disc pl-5">
        {entries.map(([name, message]) => (
          <li key={name}>
            <a className="underline" href={`#field-${name}`} onClick={(event) => go(event, name)}>
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A small button posting `intent` for one item of a list; a screen reader also hears which. */
export function ItemButton({
  intent,
  label,
  item,
  variant,
}: {
  intent: string;
  label: string;
  item: string;
  variant?: ButtonVariant;
}) {
  return (
    <Button type="submit" name="intent" value={intent} size="sm" variant={variant}>
      {label}
      <span className="sr-only"> {item}</span>
    </Button>
  );
}
