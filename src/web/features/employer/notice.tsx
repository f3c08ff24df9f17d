// A notice at the top of an employer page: a bordered section named by its heading, in a warning
// or a danger tone (a job kept on the company's board, a failed sync, a suspension).
import type { ReactNode } from 'react';

const TONES = {
  warning: { border: 'border-warning', title: '' },
  danger: { border: 'border-danger', title: 'text-danger' },
} as const;

export function Notice({
  id,
  tone,
  title,
  children,
  ...marks
}: {
  /** The heading's id, which names the section. */
  id: string;
  tone: keyof typeof TONES;
  title: ReactNode;
  children: ReactNode;
  /** What tests and styles find it by, e.g. data-failed-syncs. */
  [mark: `data-${string}`]: boolean;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`${TONES[tone].border} rounded-card mb-6 border p-4`}
      {...marks}
    >
      <h2 id={id} className={`${TONES[tone].title} font-semibold`}>
        {title}
      </h2>
      <div className="text-sm">{children}</div>
    </section>
  );
}
