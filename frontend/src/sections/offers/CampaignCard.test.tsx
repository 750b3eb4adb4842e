import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/config';
import { campaignFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CampaignCard } from './CampaignCard';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

function recurringShown(fields: Parameters<typeof campaignFixture>[0]): string | null {
  const { unmount } = renderWithProviders(<CampaignCard campaign={campaignFixture(fields)} />);
  const text = screen.getByTestId('campaign-recurring').textContent;
  const label = screen.getByTestId('campaign-recurring').parentElement?.textContent ?? '';
  unmount();
  return `${label.replace(text ?? '', '').trim()}: ${text}`;
}

describe('offer card', () => {
  it('says what the offer earns on subscription renewals, in English and Romanian', async () => {
    expect(recurringShown({})).toBe('Recurring: first payment only');
    expect(recurringShown({ recurring: 'first_payments', recurring_limit: 12 })).toBe('Recurring: first 12 payments');
    expect(recurringShown({ recurring: 'first_months', recurring_limit: 6 })).toBe('Recurring: first 6 months');
    expect(recurringShown({ recurring: 'lifetime' })).toBe('Recurring: for life');
    await i18n.changeLanguage('ro');
    expect(recurringShown({ recurring: 'first_payments', recurring_limit: 12 })).toBe('Comision recurent: primele 12 plăți');
    expect(recurringShown({ recurring: 'first_payments', recurring_limit: 20 })).toBe('Comision recurent: primele 20 de plăți');
    expect(recurringShown({ recurring: 'first_months', recurring_limit: 1 })).toBe('Comision recurent: prima lună');
    expect(recurringShown({ recurring: 'lifetime' })).toBe('Comision recurent: pe viață');
  });

  it('mentions product rates and tiers briefly, only when the offer has them', async () => {
    const rules = (fields: Parameters<typeof campaignFixture>[0]) => {
      const { unmount } = renderWithProviders(<CampaignCard campaign={campaignFixture(fields)} />);
      const text = screen.queryByTestId('campaign-rules')?.textContent ?? null;
      unmount();
      return text;
    };
    const rate = { match: 'sku' as const, match_value: 'A', commission_type: 'percentage' as const, commission_value: '0.2' };
    expect(rules({})).toBeNull();
    expect(rules({ product_rates: [rate, { ...rate, match_value: 'B' }] })).toBe('2 products with their own rate');
    expect(rules({ product_rates: [rate], tiers: [{ threshold: '1000', value: '0.15' }] })).toBe(
      '1 product with its own rate · a higher rate from one threshold a month',
    );
    await i18n.changeLanguage('ro');
    expect(rules({ tiers: [{ threshold: '5', value: '0.15' }, { threshold: '10', value: '0.2' }] })).toBe('comision mai mare pe 2 praguri lunare');
  });
});
