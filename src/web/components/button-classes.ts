// The button styles shared by every page: primary (one per view), secondary, ghost. Apart from the
// components (button.tsx), which only other pages use: the first visit's chunk takes only these.
export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
/** sm, md, lg: forms and tools; pill: the listing's rounded actions (Browse more, Filters). */
export type ButtonSize = 'sm' | 'md' | 'lg' | 'pill';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap ' +
  'transition-colors duration-150 select-none disabled:cursor-not-allowed disabled:opacity-55 ' +
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-55';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-on-brand shadow-card hover:bg-brand-strong',
  secondary:
    'border border-line-strong bg-surface-raised text-fg shadow-card hover:border-brand hover:text-brand',
  ghost: 'text-fg hover:bg-surface-sunken',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'rounded-control font-medium h-9 px-3 text-sm',
  md: 'rounded-control font-medium h-10 px-4 text-sm',
  lg: 'rounded-control font-medium h-12 px-5 text-base',
  pill: 'rounded-full font-semibold px-5 py-2.5 text-sm',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
