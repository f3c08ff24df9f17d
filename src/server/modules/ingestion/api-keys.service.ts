// Per-company keys of the posting API: made and revoked by the company's owners on the dashboard,
// shown once, kept only as a SHA-256 (the key carries 256 random bits, so a fast hash suffices),
// and looked up by that hash on every API request.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  API_KEY_SCOPES,
  type ApiKeyRow,
  type ApiKeyScope,
  type ApiKeysService,
  type Result,
  type RevealedKey,
} from '../../../shared/employer-services.ts';
import { fieldErrors, invalidForm } from '../../../shared/contract/employer-jobs.ts';
import type { Db } from '../../db/client.ts';
import { apiKeys, authUsers } from '../../db/schema.ts';
import { audit } from '../moderation/audit.ts';
import { membershipOf } from '../employer/membership.ts';

export const KEY_PREFIX = 'opk_';
/** opk_ and 43 base64url characters (32 random bytes). */
export const KEY_SHAPE = /^opk_[A-Za-z0-9_-]{43}$/;
/** How many keys a company may hold unrevoked at once. */
export const MAX_ACTIVE_KEYS = 20;
/** last_used_at is written at most this often per key, not on every request. */
const LAST_USED_GRANULARITY_MS = 60_000;

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** How long after making a key its sealed copy (the page's one-time reveal) can be opened. */
export const REVEAL_MAX_AGE_SECONDS = 300;
const SEALED = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{20,200})$/;

/**
 * The new key travels from the POST that made it to the page that shows it in a cookie, sealed
 * with AES-256-GCM under a key derived from the server's secret (COOKIE_SECRET) and the key's
 * stored hash: neither the cookie alone (a browser's cookie jar, a proxy) nor the cookie with a
 * copy of the database opens it; only the servers, which share the secret.
 */
const sealingKey = (secret: string, keyHash: string) =>
  createHmac('sha256', secret).update(`openings-api-key-reveal:${keyHash}`).digest();

function seal(secret: string, keyId: number, keyHash: string, key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret, keyHash), iv);
  const sealed = Buffer.concat([cipher.update(key, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${keyId}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

function unseal(secret: string, keyHash: string, iv: string, sealed: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      sealingKey(secret, keyHash),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const key = Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - 16)),
      decipher.final(),
    ]).toString('utf8');
    return hashKey(key) === keyHash ? key : null;
  } catch {
    return null;
  }
}

const keyForm = z
  .object({
    name: z
      .string({ error: 'Name must be text' })
      .trim()
      .min(1, 'Name is required')
      .max(60, 'Name must be at most 60 characters')
      // eslint-disable-next-line no-control-regex
      .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'Name must not contain control characters'),
    scopes: z.preprocess(
      (v) => (typeof v === 'string' ? [v] : (v ?? [])),
      z
        .array(z.enum(API_KEY_SCOPES, { error: 'Scopes: choose jobs:read and/or jobs:write' }), {
          error: 'Scopes must be a list',
        })
        .min(1, 'Choose at least one scope')
        .transform((list) => API_KEY_SCOPES.filter((s) => list.includes(s))),
    ),
  })
  .strict();

/** Who a valid key acts for. */
export interface ApiKeyIdentity {
  keyId: number;
  companyId: number;
  scopes: ApiKeyScope[];
  createdBy: string | null;
}

function toRow(r: typeof apiKeys.$inferSelect): ApiKeyRow {
  return {
    id: r.id,
    name: r.name,
    scopes: r.scopes.filter((s): s is ApiKeyScope =>
      (API_KEY_SCOPES as readonly string[]).includes(s),
    ),
    prefix: r.prefix,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  };
}

export type ApiKeysServiceImpl = ApiKeysService & {
  /** The key's company and scopes when it is well formed, known and not revoked; else null. */
  authenticate(key: string): Promise<ApiKeyIdentity | null>;
};

