// Placeholder until its issue lands.
export default function Page() {
  return <main>Coming soon</main>;
}
