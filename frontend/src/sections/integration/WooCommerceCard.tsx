import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/CopyButton';

/** The topics a brand selects for its WooCommerce webhooks, as WooCommerce names them. */
const topics = ['Order created', 'Order updated'];

/** How a WooCommerce store sends its orders: the webhooks' delivery URL, topics and secret, and the plugin. */
export function WooCommerceCard({ webhookUrl }: { webhookUrl: string }) {
  const { t } = useTranslation('account');
  return (
    <Card data-testid="woocommerce-card">
      <CardContent>
        <Typography variant="h6">{t('woocommerce.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('woocommerce.intro')}
        </Typography>
        <Typography variant="overline" color="text.secondary" component="div" sx={{ lineHeight: 1.6 }}>
          {t('woocommerce.url')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography
            component="code"
            data-testid="woocommerce-url"
            sx={{ fontFamily: 'monospace', fontSize: '0.875rem', wordBreak: 'break-all', fontWeight: 600 }}
          >
            {webhookUrl}
          </Typography>
          <CopyButton value={webhookUrl} testId="woocommerce-url-copy" />
        </Stack>
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('woocommerce.topics')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }} data-testid="woocommerce-topics">
          {topics.map((topic) => (
            <Chip key={topic} label={topic} size="small" variant="outlined" />
          ))}
        </Stack>
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('woocommerce.secret')}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('woocommerce.plugin')}
        </Typography>
      </CardContent>
    </Card>
  );
}
