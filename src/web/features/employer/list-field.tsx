// One of the job's eight lists: items with move up, move down and remove, and an add button.
// Each button is a submit button with a name, so the form's action does the work without
// JavaScript; with it, the click changes the list in place and nothing is sent.
import type { MouseEvent } from 'react';
import type { FieldErrors, JobListField } from '../../../shared/contract/employer-jobs.ts';
import { LIMITS } from '../../../shared/contract/employer-jobs.ts';
import { buttonClasses } from '../../components/button.tsx';
import { ErrorText, inputClass } from '../../components/fields.tsx';
import { applyListOp, type ListOp } from './form-values.ts';

interface ListFieldProps {
  field: JobListField;
  label: string;
  items: string[];
  errors: FieldErrors;
  onChange: (items: string[]) => void;
}

export function ListField({ field, label, items, errors, onChange }: ListFieldProps) {
  const legendId = `list-${field}`;
  const errorId = `field-${field}-error`;
  const act = (op: ListOp) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const next = applyListOp(items, op);
    onChange(next);
    // The focus stays where the keyboard user is: in the new item after Add; after Remove, on
    // the item that took the removed one's place, else on Add; after a move, on the moved item.
    const target =
      op.op === 'add'
        ? `field-${field}-${next.length - 1}`
        : op.op === 'remove'
          ? next.length > 0
            ? `field-${field}-${Math.min(op.index, next.length - 1)}`
            : `add-${field}`
          : `field-${field}-${op.op === 'up' ? op.index - 1 : op.index + 1}`;
    requestAnimationFrame(() => document.getElementById(target)?.focus());
  };
  const small = buttonClasses('secondary', 'sm');
  return (
    <fieldset
      id={`field-${field}`}
      className="border-line rounded-card border p-4"
      aria-describedby={errors[field] ? errorId : undefined}
    >
      <legend id={legendId} className="px-1 text-sm font-semibold">
        {label}
      </legend>
      {items.length === 0 && <p className="text-muted text-sm">No items yet.</p>}
      <ol className="flex flex-col gap-2">
        {items.map((item, i) => (
          <li key={i} className="flex flex-wrap items-center gap-2">
            <label htmlFor={`field-${field}-${i}`} className="sr-only">
              {`${label}, item ${i + 1}`}
            </label>
            <input
              id={`field-${field}-${i}`}
              name={field}
              value={item}
              maxLength={LIMITS.listItem}
              onChange={(e) => onChange(items.map((v, j) => (j === i ? e.target.value : v)))}
              onKeyDown={(event) => {
                // Enter starts a new item below this one and moves there, as in a list one
                // writes. On an empty last item, or with the list full, it saves the draft as
                // Enter in another box does (job-form.tsx).
                if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                const full = items.length >= LIMITS.listItems;
                if (full || (i === items.length - 1 && item.trim() === '')) return;
                event.preventDefault();
                onChange([...items.slice(0, i + 1), '', ...items.slice(i + 1)]);
                requestAnimationFrame(() =>
                  document.getElementById(`field-${field}-${i + 1}`)?.focus(),
                );
              }}
              className={`${inputClass} min-w-0 flex-1 basis-48`}
            />
            <span className="flex gap-1">
              <button
                type="submit"
                name="intent"
                value={`up:${field}:${i}`}
                formNoValidate
                disabled={i === 0}
                onClick={act({ op: 'up', field, index: i })}
                className={small}
                aria-label={`Move ${label} item ${i + 1} up`}
              >
                ↑
              </button>
              <button
                type="submit"
                name="intent"
                value={`down:${field}:${i}`}
                formNoValidate
                disabled={i === items.length - 1}
                onClick={act({ op: 'down', field, index: i })}
                className={small}
                aria-label={`Move ${label} item ${i + 1} down`}
              >
                ↓
              </button>
              <button
                type="submit"
                name="intent"
                value={`remove:${field}:${i}`}
                formNoValidate
                onClick={act({ op: 'remove', field, index: i })}
                className={small}
                aria-label={`Remove ${label} item ${i + 1}`}
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ol>
      <button
        id={`add-${field}`}
        type="submit"
        name="intent"
        value={`add:${field}`}
        formNoValidate
        disabled={items.length >= LIMITS.listItems}
        onClick={act({ op: 'add', field })}
        className={`${small} mt-3`}
      >
        Add to {label.toLowerCase()}
      </button>
      <ErrorText id={errorId} error={errors[field]} />
    </fieldset>
  );
}
