import type { Db } from '../../db/db.js';
import type { RateVersion } from './conversion.js';
import { currentRates } from './storage.js';

/** The rates in force as getSetting lists them: one entry per stock currency, null while no operator has set it. */
export async function stockRateSettings(db: Db): Promise<{ USD: RateVersion | null; JPY: RateVersion | null }> {
  const rates = await currentRates(db);
  return { USD: rates.get('USD') ?? null, JPY: rates.get('JPY') ?? null };
}
