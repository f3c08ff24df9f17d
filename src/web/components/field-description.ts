// How a form field points a screen reader at its hint and its error: they sit under the field's id
// plus `-hint` and `-error`, and the field's aria-describedby names the ones it shows.

/** The field's aria-describedby: the ids of its hint and its error, when it has them. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
