// The account e-mails' words: the app's name reads right whatever it is (no "a Openings account").
import { describe, expect, it } from 'vitest';
import {
  existingAccountMail,
  type MailContext,
  resetPasswordMail,
  verifyAddressMail,
  verifyNewAddressMail,
} from './account-mails.ts';

describe('the account e-mails', () => {
  for (const appName of ['Openings', 'Acme Jobs']) {
    const ctx: MailContext = { appName, publicUrl: 'https://jobs.example.com' };
    const mails = [
      verifyAddressMail(ctx, 'to@example.com', 'token'),
      verifyNewAddressMail(ctx, 'to@example.com', 'token'),
      resetPasswordMail(ctx, 'to@example.com', 'token'),
      existingAccountMail(ctx, 'to@example.com'),
    ];

    it(`put no article before the app's name (${appName})`, () => {
      for (const mail of mails) {
        for (const words of [mail.subject, mail.text]) {
          expect(words, mail.subject).not.toMatch(new RegExp(`\\ban? ${appName}\\b`, 'i'));
        }
      }
    });

    it(`tell an address with an account that the account exists (${appName})`, () => {
      expect(existingAccountMail(ctx, 'to@example.com').subject).toBe(
        `Your ${appName} account already exists`,
      );
    });
  }
});
