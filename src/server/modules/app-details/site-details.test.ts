import { describe, expect, it } from 'vitest';
import { checkSiteDetails } from './site-details.ts';

const FORM = {
  supportEmail: 'help@example.com',
  twitter: '',
  linkedIn: '',
  youtube: '',
  whatsApp: '',
};

/** The YouTube field's error for `youtube`, or undefined when it is taken. */
function youtubeError(youtube: string): string | undefined {
  const result = checkSiteDetails({ ...FORM, youtube });
  return result.ok ? undefined : result.errors.youtube;
}

describe('site details: each refused link by its own reason', () => {
  it('keeps https addresses, hosts by IP and ports included, and an empty field', () => {
    const result = checkSiteDetails({
      ...FORM,
      twitter: ' https://x.com/ourboard ',
      linkedIn: 'https://203.0.113.7/company',
      youtube: 'https://youtube.com:8443/x',
    });
    expect(result).toEqual({
      ok: true,
      details: {
        supportEmail: 'help@example.com',
        twitter: 'https://x.com/ourboard',
        linkedIn: 'https://203.0.113.7/company',
        youtube: 'https://youtube.com:8443/x',
        whatsApp: null,
      },
    });
  });

  it('says a link with a user name or password holds one, not that it lacks https://', () => {
    const credentials =
      "The YouTube link must not contain a user name or password (the part before @): give the page's address alone.";
    expect(youtubeError('https://user:pw@youtube.com/x')).toBe(credentials);
    expect(youtubeError('https://user@youtube.com/x')).toBe(credentials);
    expect(youtubeError('https://:pw@youtube.com/x')).toBe(credentials);
  });

  it('says an https:// link that is no address is not valid', () => {
    const invalid =
      'The YouTube link is not a valid address: check it for spaces or characters an address cannot hold.';
    expect(youtubeError('https://you tube.com/x')).toBe(invalid);
    expect(youtubeError('https://')).toBe(invalid);
  });

  it('asks for https:// only of links without it', () => {
    const scheme =
      'The YouTube link must be an address starting with https://, or empty to leave it out.';
    expect(youtubeError('http://youtube.com/x')).toBe(scheme);
    expect(youtubeError('javascript:alert(1)')).toBe(scheme);
    expect(youtubeError('youtube.com/x')).toBe(scheme);
  });
});
