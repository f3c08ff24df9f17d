// Placeholder until its issue lands.
export function loader() {
  return new Response('', { status: 404 });
}
