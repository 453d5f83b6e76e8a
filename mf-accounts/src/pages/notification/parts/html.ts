/**
 * A second line of defence for news HTML. The server sanitises every article with sanitize-html when it is
 * published and again when it is read (server/src/modules/news/sanitize.ts), which is what makes rendering it
 * with dangerouslySetInnerHTML acceptable at all. Here we still drop anything executable in case a bad
 * article ever gets through: script-like elements, event-handler attributes, and links or images whose address
 * is not http(s) or a site path. (HTML inserted with innerHTML never runs its <script> elements anyway.)
 */
const DROPPED = 'script, style, iframe, frame, frameset, object, embed, applet, form, input, button, textarea, select, link, meta, base, svg, math, template, noscript';
const SAFE_URL = /^(https?:\/\/|\/(?!\/))/i;

export function scrubArticleHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const node of Array.from(doc.body.querySelectorAll(DROPPED))) node.remove();
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const urlAttribute = name === 'href' || name === 'src' || name === 'xlink:href' || name === 'action' || name === 'formaction' || name === 'srcset';
      if (name.startsWith('on') || name === 'style' || (urlAttribute && !SAFE_URL.test(attribute.value.trim()))) element.removeAttribute(attribute.name);
    }
    if (element.tagName === 'A' && element.hasAttribute('href')) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
  return doc.body.innerHTML;
}
