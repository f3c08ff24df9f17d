// A save or hide pressed before the page's code runs (a slow phone). Its form would post to
// /saved and leave the page, and with it whatever the visitor was typing into the filters. An
// inline script, in the page from the start, keeps the press instead, and the marks store applies
// it once it starts (marks-store.ts). Without JavaScript the form posts as before.
import type { MarkKind } from '../../../shared/seeker-services.ts';
import { MARK_KIND_LIST } from './marks.ts';

export interface EarlyMark {
  kind: MarkKind;
  id: number;
  on: boolean;
}

/** Where the inline script keeps the presses, and the event it sends after each. */
const QUEUE = '__openingsMarks';
const KEPT = 'openings:mark-kept';

/**
 * On window, after bubbling: a mark form whose own handler ran (it hydrated) has prevented the
 * default already, and any other form passes by. The press closes the hide menu it came from, as
 * the hydrated menu does, and a save shows at once as SaveButton (mark-buttons.tsx) will draw it,
 * its next press undoing it, so the button is never dead. Only attributes change (its word follows
 * aria-pressed by CSS): a changed text would not match the server's at hydration, and React would
 * throw the button's HTML away (error #418) and draw it from a store that has not yet read the
 * press.
 */
export const keepEarlyMarks = `addEventListener('submit', (event) => {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute('data-mark')) return;
  event.preventDefault();
  const field = (name) => form.elements.namedItem(name);
  const kind = field('kind')?.value;
  const on = field('on')?.value === '1';
  (window.${QUEUE} ||= []).push({ kind, id: Number(field('id')?.value), on });
  form.closest('details')?.removeAttribute('open');
  const button = form.querySelector('button');
  const icon = button?.querySelector('svg');
  if (kind === 'saved' && icon) {
    field('on').value = on ? '0' : '1';
    button.setAttribute('aria-pressed', String(on));
    icon.setAttribute('fill', on ? 'currentColor' : 'none');
    icon.classList.toggle('text-brand', on);
  }
  dispatchEvent(new Event('${KEPT}'));
});`;

const isEarlyMark = (value: unknown): value is EarlyMark => {
  const mark = value as Partial<EarlyMark> | null;
  return (
    typeof mark?.kind === 'string' &&
    MARK_KIND_LIST.includes(mark.kind) &&
    Number.isInteger(mark.id) &&
    (mark.id ?? 0) > 0 &&
    typeof mark.on === 'boolean'
  );
};

let taking = false;

/** Hands `apply` each press kept so far, then each later one, in order; once per page. */
export function takeEarlyMarks(apply: (mark: EarlyMark) => void) {
  if (taking) return;
  taking = true;
  const kept = window as unknown as Record<typeof QUEUE, unknown[] | undefined>;
  const drain = () => {
    const marks = kept[QUEUE] ?? [];
    kept[QUEUE] = [];
    for (const mark of marks) if (isEarlyMark(mark)) apply(mark);
  };
  drain();
  addEventListener(KEPT, drain);
}
