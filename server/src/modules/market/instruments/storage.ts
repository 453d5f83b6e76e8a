import type { Db } from '../../../db/db.js';
import type { CalendarId, Category, InstrumentSeed } from './catalogue.js';

export interface Instrument {
  symbol: string;
  name: string;
  category: Category;
  unit: string;
  priceDecimals: number;
  amountDecimals: number;
  calendarId: CalendarId;
  status: 'TRADING' | 'HALTED' | 'DELISTED';
  isIco: 0 | 1;
  referencePrice: string;
}

/** Adds the seeded instruments that are missing; existing rows (possibly edited by operators) are kept. */
export async function seedInstruments(db: Db, seeds: readonly InstrumentSeed[]): Promise<void> {
  const params: unknown[] = [];
  const rows = seeds.map((seed, i) => {
    params.push(seed.symbol, seed.name, seed.category, seed.unit, seed.priceDecimals, seed.amountDecimals, seed.calendarId, seed.isIco, seed.referencePrice, i);
    const base = i * 10;
    return `(${Array.from({ length: 10 }, (_, k) => `$${base + k + 1}`).join(', ')})`;
  });
  await db.query(
    `INSERT INTO market_instrument (symbol, name, category, unit, price_decimals, amount_decimals, calendar_id, is_ico, reference_price, sort_order)
     VALUES ${rows.join(', ')} ON CONFLICT (symbol) DO NOTHING`,
    params,
  );
}

export async function loadInstruments(db: Db): Promise<Instrument[]> {
  const { rows } = await db.query<Record<string, string | number>>(
    `SELECT symbol, name, category, unit, price_decimals, amount_decimals, calendar_id, status, is_ico, reference_price
       FROM market_instrument ORDER BY sort_order, symbol`,
  );
  return rows.map((row) => ({
    symbol: String(row.symbol),
    name: String(row.name),
    category: row.category as Category,
    unit: String(row.unit),
    priceDecimals: Number(row.price_decimals),
    amountDecimals: Number(row.amount_decimals),
    calendarId: row.calendar_id as CalendarId,
    status: row.status as Instrument['status'],
    isIco: Number(row.is_ico) === 1 ? 1 : 0,
    referencePrice: String(row.reference_price),
  }));
}
