// Files a running server leaves in DATA_DIR so that operator commands can reach it: the embedded
// database admits one process, so while the server runs, commands go through its admin endpoint.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAlive } from '../../db/data-dir-lock.ts';

export interface ServerInfo {
  port: number;
  pid: number;
}

const tokenFile = (dataDir: string) => path.join(dataDir, 'admin-token');
const infoFile = (dataDir: string) => path.join(dataDir, 'server.json');

function writePrivate(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** A fresh random token per start, readable only by the server's user. */
export function createAdminToken(dataDir: string): string {
  const token = randomBytes(32).toString('base64url');
  writePrivate(tokenFile(dataDir), token);
  return token;
}

export function readAdminToken(dataDir: string): string | undefined {
  try {
    return readFileSync(tokenFile(dataDir), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

export function writeServerInfo(dataDir: string, info: ServerInfo) {
  writePrivate(infoFile(dataDir), JSON.stringify(info));
}

export function removeServerInfo(dataDir: string) {
  rmSync(infoFile(dataDir), { force: true });
}

/** The running server of this data directory, if there is one (a stale file is ignored). */
export function readRunningServer(dataDir: string): ServerInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(infoFile(dataDir), 'utf8')) as Partial<ServerInfo>;
    if (typeof info.port !== 'number' || typeof info.pid !== 'number') return undefined;
    return isAlive(info.pid) ? { port: info.port, pid: info.pid } : undefined;
  } catch {
    return undefined;
  }
}
