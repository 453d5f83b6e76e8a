/** A CSV cell: quoted when it holds a quote, a comma or a line break; empty for null. */
export const csvCell = (v: string | number | null) => (v === null ? '' : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

/** The header and lines as CSV text (one line each, ending with a line break). */
export const csvText = (head: string[], lines: (string | number | null)[][]) => [head.join(','), ...lines.map((l) => l.map(csvCell).join(','))].join('\n') + '\n';

/** Saves `text` as a CSV file through the browser's download. */
export function downloadCsv(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}
