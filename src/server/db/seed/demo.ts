// TODO(foundation): the deterministic demo data set. For now only the app details row.
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appDetails } from '../schema.ts';

/** Fills an empty database with the demo data set; answers whether it did. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(appDetails);
  if ((existing[0]?.n ?? 0) > 0) return false;
  await db.insert(appDetails).values({
    appName: 'Openings',
    appDescription: 'Current openings from companies that hire, with the salary up front.',
    supportEmail: 'support@openings.example',
    twitter: 'https://twitter.com/openings',
    linkedIn: 'https://www.linkedin.com/company/openings',
    youtube: 'https://www.youtube.com/@openings',
    whatsApp: 'https://wa.me/919000000000',
  });
  return true;
}
