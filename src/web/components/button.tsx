// Buttons, and links that look like buttons, in the styles of button-classes.ts.
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-classes.ts';

export { type ButtonSize, type ButtonVariant, buttonClasses } from './button-classes.ts';

type Styled = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({
  variant,
  size,
  className = '',
  type = 'button',
  ...props
}: ComponentProps<'button'> & Styled) {
  return (
    <button type={type} className={`${buttonClasses(variant, size)} ${className}`} {...props} />
  );
}

/** An in-app link that looks like a button. */
export function ButtonLink({
  variant,
  size,
  className = '',
  ...props
}: ComponentProps<typeof Link> & Styled) {
  return <Link className={`${buttonClasses(variant, size)} ${className}`} {...props} />;
}

/** A link that leaves the app (mailto:, the company's page) but looks like a button. */
export function ButtonAnchor({
  variant,
  size,
  className = '',
  ...props
}: ComponentProps<'a'> & Styled) {
  return <a className={`${buttonClasses(variant, size)} ${className}`} {...props} />;
}
