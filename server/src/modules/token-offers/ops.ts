import type { Command } from '../../ops/commands.js';
import { UsageError } from '../../ops/usage-error.js';
import { publishTerms } from '../../platform-kit/product/terms.js';
import { Dec } from '../ledger/decimal.js';
import { parseAmount } from '../ledger/ledger.js';
import { defaultTerms, seedTerms } from '../trading/instruments.js';
import { codeHash } from './codes.js';
import { newSeed, seedHash } from './draw.js';
import { allOffers, findOfferByCode, phaseOf } from './storage.js';

export const TERMS_KIND = 'token-offer';

const USAGE =
  'offer:publish <code> <TOKEN> --name <name…> --price <usdt> --supply <tokens> --lot <tokens> --min <tokens> --max <tokens> --open <time> --close <time> --draw <time> --list <time> [--code <4 digits>]';

/** A time: ISO 8601, or +<n>m / +<n>h / +<n>d from now (the operator's clock). */
function timeOf(text: string | undefined, flag: string, now: Date): Date {
  const relative = /^\+([0-9]{1,5})([smhd])$/.exec(text ?? '');
  if (relative) return new Date(now.getTime() + Number(relative[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[relative[2] as 's']);
  const at = new Date(text ?? '');
  if (!text || Number.isNaN(at.getTime())) throw new UsageError(`${flag}: an ISO time or +<n>m|h|d`);
  return at;
}

function flags(args: string[]): { positional: string[]; values: Map<string, string> } {
  const positional: string[] = [];
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i]!;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const words: string[] = [];
    while (i + 1 < args.length && !args[i + 1]!.startsWith('--')) words.push(args[(i += 1)]!);
    values.set(a.slice(2), words.join(' '));
  }
  return { positional, values };
}

function amountOf(text: string | undefined, flag: string): Dec {
  try {
    const d = parseAmount(text);
    if (d.lte(0)) throw new Error();
    return d;
  } catch {
    throw new UsageError(`${flag}: a plain decimal above 0`);
  }
}

const decimalsOf = (d: Dec) => Math.max(0, d.decimalPlaces());

/**
 * Operator commands of token offerings: publish one (its terms a product_terms version, its ICO instrument in the
 * catalogue, the SHA-256 of a fresh secret seed published with it) and list them. Nothing here draws, sets a
 * result or moves a balance: the draw and the listing are jobs over the published rule.
 */
