// The oh-dear page for a job that does not exist (spec §2 Job detail page, not-found).
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';

export function JobNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="text-3xl font-bold text-slate-900 dark:text-slate-50">
        Oh dear!
      </h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-200">
        This job is no longer available.
      </p>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Why not search other jobs? New openings arrive every day.
      </p>
      <Link
        to={paths.home}
        className="mt-8 inline-block rounded-full bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        Search jobs
      </Link>
    </section>
  );
}
