// Sends the app's e-mail through nodemailer (DESIGN.md §9): through the SMTP server of SMTP_URL
// when set, otherwise into DATA_DIR/outbox/ as .eml files whose links are logged, so the embedded
// default needs nothing else. Every module that mails goes through one Mailer.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
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
