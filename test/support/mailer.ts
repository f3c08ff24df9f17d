// A mailer that keeps what it is given instead of sending it, for tests to read the mail.
import type { MailMessage } from '../../src/server/mail/mailer.ts';

export function recordingMailer() {
  const mails: MailMessage[] = [];
  const mailer = {
    send: async (m: MailMessage) => (mails.push(m), { messageId: String(mails.length) }),
    close: () => {},
  };
  return { mails, mailer };
}
