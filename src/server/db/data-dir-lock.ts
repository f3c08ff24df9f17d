// One owner per embedded database: whoever opens a DATA_DIR (the server, db:seed, db:migrate, a
// backup…) first takes DATA_DIR/lock, a file created atomically (O_EXCL) that names the owner's
// pid, its start time and its command. Two PGlite processes on one directory corrupt it, so a
// second opener is refused with a line naming the owner. A lock whose process is gone — or whose
// pid now belongs to another process (a different start time) — is stale and taken over.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

export interface LockOwner {
  pid: number;
  /** The process's start time in clock ticks after boot (/proc/<pid>/stat field 22). */
  startTicks: number | null;
  /** What holds it, e.g. "server (npm start)", "db:seed". */
  command: string;
  /** When it was taken (ISO 8601). */
  since: string;
  /** A secret that lets a child process share its parent's lock (ENV_SHARE). */
  token: string;
}

/** A child started by the owner (main.ts's first-start seeding) names the lock's token here. */
export const ENV_SHARE = 'OPENINGS_DATA_DIR_LOCK';

export const lockFile = (dataDir: string) => path.join(dataDir, 'lock');

/** The start time of a process, or null when it does not exist (or /proc is not there). */
export function processStartTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count after its last ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

/** Whether a process with this id exists (EPERM: it does, under another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote the lock still runs (the same process, not a reused pid). */
export function ownerAlive(owner: LockOwner): boolean {
  if (!isAlive(owner.pid)) return false;
  const now = processStartTicks(owner.pid);
  // Without /proc (macOS) the pid alone decides.
  return now === null || owner.startTicks === null || now === owner.startTicks;
}

export function readLockOwner(dataDir: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(lockFile(dataDir), 'utf8')) as LockOwner;
    return typeof owner.pid === 'number' ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** The live owner of the directory, if any (a stale lock counts as none). */
export function liveLockOwner(dataDir: string): LockOwner | undefined {
  const owner = readLockOwner(dataDir);
  return owner && ownerAlive(owner) ? owner : undefined;
}

export function describeOwner(owner: LockOwner): string {
  return `pid ${owner.pid}, ${owner.command}, since ${owner.since}`;
}

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (${describeOwner(owner)}); ` +
        `stop it first (kill ${owner.pid}), or use another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly dataDir: string;
  readonly owner: LockOwner;
  /** Gives the lock up (once every open of this process has). */
  release(): void;
}

interface Held {
  owner: LockOwner;
  users: number;
  /** Shared from the parent process: the parent removes the file, not us. */
  inherited: boolean;
}

const held = new Map<string, Held>();
let exitHook = false;

function removeIfOurs(dataDir: string, token: string) {
  if (readLockOwner(dataDir)?.token === token) rmSync(lockFile(dataDir), { force: true });
}

function hookExit() {
  if (exitHook) return;
  exitHook = true;
  // process.exit() and a normal end run this; a kill -9 does not, and the next opener finds the
  // lock stale.
  process.on('exit', () => {
    for (const [dataDir, lock] of held)
      if (!lock.inherited) removeIfOurs(dataDir, lock.owner.token);
  });
}

function tryCreate(file: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Removes a stale lock. Two processes may find the same stale lock at once: a take-over file
 * (O_EXCL too) lets one of them in, which checks again that the lock is the stale one it read.
 */
function removeStale(dataDir: string, stale: LockOwner | undefined) {
  const takeover = `${lockFile(dataDir)}.takeover`;
  const me = { pid: process.pid, startTicks: processStartTicks(process.pid) };
  if (!tryCreate(takeover, { ...me, command: 'take-over', since: '', token: '' } as LockOwner)) {
    // Someone else is taking over; a take-over file left by a crash is old and removed.
    try {
      if (Date.now() - statSync(takeover).mtimeMs > 10_000) rmSync(takeover, { force: true });
    } catch {
      /* gone meanwhile */
    }
    return;
  }
  try {
    const now = readLockOwner(dataDir);
    const same = now?.token === stale?.token;
    if (same && (!now || !ownerAlive(now))) {
      // Kept beside the directory for a post-mortem; renamed so that it never counts again.
      try {
        renameSync(lockFile(dataDir), `${lockFile(dataDir)}.stale`);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  } finally {
    rmSync(takeover, { force: true });
  }
}

/**
 * Takes the lock of `dataDir` for this process, or throws DataDirLockedError naming the owner.
 * Re-entrant within a process (the server's start and its database share one lock); a child whose
 * environment names the owner's token (ENV_SHARE) shares its parent's lock.
 */
export function acquireDataDirLock(dataDir: string, command: string): DataDirLock {
  const dir = path.resolve(dataDir);
  let lock = held.get(dir);
  if (!lock) {
    mkdirSync(dir, { recursive: true });
    const owner: LockOwner = {
      pid: process.pid,
      startTicks: processStartTicks(process.pid),
      command,
      since: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      token: randomBytes(16).toString('hex'),
    };
    for (let attempt = 0; !lock; attempt++) {
      if (tryCreate(lockFile(dir), owner)) {
        lock = { owner, users: 0, inherited: false };
        break;
      }
      const current = readLockOwner(dir);
      const shared = process.env[ENV_SHARE];
      if (current && shared && current.token === shared && current.pid === process.ppid) {
        lock = { owner: current, users: 0, inherited: true };
        break;
      }
      // A lock file being written this very moment reads as nothing: look again shortly.
      if (current && ownerAlive(current)) throw new DataDirLockedError(dir, current);
      if (attempt >= 20) {
        throw new Error(`Cannot take the lock ${lockFile(dir)}; remove it if no process uses it.`);
      }
      if (current || attempt > 3) removeStale(dir, current);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
    held.set(dir, lock);
    hookExit();
  }
  lock.users++;
  const taken = lock;
  let released = false;
  return {
    dataDir: dir,
    owner: taken.owner,
    release() {
      if (released) return;
      released = true;
      taken.users--;
      if (taken.users > 0 || held.get(dir) !== taken) return;
      held.delete(dir);
      if (!taken.inherited) removeIfOurs(dir, taken.owner.token);
    },
  };
}

/** Describes this process for a lock: the npm script it runs, else its entry file. */
export function currentCommand(): string {
  const script = process.env.npm_lifecycle_event;
  if (script && script !== 'npx') return script === 'start' ? 'npm start' : `npm run ${script}`;
  return path.basename(process.argv[1] ?? 'node');
}

/** PGlite could not open an existing directory: damaged (a disk fault, a copy taken mid-write…). */
export class DataDirDamagedError extends Error {
  readonly code = 'DATA_DIR_DAMAGED';
  constructor(
    readonly dataDir: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `The embedded database in ${dataDir} cannot be opened (${reason.split('\n')[0]}); it may be ` +
        'damaged: restore a backup with npm run db:restore -- FILE --force (the old directory is kept aside).',
      { cause },
    );
    this.name = 'DataDirDamagedError';
  }
}