export function createApiKeysService(
  db: Db,
  options: {
    /** The server's secret (COOKIE_SECRET), which seals a new key for its one-time reveal. */
    secret: string;
    now?: () => Date;
  },
): ApiKeysServiceImpl {
  const { secret } = options;
  const now = options.now ?? (() => new Date());

  /** Only a company's owners manage its keys; a member and a stranger both learn "not found". */
  async function ownerOf(accountId: string, companyId: number) {
    const member = await membershipOf(db, accountId, companyId);
    if (!member) return { ok: false, reason: 'not-found', message: 'Company not found' } as const;
    if (member.role !== 'owner')
      return {
        ok: false,
        reason: 'forbidden',
        message: 'Only an owner of the company can manage its API keys',
      } as const;
    return null;
  }

  async function actorOf(accountId: string) {
    const [user] = await db
      .select({ email: authUsers.email })
      .from(authUsers)
      .where(eq(authUsers.id, accountId));
    return { id: accountId, email: user?.email ?? accountId };
  }

  async function list(accountId: string, companyId: number): Promise<Result<ApiKeyRow[]>> {
    const refused = await ownerOf(accountId, companyId);
    if (refused) return refused;
    const rows = await db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.companyId, companyId))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    return { ok: true, value: rows.map(toRow) };
  }

  async function create(
    accountId: string,
    companyId: number,
    values: { name: unknown; scopes: unknown },
  ): Promise<Result<{ key: string; row: ApiKeyRow; reveal: string }>> {
    const refused = await ownerOf(accountId, companyId);
    if (refused) return refused;
    const parsed = keyForm.safeParse(values);
    if (!parsed.success) {
      return invalidForm(fieldErrors(parsed.error));
    }
    const [active] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= MAX_ACTIVE_KEYS)
      return {
        ok: false,
        reason: 'conflict',
        message: `A company may hold ${MAX_ACTIVE_KEYS} keys at once; revoke one first`,
      };
    const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const at = now();
    // Read before the transaction: PGlite has one connection, which the transaction holds.
    const actor = await actorOf(accountId);
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(apiKeys)
        .values({
          companyId,
          name: parsed.data.name,
          scopes: parsed.data.scopes,
          prefix: key.slice(0, 12),
          keyHash: hashKey(key),
          createdBy: accountId,
          createdAt: at,
        })
        .returning();
      await audit(
        tx,
        actor,
        {
          action: 'api-key.create',
          targetType: 'company',
          targetId: companyId,
          after: { keyId: inserted!.id, name: inserted!.name, scopes: inserted!.scopes },
        },
        at,
      );
      return inserted!;
    });
    return {
      ok: true,
      value: { key, row: toRow(row), reveal: seal(secret, row.id, row.keyHash, key) },
    };
  }

  async function reveal(
    accountId: string,
    companyId: number,
    sealed: string,
  ): Promise<RevealedKey | null> {
    const parts = SEALED.exec(sealed);
    if (!parts || (await ownerOf(accountId, companyId))) return null;
    const keyId = Number(parts[1]);
    if (keyId > 2_147_483_647) return null;
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(
        and(eq(apiKeys.id, keyId), eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)),
      );
    if (!row || now().getTime() - row.createdAt.getTime() > REVEAL_MAX_AGE_SECONDS * 1000)
      return null;
    const key = unseal(secret, row.keyHash, parts[2]!, parts[3]!);
    return key ? { id: row.id, name: row.name, key } : null;
  }

  async function revoke(
    accountId: string,
    companyId: number,
    keyId: number,
  ): Promise<Result<null>> {
    const refused = await ownerOf(accountId, companyId);
    if (refused) return refused;
    const notFound = { ok: false, reason: 'not-found', message: 'API key not found' } as const;
    if (!Number.isSafeInteger(keyId) || keyId < 1 || keyId > 2_147_483_647) return notFound;
    const at = now();
    const actor = await actorOf(accountId);
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(apiKeys)
        .set({ revokedAt: at, revokedBy: accountId })
        .where(
          and(eq(apiKeys.id, keyId), eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)),
        )
        .returning();
      if (!row) return false;
      await audit(
        tx,
        actor,
        {
          action: 'api-key.revoke',
          targetType: 'company',
          targetId: companyId,
          before: { keyId: row.id, name: row.name },
        },
        at,
      );
      return true;
    });
    if (done) return { ok: true, value: null };
    // Revoking twice is no error; a key of another company is not found.
    const [existing] = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.companyId, companyId)));
    return existing ? { ok: true, value: null } : notFound;
  }

  async function authenticate(key: string): Promise<ApiKeyIdentity | null> {
    if (!KEY_SHAPE.test(key)) return null;
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hashKey(key)), isNull(apiKeys.revokedAt)));
    if (!row) return null;
    const at = now();
    if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
      await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, row.id));
    }
    return {
      keyId: row.id,
      companyId: row.companyId,
      scopes: toRow(row).scopes,
      createdBy: row.createdBy,
    };
  }

  return { list, create, reveal, revoke, authenticate };
}
