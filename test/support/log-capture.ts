// The app's log lines as it writes them (pino: one JSON object per line), for tests that check
// what was logged and at which level.
import { Writable } from 'node:stream';

export function logCapture() {
  const lines: string[] = [];
  let partial = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop()!;
      lines.push(...parts);
      done();
    },
  });
  return { lines, stream };
}
