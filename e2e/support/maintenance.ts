// Switches maintenance on the running test server through its admin endpoint (the embedded
// database admits one process, so the flag cannot be written from here directly). The server
// writes a fresh token into its DATA_DIR at start; Playwright's config puts DATA_DIR here.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { API_PREFIX } from '../../src/shared/api-paths.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = path.join(tmpdir(), `openings-e2e-${port}`);

export async function setMaintenance(request: APIRequestContext, on: boolean) {
  const tokenFile = path.join(dataDir, 'admin-token');
  let token: string;
  try {
    token = readFileSync(tokenFile, 'utf8').trim();
  } catch {
    throw new Error(
      `No ${tokenFile}: the server must write its admin token at start (createAdminToken in main.ts).`,
    );
  }
  const response = await request.post(`${API_PREFIX}/admin/maintenance`, {
    headers: { authorization: `Bearer ${token}` },
    data: { on },
  });
  if (!response.ok()) {
    throw new Error(`Switching maintenance ${on ? 'on' : 'off'} failed: ${response.status()}`);
  }
}
