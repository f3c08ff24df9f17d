// One look for every e-mail: a plain-text part and a simple HTML part built from the same words,
// with no images and no remote resources, so a message reads the same in any client.
import { escapeMarkup } from '../../shared/text.ts';

export interface MailContent {
  /** Paragraphs before the action link. */
  intro: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the action link (why the reader got it, what to do if it was not them). */
  outro?: string[];
  /** The app's name, signed at the bottom. */
  appName: string;
}

export function renderMail(content: MailContent): { text: string; html: string } {
  const outro = content.outro ?? [];
  const text = [
    ...content.intro,
    ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
    ...outro,
    `— ${content.appName}`,
  ].join('\n\n');

  const p = (s: string) => `<p style="margin:0 0 16px">${escapeMarkup(s)}</p>`;
  const action = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeMarkup(content.action.url)}" ` +
      `style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;` +
      `border-radius:6px;text-decoration:none;font-weight:600">${escapeMarkup(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">If the button does not work, ` +
      `copy this address into your browser:<br>${escapeMarkup(content.action.url)}</p>`
    : '';
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
    `<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;` +
    `font-size:15px;line-height:1.5;color:#111111;background:#ffffff">` +
    `<div style="max-width:560px;margin:0 auto">` +
    content.intro.map(p).join('') +
    action +
    outro.map(p).join('') +
    `<p style="margin:24px 0 0;color:#555555">— ${escapeMarkup(content.appName)}</p>` +
    `</div></body></html>`;
  return { text, html };
}
