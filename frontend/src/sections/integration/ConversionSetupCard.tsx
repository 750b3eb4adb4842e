import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { CodeSnippet } from '../../components/CodeSnippet';

/** The two steps that connect a shop's orders to affiliates: the tracking script, and reporting orders. */
export function ConversionSetupCard({ scriptUrl, conversionApiUrl }: { scriptUrl: string; conversionApiUrl: string }) {
  const { t } = useTranslation('account');
  const script = `<script src="${scriptUrl}" data-days="30" async></script>`;
  const order = JSON.stringify({
    order_id: '1001',
    order_total: '249.90',
    currency: 'RON',
    customer_email: 'ana@example.com',
    click_id: '<aff_click>',
    discount_code: 'SUMMER10',
  });
  const curl = `curl -X POST "${conversionApiUrl}" \\\n  -H "X-API-Key: $API_KEY" -H 'Content-Type: application/json' \\\n  -d '${order}'`;
  return (
    <Card data-testid="conversion-setup">
      <CardContent>
        <Typography variant="h6">{t('integration.trackingTitle')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('integration.trackingIntro')}
        </Typography>
        <Typography variant="subtitle2" component="h3">
          {t('integration.scriptStep')}
        </Typography>
        <CodeSnippet code={script} testId="tracking-script-snippet" />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('integration.scriptHelp')}
        </Typography>
        <Typography variant="subtitle2" component="h3">
          {t('integration.apiStep')}
        </Typography>
        <CodeSnippet code={curl} testId="conversion-api-snippet" />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('integration.apiHelp')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="body2">{t('integration.shopifyStep')}</Typography>
          <Button component={RouterLink} to="/shopify-setup" variant="outlined" size="small" data-testid="shopify-setup-link">
            {t('integration.shopifyLink')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
