import sanitizeHtml from 'sanitize-html';

/**
 * What an article may contain: basic formatting, lists, tables, quotes, links and images. Everything else is
 * dropped (scripts, styles, iframes, forms, event handlers, style and class attributes); links keep only http(s)
 * (or a same-site relative path), open in a new tab with rel noopener, and images load only over https (or from
 * this site). The client renders the result as HTML, so this list is the whole of what the page trusts.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'span', 'blockquote', 'ul', 'ol', 'li',
    'a', 'img', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with their content, not just their tags (the defaults plus the embedding tags).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'select', 'svg', 'math'],
  transformTags: {
    // Whatever rel or target the author wrote, a link opens apart from the app and gets no window.opener.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href !== undefined ? { href: attribs.href } : {}),
        ...(attribs.title !== undefined ? { title: attribs.title } : {}),
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
  // Runs after the attribute checks. Only absolute http(s) addresses or site paths ("/…") remain: a link without
  // one keeps its text, an image without one goes.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'a' && !/^(https?:\/\/|\/(?!\/))/i.test(frame.attribs.href ?? '')) return 'excludeTag';
    return frame.tag === 'img' && !/^(https:\/\/|\/(?!\/))/i.test(frame.attribs.src ?? '');
  },
};

export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, POLICY).trim();
}

/** Plain text of an article (list summaries): tags removed, block ends as spaces, entities decoded, at most `max` characters. */
export function newsSummary(html: string, max = 160): string {
  const spaced = sanitizeNewsHtml(html).replace(/<\/(p|h[2-4]|li|blockquote|pre|tr|td|th)>|<br\s*\/?>/gi, '$& ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
