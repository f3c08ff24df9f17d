// A real SMTP listener for tests (the smtp-server package): the app sends through SMTP_URL as in
// production, and tests read what arrived, part by part, and follow the links in it.
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** Decoded parts by content type (text/plain, text/html). */
  text: string;
  html: string;
  raw: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    return decodeQuotedPrintable(body);
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
}

/** Splits a nodemailer message into its headers and its text and HTML parts. */
export function parseMail(raw: string): Omit<ReceivedMail, 'to'> {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  const parts: Record<string, string> = {};
  if (boundary) {
    for (const chunk of rest.join('\n\n').split(`--${boundary}`)) {
      const [partHead = '', ...partBody] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const type = /content-type:\s*([\w/]+)/i.exec(partHead)?.[1]?.toLowerCase();
      if (type) parts[type] = decodePart(partHead, partBody.join('\n\n').trimEnd());
    }
  } else {
    parts['text/plain'] = decodePart(unfolded, rest.join('\n\n'));
  }
  return { subject, text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '', raw };
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** The first mail (already received or still to come) to `to` whose subject matches. */
  waitFor(to: string, subject: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        received.push({ to, ...parseMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to, subject, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find(
          (m) => !taken.has(m) && m.to.includes(to.toLowerCase()) && subject.test(m.subject),
        );
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) {
          const seen = received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ');
          throw new Error(`No mail to ${to} matching ${subject} (received: ${seen || 'none'})`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of the first link in a mail's text part that leads to `path`. */
export function tokenFromMail(mail: ReceivedMail, path: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`No link to ${path} in: ${mail.text}`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`The link has no token: ${link}`);
  return token;
}
