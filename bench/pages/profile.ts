// `npx tsx bench/pages/profile.ts <file.cpuprofile>`: where a server's CPU profile (from
// `npm run bench:pages -- --cpu-prof DIR`) spent its samples, as % of all samples: by area (idle,
// garbage collection, React, React Router, Fastify, the database driver, our code …) and by
// function (self time), so a run's biggest per-request costs show at a glance.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  /** Microseconds from each sample to the next. */
  timeDeltas: number[];
}

const usage = `usage: npx tsx bench/pages/profile.ts <file.cpuprofile> [options]
  --top N         functions listed (default 25)
  --last S        only the samples of the profile's last S seconds (the measured runs: the
                  server's start, its seeding included, comes first)
  --skip-last S   leaving out its last S seconds (with --last: one page's run of bench:pages)`;
const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    last: { type: 'string' },
    'skip-last': { type: 'string', default: '0' },
  },
});
const file = positionals[0];
if (!file) {
  console.error(usage);
  process.exit(2);
}
const top = Number(opts.top);
const full = JSON.parse(readFileSync(file, 'utf8')) as Profile;
// Each sample's time from the profile's end, in seconds; keeps those in the window asked for.
const at: number[] = [];
let t = 0;
for (const delta of full.timeDeltas) at.push((t += delta));
const end = t;
const fromEnd = (i: number) => (end - at[i]!) / 1e6;
const last = opts.last === undefined ? Infinity : Number(opts.last);
const skip = Number(opts['skip-last']);
const profile = {
  nodes: full.nodes,
  samples: full.samples.filter((_, i) => fromEnd(i) < last && fromEnd(i) >= skip),
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

const AREAS: [RegExp, string][] = [
  [/node_modules\/react-dom\//, 'react-dom (rendering)'],
  [/node_modules\/react\//, 'react'],
  [/node_modules\/react-router\//, 'react-router'],
  [
    /node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|fast-json-stringify)/,
    'fastify',
  ],
  [/node_modules\/(pino|sonic-boom|fast-redact|thread-stream)/, 'logging (pino)'],
  [/node_modules\/helmet\//, 'helmet'],
  [/node_modules\/(pg|pg-protocol|pg-pool|@electric-sql)/, 'database driver'],
  [/node_modules\/drizzle-orm\//, 'drizzle'],
  [/node_modules\/zod\//, 'zod'],
  [/node_modules\//, 'other packages'],
  [/\/server\/(index\.js|assets\/)/, 'web app (build/server)'],
  [/server-main\.js/, 'server bundle (src/server)'],
  [/^node:/, 'node internals'],
];

function areaOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  if (functionName === '(idle)') return '(idle)';
  if (functionName === '(garbage collector)') return '(garbage collector)';
  if (functionName === '(program)') return '(program)';
  if (!url) return 'native / builtins';
  for (const [pattern, name] of AREAS) if (pattern.test(url)) return name;
  return 'other';
}

const selfCount = new Map<number, number>();
for (const id of profile.samples) selfCount.set(id, (selfCount.get(id) ?? 0) + 1);
const total = profile.samples.length;
const idle = profile.samples.filter(
  (id) => byId.get(id)?.callFrame.functionName === '(idle)',
).length;

const areas = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, count] of selfCount) {
  const node = byId.get(id)!;
  const area = areaOf(node);
  areas.set(area, (areas.get(area) ?? 0) + count);
  const where = node.callFrame.url
    .replace(/^.*node_modules\//, '')
    .replace(/^file:\/\/.*\/(server|build[^/]*)\//, '');
  const key = `${node.callFrame.functionName || '(anonymous)'}  ${where}:${node.callFrame.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + count);
}

const pct = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${total} samples, ${pct(total - idle)} busy`);
console.log('\nBy area (self time, % of all samples):');
for (const [area, n] of [...areas].sort((a, b) => b[1] - a[1])) console.log(`  ${pct(n)}  ${area}`);
console.log(`\nTop ${top} functions (self time):`);
for (const [fn, n] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${pct(n)}  ${fn}`);
}
