// /__test/error: a page whose loader fails, so the browser tests can check the friendly 500 page.
// It exists only when the server runs with ENABLE_TEST_ROUTES=1 (the Playwright config sets it);
// anywhere else it is an ordinary 404.
import { data } from 'react-router';

export function loader() {
  if (process.env.ENABLE_TEST_ROUTES === '1') {
    throw new Error('Deliberate failure of the test error route');
  }
  throw data({ message: 'The page you asked for has moved or no longer exists.' }, { status: 404 });
}

export default function TestError() {
  return null;
}
