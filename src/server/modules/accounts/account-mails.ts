// The e-mails of the account flows: verify an address, verify a new address, reset a password,
// and the note to an address someone tried to sign up with again. The app's name is the
// operator's to choose, so no sentence puts an article before it ("a Openings account").
import { renderMail } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

export interface MailContext {
  appName: string;
  publicUrl: string;
}

export const accountPaths = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  forgotPassword: '/forgot-password',
  login: '/login',
} as const;

function link(ctx: MailContext, path: string, token?: string, next?: string): string {
  const url = new URL(path, ctx.publicUrl);
  if (token) url.searchParams.set('token', token);
  // The page the sign-up came from (an invitation): /verify-email checks it is one of ours.
  if (next) url.searchParams.set('next', next);
  return url.toString();
}

/** `next`: where the account goes after its first sign-in (an invitation, say). */
export function verifyAddressMail(
  ctx: MailContext,
  to: string,
  token: string,
  next?: string,
): MailMessage {
  const content = renderMail({
    appName: ctx.appName,
    intro: [
      `Welcome to ${ctx.appName}.`,
      'Confirm that this is your e-mail address to finish signing up: you can sign in once it is confirmed.',
    ],
    action: {
      label: 'Confirm my e-mail address',
      url: link(ctx, accountPaths.verifyEmail, token, next),
    },
    outro: [
      'The link works for 24 hours.',
      'If you did not sign up, ignore this message: nobody can sign in with this address until it is confirmed.',
    ],
  });
  return { to, subject: `Confirm your e-mail address for ${ctx.appName}`, ...content };
}

export function verifyNewAddressMail(ctx: MailContext, to: string, token: string): MailMessage {
  const content = renderMail({
    appName: ctx.appName,
    intro: [
      `Someone asked to use this address for their ${ctx.appName} account.`,
      'Confirm it to make the change; until then the account keeps its old address.',
    ],
    action: { label: 'Use this e-mail address', url: link(ctx, accountPaths.verifyEmail, token) },
    outro: ['The link works for 24 hours. If you did not ask for this, ignore this message.'],
  });
  return { to, subject: `Confirm your new e-mail address for ${ctx.appName}`, ...content };
}

/**
 * To the address an account is leaving: a change asked for by someone who has the password is
 * told to its owner: if it was not them, someone else knows their password.
 */
export function addressChangeNoticeMail(
  ctx: MailContext,
  to: string,
  newEmail: string,
): MailMessage {
  const content = renderMail({
    appName: ctx.appName,
    intro: [
      `Someone signed in to your ${ctx.appName} account asked to change its e-mail address to ${newEmail}.`,
      'The account keeps this address until the new one is confirmed from that mailbox.',
    ],
    action: { label: 'Reset my password', url: link(ctx, accountPaths.forgotPassword) },
    outro: [
      'If it was you, there is nothing to do.',
      'If it was not, someone knows your password: reset it now, which signs out every session.',
    ],
  });
  return { to, subject: `Your ${ctx.appName} e-mail address is being changed`, ...content };
}

export function resetPasswordMail(ctx: MailContext, to: string, token: string): MailMessage {
  const content = renderMail({
    appName: ctx.appName,
    intro: ['Someone asked to reset the password of your account.'],
    action: { label: 'Choose a new password', url: link(ctx, accountPaths.resetPassword, token) },
    outro: [
      'The link works for one hour and only once. Choosing a new password signs you out everywhere.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
  });
  return { to, subject: `Reset your ${ctx.appName} password`, ...content };
}

export function existingAccountMail(ctx: MailContext, to: string): MailMessage {
  const content = renderMail({
    appName: ctx.appName,
    intro: [
      `Someone tried to create an account on ${ctx.appName} with this address, which already has one.`,
      'If it was you, sign in instead; if you forgot the password, reset it.',
    ],
    action: { label: 'Reset my password', url: link(ctx, accountPaths.forgotPassword) },
    outro: ['If it was not you, ignore this message: nothing has changed.'],
  });
  return { to, subject: `Your ${ctx.appName} account already exists`, ...content };
}
