// The role, location and company boxes before their comboboxes have loaded, and without
// JavaScript: plain text boxes of the GET form (`roleText=…`), which the server resolves to an id
// or answers with "did you mean". The visitor can type into them at once; when the combobox
// replaces a box it takes over its text, focus and caret (hand-over.ts). Focusing or pointing at
// one asks for the comboboxes (filter-panel.tsx reads `data-filter-key`).
import { useLayoutEffect, useRef } from 'react';
import { FIELD_TEXTS } from './filter-texts.ts';
import { type ListingFilters, TEXT_KEYS, type TextKey, textParam } from './filter-state.ts';
import { handOver } from './hand-over.ts';

export const fieldClass =
  'rounded-control border-line-strong bg-surface-raised text-fg placeholder:text-subtle focus:outline-focus w-full border py-2 pr-16 pl-3 text-sm focus:outline-2 focus:outline-offset-1';

export function FilterFieldsFallback(props: {
  filters: ListingFilters;
  /** What a text box held that named no single choice (shown again, to be corrected). */
  typed: Partial<Record<TextKey, string>>;
}) {
  const { filters, typed } = props;
  const boxes = useRef(new Map<TextKey, HTMLInputElement>());
  // Layout cleanup runs before the boxes leave the document, so their focus is still readable.
  useLayoutEffect(() => {
    const current = boxes.current;
    return () => {
      for (const [key, input] of current) handOver(key, input);
    };
  }, []);
  return (
    <>
      {FIELD_TEXTS.filter((f) => (TEXT_KEYS as readonly string[]).includes(f.key)).map(
        ({ key, label, placeholder }) => {
          const textKey = key as TextKey;
          return (
            <div key={key} className="flex flex-col gap-1">
              <label htmlFor={`filter-box-${key}`} className="text-fg text-sm font-medium">
                {label}
              </label>
              <input
                id={`filter-box-${key}`}
                // A new choice from the server (a did-you-mean link, Clear all) starts it afresh.
                key={`${filters[textKey]?.id ?? ''}:${typed[textKey] ?? ''}`}
                ref={(input) => {
                  if (input) boxes.current.set(textKey, input);
                }}
                data-filter-key={key}
                name={textParam(textKey)}
                type="text"
                autoComplete="off"
                maxLength={100}
                defaultValue={typed[textKey] ?? filters[textKey]?.label ?? ''}
                placeholder={placeholder}
                className={fieldClass}
              />
              <p className="min-h-5" />
            </div>
          );
        },
      )}
    </>
  );
}
