// /404 and every unknown path: a real 404 status (no soft 404s, DESIGN.md §5), drawn by the
// root error boundary so it looks like any other missing thing (e.g. an unknown job).
import { data } from 'react-router';

export function loader() {
  throw data({ message: 'The page you asked for has moved or no longer exists.' }, { status: 404 });
}

export default function NotFound() {
  return null;
}
