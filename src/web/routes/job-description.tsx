// /job-description has no page of its own: the job descriptions live in the list (spec §2).
import { redirect } from 'react-router';
import { paths } from '../lib/paths.ts';

export function loader() {
  return redirect(paths.jobs, 301);
}

export default function JobDescriptionBase() {
  return null;
}
