// Sends the app's e-mail through nodemailer (DESIGN.md §9): through the SMTP server of SMTP_URL
// when set, otherwise into DATA_DIR/outbox/ as .eml files whose links are logged, so the embedded
// default needs nothing else. Every module that mails goes through one Mailer. Mail to a reserved
// domain (the demo companies' .example addresses) is not handed to SMTP_URL's server: it could only
// bounce, and bounces cost the sender its reputation.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  /** One address. */
  to: string;
  subject: string;
  /** The plain-text part; every message has one (and works without images). */
  text: string;
  /** The HTML part, without remote images (see mail/layout.ts). */
  html: string;
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  /** The .eml file when written to the outbox; undefined when sent over SMTP. */
  file?: string;
  /** True when not sent: SMTP and a reserved domain (isReservedAddress). */
  skipped?: boolean;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

/** The subset of a pino logger the mailer uses. */
export interface MailLog {
  info(obj: object, msg: string): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// with credentials; absent: write to the outbox. */
  smtpUrl?: string | undefined;
  /** The From header, e.g. `Openings <no-reply@example.com>`. */
  from: string;
  /** The outbox is `<dataDir>/outbox`. */
  dataDir: string;
  log: MailLog;
  /**
   * Test setting: SMTP_URL is a local catcher, so mail to reserved domains goes to it too (tests
   * sign up as someone@example.com).
   */
  smtpAllowReserved?: boolean | undefined;
}

/** The TLDs RFC 2606 and RFC 6761 keep out of the DNS; no address under them receives mail. */
const RESERVED_TLDS = new Set(['example', 'test', 'invalid', 'localhost']);
const RESERVED_DOMAINS = new Set(['example.com', 'example.net', 'example.org']);

/** Whether an address's domain is reserved for documentation and testing (RFC 2606, RFC 6761). */
export function isReservedAddress(address: string): boolean {
  const domain = address
    .slice(address.lastIndexOf('@') + 1)
    .replace(/>.*$/, '')
    .trim()
    .toLowerCase()
    .replace(/\.+$/, '');
  const labels = domain.split('.');
  return RESERVED_TLDS.has(labels.at(-1) ?? '') || RESERVED_DOMAINS.has(labels.slice(-2).join('.'));
}

/** Every http(s) link of a plain-text part, in order, without duplicates or trailing punctuation. */
export function linksIn(text: string): string[] {
  const links = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  return [...new Set(links.map((link) => link.replace(/[.,;:!?]+$/, '')))];
}

function slugOf(subject: string): string {
  return (
    subject
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'message'
  );
}

let sequence = 0;

/** A file name that sorts by time and never collides within one process. */
function outboxName(subject: string, now: Date): string {
  const time = now.toISOString().replace(/[:.]/g, '-');
  sequence = (sequence + 1) % 1000;
  return `${time}-${String(sequence).padStart(3, '0')}-${slugOf(subject)}.eml`;
}

export function createMailer(options: MailerOptions): Mailer {
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      if (options.smtpUrl && !options.smtpAllowReserved && isReservedAddress(message.to)) {
        options.log.info(
          { mail: { to: message.to, subject: message.subject } },
          'mail not sent: reserved domain',
        );
        return { messageId: '', skipped: true };
      }
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      if (options.smtpUrl) {
        options.log.info(
          { mail: { to: message.to, subject: message.subject, messageId: info.messageId } },
          'mail sent',
        );
        return { messageId: info.messageId };
      }
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, outboxName(message.subject, new Date()));
      await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      options.log.info(
        {
          mail: {
            to: message.to,
            subject: message.subject,
            file,
            links: linksIn(message.text),
          },
        },
        'mail written to the outbox',
      );
      return { messageId: info.messageId, file };
    },
    close() {
      transport.close();
    },
  };
}
