import { describe, expect, it } from 'vitest';
import { scaleDecimal } from '../../preferences/decimal';
import { totalEarnings } from './earningsTotals';

// RON base: 1 RON = 0.2 EUR = 0.25 USD; shown in RON.
const rates: Record<string, string> = { RON: '1', EUR: '0.2', USD: '0.25' };
const toRon = (amount: string, currency: string) => (rates[currency] ? scaleDecimal(amount, '1', rates[currency]) : null);

describe('earnings totals', () => {
  it('adds every currency in the display currency, exactly', () => {
    const { totals, conversions, unconverted } = totalEarnings(
      [
        { currency: 'RON', pending: '10.10', confirmed: '0.20', paid: '0.00', reversed: '1.00', conversions: 3 },
        { currency: 'EUR', pending: '2.00', confirmed: '0.01', paid: '5.00', reversed: '0.00', conversions: 2 },
      ],
      toRon,
    );
    expect(totals).toEqual({ pending: '20.10', confirmed: '0.25', paid: '25.00', reversed: '1.00' });
    expect(conversions).toBe(5);
    expect(unconverted).toEqual([]);
  });

  it('leaves a currency without a rate out of the totals and names it', () => {
    const { totals, conversions, unconverted } = totalEarnings(
      [
        { currency: 'GBP', pending: '9.00', confirmed: '9.00', paid: '9.00', reversed: '9.00', conversions: 1 },
        { currency: 'USD', pending: '1.00', confirmed: '0.00', paid: '0.00', reversed: '0.00', conversions: 1 },
      ],
      toRon,
    );
    expect(totals.pending).toBe('4.00');
    expect(totals.paid).toBe('0.00');
    expect(unconverted).toEqual(['GBP']);
    expect(conversions).toBe(2);
  });

  it('is all zeros with nothing earned', () => {
    expect(totalEarnings([], toRon).totals).toEqual({ pending: '0.00', confirmed: '0.00', paid: '0.00', reversed: '0.00' });
  });
});
