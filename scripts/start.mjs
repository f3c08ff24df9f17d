// `npm start`: builds what is stale (scripts/ensure-build.mjs), then runs the server bundle on
// plain node with the server's flags (scripts/server-process.mjs) and stays beside it only to pass
// on stop signals and its exit status. NODE_ENV defaults to production: React picks its
// production build from NODE_ENV when it is first imported, so without it server rendering runs
// React's slower development build.
import { spawn } from 'node:child_process';
import { ensureBuild } from './ensure-build.mjs';
import { projectRoot, serverArgs, serverEnv } from './server-process.mjs';

await ensureBuild();

const server = spawn(process.execPath, serverArgs(), {
  cwd: projectRoot,
  stdio: 'inherit',
  env: serverEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' }),
});

const signals = ['SIGTERM', 'SIGINT', 'SIGHUP'];
for (const signal of signals) process.on(signal, () => server.kill(signal));

// Under `npm start` the parent is npm's `sh -c`, which npm passes a SIGTERM or SIGINT to and which
// dies of it without passing it on: this process would live on under a new parent, the server
// with it. A new parent means whoever started it is gone, so the server is stopped as on SIGTERM.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    server.kill('SIGTERM');
  }, 250);
  watch.unref();
}

server.on('exit', (code, signal) => {
  if (signal) {
    // Ends the same way the server did, so a supervisor sees the signal, not a code.
    for (const s of signals) process.removeAllListeners(s);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
