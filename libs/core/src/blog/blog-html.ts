import { BLOG_ALLOWED_TAGS, BLOG_LINK_SCHEMES } from '@brandloom/contracts';
import sanitizeHtml from 'sanitize-html';

/** Absolute http(s) URLs and mailto: addresses; entities are already decoded when this runs. */
const SAFE_LINK = /^(https?:\/\/[^/\s]|mailto:[^\s])/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BLOG_ALLOWED_TAGS],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: [...BLOG_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Whatever is inside a removed <script>, <style>, <iframe>, <svg>... goes with it.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math', 'template', 'object', 'embed'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link to anything but http(s) or mailto loses its target (an <a> without href is no link);
    // the scheme filter above stays a second line.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      const safe: sanitizeHtml.Attributes = { href, rel: 'noopener noreferrer nofollow' };
      return SAFE_LINK.test(href) ? { tagName, attribs: safe } : { tagName, attribs: {} };
    },
  },
};

/**
 * Post content as the blog may show it: the product's tags only, links to http(s) and mailto only
 * (no protocol-relative ones), each with rel="noopener noreferrer nofollow". Applied on every
 * write; reads serve what was stored.
 */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const EXCERPT_LENGTH = 200;
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&nbsp;': ' ', '&amp;': '&' };

/**
 * A post's opening words as plain text (a new post's excerpt is optional): the content's
 * text, blocks separated by spaces, cut at a word to at most 200 characters with an ellipsis.
 */
export function excerptFromHtml(html: string): string {
  const spaced = html.replace(/<\/(h1|h2|h3|p|li)>|<br\s*\/?>/gi, '$& ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&(lt|gt|quot|#39|#x27|nbsp|amp);/g, (entity) => ENTITIES[entity])
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH - 1);
  const atWord = cut.lastIndexOf(' ') > EXCERPT_LENGTH / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${atWord.replace(/[\s.,;:!?-]+$/, '')}…`;
}
