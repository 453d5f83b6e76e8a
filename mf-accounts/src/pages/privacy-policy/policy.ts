import { http } from '@meridian/shared';
import type { PolicyType } from '../../paths';

/** Where the built site serves each policy text (shell/public/static/files). */
export const POLICY_FILES: Record<PolicyType, string> = {
  privacy: '/static/files/privacy_policy.txt',
  user: '/static/files/user_policy.txt',
};

/**
 * Fetches a policy as plain text through the platform's axios instance (silent: the screen shows its own
 * error and retry). An HTML answer — a misconfigured site answering every path with the app page — counts as
 * a failure, not as the policy.
 */
export async function fetchPolicy(type: PolicyType): Promise<string> {
  const response = await http.get<unknown>(POLICY_FILES[type], {
    responseType: 'text',
    transformResponse: [(data: unknown) => data],
    silent: true,
  });
  const contentType = String(response.headers?.['content-type'] ?? '');
  const body = response.data;
  if (typeof body !== 'string' || body.trim() === '' || contentType.includes('html') || /^\s*<(!doctype|html)/i.test(body)) {
    throw new Error(`${POLICY_FILES[type]} did not answer a text`);
  }
  return body;
}

export type PolicyBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/**
 * The plain text as blocks the screen can reflow: paragraphs are separated by blank lines and their hard line
 * breaks become spaces; a block of lines starting with "- " is a list (indented lines continue an item); a
 * one-line block in capitals ("3. HOW LONG WE KEEP IT") is a heading.
 */
export function parsePolicy(text: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    const first = lines[0]!.trim();
    if (lines.length === 1 && /\p{L}/u.test(first) && first === first.toUpperCase()) {
      blocks.push({ kind: 'heading', text: first });
    } else if (first.startsWith('- ')) {
      const items: string[] = [];
      for (const line of lines) {
        const trimmed = line.trim();
        if (trimmed.startsWith('- ')) items.push(trimmed.slice(2).trim());
        else if (items.length > 0) items[items.length - 1] += ` ${trimmed}`;
        else items.push(trimmed);
      }
      blocks.push({ kind: 'list', items });
    } else {
      blocks.push({ kind: 'paragraph', text: lines.map((line) => line.trim()).join(' ') });
    }
  }
  return blocks;
}
