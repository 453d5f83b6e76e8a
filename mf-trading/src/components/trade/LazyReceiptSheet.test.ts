import fs from 'node:fs';
import path from 'node:path';

// the trade route's JavaScript budget (scripts/bench-routes.mjs, 250 KiB on the wire) holds because the receipt
// sheet loads when the user sends an order: no screen of the route may import it statically again
describe('the receipt sheet loads on demand', () => {
  it.each(['OrderForm.tsx', '../forex/ForexPanel.tsx'])('%s imports only its types statically', (file) => {
    const source = fs.readFileSync(path.join(__dirname, file), 'utf8');
    const statics = source.split('\n').filter((line) => /^import (?!type )[^;]*from '[^']*\/ReceiptSheet'/.test(line));
    expect(statics).toEqual([]);
    expect(source).toMatch(/LazyReceiptSheet/);
  });
});
