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

server.on('exit', (code, signal) => {
  if (signal) {
    // Ends the same way the server did, so a supervisor sees the signal, not a code.
    for (const s of signals) process.removeAllListeners(s);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
