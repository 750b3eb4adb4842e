import type { Earnings } from '../../api/generated/model';
import { addDecimal } from '../../preferences/decimal';

export const earningKinds = ['pending', 'confirmed', 'paid', 'reversed'] as const;
export type EarningKind = (typeof earningKinds)[number];

export interface EarningsTotals {
  /** Each kind's total in the display currency. */
  totals: Record<EarningKind, string>;
  conversions: number;
  /** Currencies with no rate to the display currency: their rows are shown but left out of the totals. */
  unconverted: string[];
}

/**
 * Adds up the per-currency earnings rows in the display currency; `toDisplay` converts an amount
 * (exact decimals) or answers null when its currency has no rate.
 */
export function totalEarnings(rows: Earnings[], toDisplay: (amount: string, currency: string) => string | null): EarningsTotals {
  const totals: Record<EarningKind, string> = { pending: '0.00', confirmed: '0.00', paid: '0.00', reversed: '0.00' };
  const unconverted: string[] = [];
  let conversions = 0;
  for (const row of rows) {
    conversions += row.conversions;
    const converted = earningKinds.map((kind) => toDisplay(row[kind], row.currency));
    if (converted.some((amount) => amount === null)) {
      unconverted.push(row.currency);
      continue;
    }
    earningKinds.forEach((kind, index) => {
      totals[kind] = addDecimal(totals[kind], converted[index] as string);
    });
  }
  return { totals, conversions, unconverted };
}