export const TOKEN_OFFER_COMMANDS: Command[] = [
  {
    name: 'offer:publish',
    usage: USAGE,
    summary: 'Publish a token offering (with --code: a code-gated one); its seed hash is public at once',
    changes: true,
    async run(args, tx, context) {
      const now = context.clock?.() ?? new Date();
      const { positional, values } = flags(args);
      const [code, token] = positional;
      if (!code || !/^[a-z0-9][a-z0-9-]{1,31}$/.test(code)) throw new UsageError(`usage: ${USAGE} (the code in lower case letters, digits and -)`);
      if (!token || !/^[A-Z0-9]{2,12}$/.test(token)) throw new UsageError('the token is 2–12 capital letters or digits, e.g. MDN');
      const name = values.get('name');
      if (!name || name.length > 64) throw new UsageError('--name: 1 to 64 characters');
      const price = amountOf(values.get('price'), '--price');
      const supply = amountOf(values.get('supply'), '--supply');
      const lot = amountOf(values.get('lot'), '--lot');
      const min = amountOf(values.get('min'), '--min');
      const max = amountOf(values.get('max'), '--max');
      for (const [flag, d] of [['--supply', supply], ['--min', min], ['--max', max]] as const) {
        if (!d.mod(lot).isZero()) throw new UsageError(`${flag}: a whole number of lots (${lot.toFixed()})`);
      }
      if (max.lt(min)) throw new UsageError('--max: at least --min');
      const [openAt, closeAt, drawAt, listAt] = (['open', 'close', 'draw', 'list'] as const).map((f) => timeOf(values.get(f), `--${f}`, now));
      if (!(openAt! < closeAt! && closeAt! <= drawAt! && drawAt! <= listAt!)) throw new UsageError('the times go --open < --close ≤ --draw ≤ --list');
      const accessCode = values.get('code');
      if (accessCode !== undefined && !/^[0-9]{4}$/.test(accessCode)) throw new UsageError('--code: 4 digits');
      if (await findOfferByCode(tx!, code)) throw new UsageError(`an offering ${code} exists already`);
      const symbol = `${token}USDT`;
      const { rows: existing } = await tx!.query<{ isIco: number }>('SELECT is_ico AS "isIco" FROM market_instrument WHERE symbol = $1', [symbol]);
      if (existing[0] && Number(existing[0].isIco) !== 1) throw new UsageError(`${symbol} is already a listed instrument, not a token offering`);
      if (!existing[0]) {
        // the offering's own ICO instrument: spot trades it through contract-spot/create-ico (no depth) once listed
        const instrument = { symbol, unit: 'USDT', priceDecimals: Math.max(4, decimalsOf(price)), amountDecimals: Math.min(8, decimalsOf(lot)), isIco: 1 as const, referencePrice: price.toFixed() };
        await tx!.query(
          `INSERT INTO market_instrument (symbol, name, category, unit, price_decimals, amount_decimals, calendar_id, is_ico, reference_price, sort_order)
           VALUES ($1, $2, 'CRYPTO', 'USDT', $3, $4, 'ALWAYS', 1, $5, 900)`,
          [symbol, name, instrument.priceDecimals, instrument.amountDecimals, instrument.referencePrice],
        );
        await seedTerms(tx!, defaultTerms(instrument), now);
      }
      const seed = newSeed();
      const kind = accessCode === undefined ? 'ipo' : 'allotment';
      const terms = { kind, token, symbol, price: price.toFixed(), supply: supply.toFixed(), lot: lot.toFixed(), minQuantity: min.toFixed(), maxQuantity: max.toFixed(),
        openAt: openAt!.toISOString(), closeAt: closeAt!.toISOString(), drawAt: drawAt!.toISOString(), listAt: listAt!.toISOString(), seedHash: seedHash(seed) };
      const version = await publishTerms(tx!, { productKind: TERMS_KIND, productId: code, terms, operator: context.operator, now });
      const { rows } = await tx!.query<{ id: string }>(
        `INSERT INTO token_offers (code, kind, token, symbol, name, terms_version_id, price, supply, lot, min_lots, max_lots, open_at, close_at, allocate_at, list_at,
           seed_hash, seed, code_hash, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) RETURNING id::text AS id`,
        [code, kind, token, symbol, name, version.id, terms.price, terms.supply, terms.lot, min.div(lot).toNumber(), max.div(lot).toNumber(),
          openAt, closeAt, drawAt, listAt, terms.seedHash, seed, accessCode === undefined ? null : codeHash(code, accessCode), context.operator, now],
      );
      const id = rows[0]!.id;
      context.print(`Published offering ${id} ${code} (${kind}) ${token} at ${terms.price} USDT; seed SHA-256 ${terms.seedHash}`);
      return { target: `token-offer:${id}`, detail: { terms, termsVersionId: version.id } };
    },
  },
  {
    name: 'offer:list',
    usage: 'offer:list',
    summary: 'Every token offering with its phase and times',
    changes: false,
    async run(_args, _db, context) {
      const now = context.clock?.() ?? new Date();
      const offers = await allOffers(await context.db());
      if (!offers.length) context.print('No token offering yet.');
      for (const o of offers) {
        context.print([o.id, o.code, o.kind, o.token, o.price, `supply ${o.supply}`, phaseOf(o, now), `open ${o.openAt.toISOString()}`, `close ${o.closeAt.toISOString()}`,
          `draw ${o.allocateAt.toISOString()}`, `list ${o.listAt.toISOString()}`, `seed-sha256 ${o.seedHash}`].join('  '));
      }
    },
  },
];
