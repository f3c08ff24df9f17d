// An ATS description's HTML as our text: paragraphs (plain text, a blank line between them) and
// lists. Nothing else survives — no tags, links, scripts, styles or attributes. A list under a
// heading we recognise ("Responsibilities", "Requirements", "Nice to have", "Benefits") fills the
// matching list of the job; any other list stays in the description as "• " lines.
import { DomUtils, parseDocument } from 'htmlparser2';
import { type JobListField, LIMITS } from '../../../shared/contract/employer-jobs.ts';

type Node = ReturnType<typeof parseDocument>['children'][number];
type Tag = Extract<Node, { name: string; children: unknown }>;
type TextNode = Extract<Node, { type: 'text' }>;

// domutils 4 leaves the node guards to domhandler, which we do not import directly.
export const isTag = (node: Node): node is Tag => 'name' in node && 'children' in node;
const isText = (node: Node): node is TextNode => node.type === 'text';
type Block = { kind: 'p'; text: string } | { kind: 'list'; items: string[] };

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'svg',
  'head',
  'title',
]);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'pre',
  'table',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'dl',
  'dt',
  'dd',
  'hr',
  'figure',
  'main',
  'aside',
]);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b]/g;

const clean = (text: string) => text.replace(CONTROL, '').replace(/\s+/g, ' ').trim();

/** The HTML's blocks in order: paragraphs and lists (a list's items are its li's text). */
function blocksOf(html: string): Block[] {
  const blocks: Block[] = [];
  let buffer = '';
  const flush = () => {
    const text = clean(buffer);
    if (text) blocks.push({ kind: 'p', text });
    buffer = '';
  };
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (isText(node)) buffer += node.data;
      else if (isTag(node)) {
        const name = node.name.toLowerCase();
        if (SKIPPED.has(name)) continue;
        if (name === 'br') {
          flush();
        } else if (name === 'ul' || name === 'ol') {
          flush();
          const items = node.children
            .filter((c) => isTag(c) && c.name.toLowerCase() === 'li')
            .map((li) => clean(DomUtils.textContent(li)))
            .filter(Boolean);
          if (items.length > 0) blocks.push({ kind: 'list', items });
        } else if (name === 'li') {
          flush();
          const text = clean(DomUtils.textContent(node));
          if (text) blocks.push({ kind: 'list', items: [text] });
        } else if (BLOCKS.has(name)) {
          flush();
          walk(node.children);
          flush();
        } else {
          walk(node.children);
        }
      }
    }
  };
  walk(parseDocument(html, { decodeEntities: true }).children);
  flush();
  return blocks;
}

const HEADINGS: [JobListField, RegExp][] = [
  [
    'preferredQualification',
    /nice to have|preferred|bonus|plus|ideally|would be great|wünschenswert/i,
  ],
  [
    'perksAndBenefits',
    /benefit|perk|we offer|what we give|why (join|us|work)|what.{0,10}in it for you|wir bieten/i,
  ],
  [
    'responsibilities',
    /responsib|what you.{0,3}ll do|you will|your (role|tasks|mission|impact)|the role|day.to.day|aufgaben/i,
  ],
  [
    'minimumRequirements',
    /requir|qualif|what you.{0,3}ll (bring|need)|you (have|bring)|about you|who you are|must|looking for|skills|experience|profil/i,
  ],
];

export interface PostingText {
  description: string;
  lists: Partial<Record<JobListField, string[]>>;
}

const item = (text: string) =>
  text.length <= LIMITS.listItem ? text : `${text.slice(0, LIMITS.listItem - 1).trimEnd()}…`;

/** The description's text and recognised lists, within the job form's limits. */
export function htmlToPostingText(html: string): PostingText {
  const blocks = blocksOf(html);
  const paragraphs: string[] = [];
  const lists: Partial<Record<JobListField, string[]>> = {};
  for (let i = 0; i < blocks.length; i += 1) {
    const block = blocks[i]!;
    const next = blocks[i + 1];
    if (block.kind === 'p' && next?.kind === 'list' && block.text.length <= 80) {
      const field = HEADINGS.find(([, pattern]) => pattern.test(block.text))?.[0];
      if (field) {
        const list = (lists[field] ??= []);
        for (const text of next.items) if (list.length < LIMITS.listItems) list.push(item(text));
        i += 1;
        continue;
      }
    }
    paragraphs.push(block.kind === 'p' ? block.text : block.items.map((t) => `• ${t}`).join('\n'));
  }
  let description = '';
  for (const p of paragraphs) {
    const next = description ? `${description}\n\n${p}` : p;
    if (next.length > LIMITS.description) {
      if (!description) description = `${p.slice(0, LIMITS.description - 1).trimEnd()}…`;
      break;
    }
    description = next;
  }
  return { description, lists };
}

/** The text of escaped HTML (Greenhouse's `content` is `&lt;p&gt;…`): the HTML itself. */
export function unescapeHtml(escaped: string): string {
  return DomUtils.textContent(parseDocument(escaped, { decodeEntities: true }));
}

/**
 * HTML sent where our text goes (the posting API's description): its paragraphs, a blank line
 * between them, and every list as "• " lines, in order. Unlike a board's posting, no list moves
 * to a job's list fields (the API's client sends those itself), and nothing is cut: the form's
 * limits then refuse what is too long.
 */
export function htmlToPlainText(html: string): string {
  return blocksOf(html)
    .map((block) => (block.kind === 'p' ? block.text : block.items.map((t) => `• ${t}`).join('\n')))
    .join('\n\n');
}

/** HTML sent where one line of text goes (a title, a list item): its words, tags dropped. */
export function htmlToLine(html: string): string {
  return blocksOf(html)
    .flatMap((block) => (block.kind === 'p' ? [block.text] : block.items))
    .join(' ');
}

/**
 * Whether text is HTML: it has a tag of an element that job text is written with (p, br, ul, li,
 * b, a, h1…), or a comment. Other angle brackets are words: List<String>, a < b.
 */
export const HTML_TAG =
  /<\/?(?:p|br|hr|ul|ol|li|div|span|b|strong|i|em|u|s|a|h[1-6]|table|thead|tbody|tr|td|th|section|article|blockquote|pre|code|small|sup|sub|font|img|script|style|iframe|object|svg|dl|dt|dd)\b[^<>]*>|<!--/i;
