// The operator-set details (/admin/site-details): what the console's form is checked against before
// the support e-mail and the social links are saved. The e-mail goes into mailto: links and the
// links into the footer's and the contact page's anchors, so both are held to strict forms.
import { z } from 'zod';
import type {
  SiteDetails,
  SiteDetailsField,
  SiteDetailsForm,
  SiteDetailsResult,
} from '../../../shared/operator-services.ts';

export const SUPPORT_EMAIL_MAX = 254;
export const SOCIAL_LINK_MAX = 500;

const LINKS = ['twitter', 'linkedIn', 'youtube', 'whatsApp'] as const;

/** Each link's name in an error. */
const LINK_NAMES: Record<(typeof LINKS)[number], string> = {
  twitter: 'The Twitter link',
  linkedIn: 'The LinkedIn link',
  youtube: 'The YouTube link',
  whatsApp: 'The WhatsApp link',
};

// zod's address form: letters, digits and . _ ' + - before the @, so nothing that would add to a
// mailto: link's query (? & #) gets in.
const emailForm = z.email();

function checkEmail(typed: string): string | { error: string } {
  const email = typed.trim();
  if (!email) return { error: 'Enter the support e-mail address.' };
  if (email.length > SUPPORT_EMAIL_MAX || !emailForm.safeParse(email).success) {
    return { error: 'Enter an e-mail address like support@example.com.' };
  }
  return email;
}

/** A link as saved (null: left empty, so not shown), or what is wrong with it. */
function checkLink(typed: string, name: string): string | null | { error: string } {
  const link = typed.trim();
  if (!link) return null;
  let url: URL | undefined;
  try {
    url = new URL(link);
  } catch {
    url = undefined;
  }
  // Each refusal by its own reason: a link that does start with https:// is not told to.
  if (!url && /^https:\/\//i.test(link)) {
    return {
      error: `${name} is not a valid address: check it for spaces or characters an address cannot hold.`,
    };
  }
  if (!url || url.protocol !== 'https:' || !url.hostname) {
    return {
      error: `${name} must be an address starting with https://, or empty to leave it out.`,
    };
  }
  if (url.username || url.password) {
    return {
      error: `${name} must not contain a user name or password (the part before @): give the page's address alone.`,
    };
  }
  if (link.length > SOCIAL_LINK_MAX) {
    return { error: `${name} is too long: at most ${SOCIAL_LINK_MAX} characters.` };
  }
  return url.href;
}

/** The details to save, or the errors by field. */
export function checkSiteDetails(
  typed: SiteDetailsForm,
): { ok: true; details: SiteDetails } | Extract<SiteDetailsResult, { ok: false }> {
  const errors: Partial<Record<SiteDetailsField, string>> = {};
  const supportEmail = checkEmail(typed.supportEmail);
  if (typeof supportEmail !== 'string') errors.supportEmail = supportEmail.error;
  const links: Partial<Record<(typeof LINKS)[number], string | null>> = {};
  for (const key of LINKS) {
    const link = checkLink(typed[key], LINK_NAMES[key]);
    if (link !== null && typeof link === 'object') errors[key] = link.error;
    else links[key] = link;
  }
  if (typeof supportEmail !== 'string' || Object.keys(errors).length > 0) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    details: {
      supportEmail,
      twitter: links.twitter ?? null,
      linkedIn: links.linkedIn ?? null,
      youtube: links.youtube ?? null,
      whatsApp: links.whatsApp ?? null,
    },
  };
}
