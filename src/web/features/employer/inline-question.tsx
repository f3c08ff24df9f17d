// A question asked in place before a step that cannot be undone (close a job, disconnect a job
// source and close its jobs): it takes the focus when it appears, Escape or the dismiss link puts
// it away (`onDismiss`, which returns the focus to the button that asked), and without JavaScript
// the dismiss link loads the page again, without the question. It lives with the employer pages,
// its only users: under components/ it would join the app chunk every first visit loads
// (vite.config.ts manualChunks).
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-classes.ts';

export function InlineQuestion(props: {
  /** The question's element id, which names the group. */
  id: string;
  question: ReactNode;
  /** The confirming form. */
  children: ReactNode;
  /** The page without the question, for the dismiss link without JavaScript. */
  dismissTo: string;
  dismiss: { text: string; label: string };
  onDismiss: () => void;
  /** A data attribute that marks the question on the page (tests, styles). */
  mark: Record<`data-${string}`, string | number>;
}) {
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div
      role="group"
      aria-labelledby={props.id}
      className="border-warning rounded-card w-full border p-3 text-sm"
      {...props.mark}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        props.onDismiss();
      }}
    >
      <p id={props.id} ref={question} tabIndex={-1} className="font-medium break-words">
        {props.question}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {props.children}
        <Link
          to={props.dismissTo}
          onClick={(event) => {
            event.preventDefault();
            props.onDismiss();
          }}
          className={buttonClasses('secondary', 'sm')}
          aria-label={props.dismiss.label}
        >
          {props.dismiss.text}
        </Link>
      </div>
    </div>
  );
}
