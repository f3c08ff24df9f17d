import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  return { appDetails: await context.services.appDetails.get() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <h1>{loaderData.appDetails.appName}</h1>;
}
