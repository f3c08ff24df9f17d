// An error that escapes every handler (a rejected promise nobody awaited, a throw in a timer)
// leaves the process in an undefined state (Node.js documentation), so it ends the process: the
// error is logged, what can be closed is closed within a few seconds (stop listening, write the
// buffered views, close the database), and the process exits 1 for its supervisor to restart it.
// Fastify already turns errors inside handlers into 500s; those never get here.
interface Logger {
  error(obj: object, msg: string): void;
}

export interface GuardOptions {
  /** Closes what can be closed (shutdown.ts); given at most `deadlineMs`. */
  close?: () => Promise<unknown>;
  deadlineMs?: number;
}

export const FAULT_CLOSE_DEADLINE_MS = 5_000;

export function installProcessGuards(log: Logger, options: GuardOptions = {}) {
  const deadlineMs = options.deadlineMs ?? FAULT_CLOSE_DEADLINE_MS;
  let ending = false;
  const fault = (err: unknown, what: string) => {
    log.error({ err }, `${what}: closing and exiting`);
    if (ending) return;
    ending = true;
    const timer = setTimeout(() => {
      log.error({ deadlineMs }, 'closing after a fault took too long; exiting');
      process.exit(1);
    }, deadlineMs);
    timer.unref();
    Promise.resolve()
      .then(() => options.close?.())
      .catch((closeErr: unknown) =>
        log.error({ err: closeErr }, 'closing after a fault failed; exiting'),
      )
      .finally(() => process.exit(1));
  };
  process.on('unhandledRejection', (reason) => fault(reason, 'unhandled promise rejection'));
  process.on('uncaughtException', (err) => fault(err, 'uncaught exception'));
}
