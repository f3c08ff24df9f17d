// The mail an e2e server sent: without SMTP_URL each message is a .eml file in DATA_DIR/outbox,
// quoted-printable encoded. Links are found by their path, as a visitor's mail client shows them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Every message in `outbox` to `address`, newest first, decoded from quoted-printable. */
export function mailsTo(outbox: string, address: string): string[] {
  return readdirSync(outbox)
    .sort()
    .reverse()
    .map((file) =>
      readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    )
    .filter((text) => text.includes(`To: ${address}`) || text.includes(`<${address}>`));
}

/** The link to `pathname` in the newest message to `to` that has one, waiting up to 10 s. */
export async function linkFromOutbox(outbox: string, to: string, pathname: string): Promise<URL> {
  const find = () => {
    for (const mail of mailsTo(outbox, to)) {
      const link = mail
        .match(/https?:\/\/[^\s"<>]+/g)
        ?.find((l) => new URL(l).pathname === pathname);
      if (link) return new URL(link);
    }
    return undefined;
  };
  let link: URL | undefined;
  await expect.poll(() => (link = find()), { timeout: 10_000 }).toBeTruthy();
  return link!;
}
