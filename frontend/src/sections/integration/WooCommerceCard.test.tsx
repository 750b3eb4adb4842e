import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/config';
import { renderWithProviders } from '../../test/renderWithProviders';
import { WooCommerceCard } from './WooCommerceCard';

const url = 'https://platform.example/api/v1/integrations/woocommerce/shop-srl';

describe('WooCommerce card', () => {
  it.each([
    ['en', 'Delivery URL', 'Shopify signing key'],
    ['ro', 'Adresa de livrare', 'Cheia de semnare Shopify'],
  ])('shows the delivery URL, the topics and where the secret is (%s)', async (lng, urlLabel, secretCard) => {
    await i18n.changeLanguage(lng);
    renderWithProviders(<WooCommerceCard webhookUrl={url} />);
    expect(screen.getByTestId('woocommerce-url').textContent).toBe(url);
    expect(screen.getByText(urlLabel)).toBeTruthy();
    expect(screen.getByTestId('woocommerce-topics').textContent).toBe('Order createdOrder updated');
    expect(screen.getByTestId('woocommerce-card').textContent).toContain(secretCard);
  });
});
