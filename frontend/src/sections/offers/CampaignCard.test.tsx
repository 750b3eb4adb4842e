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
});
