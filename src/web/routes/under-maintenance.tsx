// /under-maintenance: while maintenance is on the root loader answers 503 with the maintenance
// page for every path (this one included); once it is off, this address sends visitors home.
import { redirect } from 'react-router';
import type { Route } from './+types/under-maintenance';
import { useRootData } from '../components/root-data.ts';
import { MaintenancePanel } from '../components/status-pages.tsx';
import { paths } from '../lib/paths.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const details = await context.services.appDetails.get();
  if (!details.isUnderMaintenance) throw redirect(paths.home, 302);
  return null;
}

export default function UnderMaintenance() {
  const root = useRootData();
  return <MaintenancePanel appDetails={{ supportEmail: root?.appDetails.supportEmail ?? '' }} />;
}
