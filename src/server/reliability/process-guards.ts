// Keeps one faulty request from ending the service for everyone: an error that escapes every
// handler (a rejected promise nobody awaited, a throw in a timer) is logged with its cause and the
// process keeps serving. Fastify already turns errors inside handlers into 500s.
interface Logger {
  error(obj: object, msg: string): void;
}

export function installProcessGuards(log: Logger) {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection (process kept running)');
  });
  process.on('uncaughtException', (err, origin) => {
    log.error({ err, origin }, 'uncaught exception (process kept running)');
  });
}
