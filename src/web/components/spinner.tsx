// Loading indicator (spec §9: size 32, one fixed colour). Announced politely to screen readers.
import { SPINNER_SIZE } from '../../shared/constants.ts';

export function Spinner({
  label = 'Loading…',
  size = SPINNER_SIZE,
}: {
  label?: string;
  size?: number;
}) {
  return (
    <span role="status" className="text-brand inline-flex items-center justify-center">
      <svg
        width={size}
        height={size}
        viewBox="0 0 32 32"
        fill="none"
        aria-hidden="true"
        className="motion-safe:animate-spin"
      >
        <circle cx="16" cy="16" r="13" stroke="currentColor" strokeOpacity="0.2" strokeWidth="4" />
        <path
          d="M29 16A13 13 0 0 0 16 3"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
