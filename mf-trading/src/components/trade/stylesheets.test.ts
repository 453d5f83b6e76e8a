import fs from 'node:fs';
import path from 'node:path';

// The trade kit's parts that product screens reuse (the ADL indicator and the list tables, inside the seconds and
// forex lists) style themselves from the kit's stylesheet, which every screen imports before a product's own: a
// stylesheet of their own was ordered before the seconds styles by one chunk group and after them by another
// (mini-css-extract-plugin's "Conflicting order" in the build).
describe('the trade kit’s shared parts use the kit’s stylesheet', () => {
  it.each(['AdlIndicator.tsx', 'ListTables.tsx', 'listParts.tsx'])('%s', (file) => {
    const source = fs.readFileSync(path.join(__dirname, file), 'utf8');
    const sheets = [...source.matchAll(/from '([^']+\.css)'/g)].map((match) => match[1]);
    expect(sheets.every((sheet) => sheet === './trade.module.css')).toBe(true);
  });
});
