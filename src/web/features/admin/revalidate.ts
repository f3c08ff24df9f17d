// When the console's pages read their data again. A refused action (409) usually means another
// operator changed the item first: the page is read again, as it is without JavaScript, so it
// shows the item as it is now (React Router leaves the data as it was after a 4xx). Each route
// exports it as its own `shouldRevalidate` const (`export const shouldRevalidate = …`).
import type { ShouldRevalidateFunctionArgs } from 'react-router';

export function revalidateAfterPost({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return formMethod === 'POST' || defaultShouldRevalidate;
}
