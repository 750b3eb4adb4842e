import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { useGetIntegrationDetails, useSetWebhookSecret } from '../../api/generated/brands/brands';
import { useSendShopifyTestOrder } from '../../api/generated/conversions/conversions';
import { CodeSnippet } from '../../components/CodeSnippet';
import { QueryStatus } from '../../components/QueryStatus';
import { formatAmount } from '../../preferences/format';
import { SectionHeader } from '../SectionHeader';

type Outcome = { severity: 'success' | 'error'; text: string };

/** The signing key Shopify shows for a shop's webhooks, saved as the brand's webhook secret. */
function SigningKeyForm({ brandUuid }: { brandUuid: string }) {
  const { t } = useTranslation('account');
  const [key, setKey] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const save = useSetWebhookSecret();
  const invalid = key.length > 0 && (key.length < 16 || /\s/.test(key));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid || key === '') return;
    save.mutate(
      { id: brandUuid, data: { webhook_secret: key } },
      {
        onSuccess: () => {
          setKey('');
          setOutcome({ severity: 'success', text: t('shopify.keySaved') });
        },
        onError: (error) => setOutcome({ severity: 'error', text: errorMessage(error, t('shopify.keyFailed')) }),
      },
    );
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ mt: 2 }}>
      {outcome && (
        <Alert severity={outcome.severity} data-testid="shopify-key-message">
          {outcome.text}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('shopify.keyLabel')}
          value={key}
          onChange={(event) => setKey(event.target.value.trim())}
          error={invalid}
          helperText={t('shopify.keyHelp')}
          autoComplete="off"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'shopify-key', maxLength: 200, spellCheck: false } }}
        />
        <Button type="submit" variant="contained" disabled={save.isPending || key === '' || invalid} data-testid="shopify-key-save" sx={{ flexShrink: 0, mt: { sm: 1 } }}>
          {t('shopify.keySave')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Brand 'Shopify Setup': the webhook address, numbered steps, the signing key and a test order. */
export default function ShopifySetupPage() {
  const { t } = useTranslation(['account', 'sections']);
  const details = useGetIntegrationDetails();
  const data = details.data?.data;
  const send = useSendShopifyTestOrder();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const sendTest = () => {
    setOutcome(null);
    send.mutate(undefined, {
      onSuccess: (response) => {
        const r = response.data;
        setOutcome({
          severity: 'success',
          text: t('shopify.testOk', { order: r.order_id, total: formatAmount(r.total_price, r.currency), code: r.discount_code || '—' }),
        });
      },
      onError: (error) => setOutcome({ severity: 'error', text: errorMessage(error, t('shopify.testFailed')) }),
    });
  };

  return (
    <>
      <SectionHeader title={t('sections:titles.shopifySetup')} subtitle={t('sections:descriptions.shopifySetup')} />
      <QueryStatus loading={details.isPending} error={details.error} onRetry={() => void details.refetch()} />
      {data && (
        <Stack spacing={3}>
          <Card data-testid="shopify-webhook">
            <CardContent>
              <Typography variant="h6">{t('shopify.webhookTitle')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('shopify.webhookHelp')}
              </Typography>
              <CodeSnippet code={data.shopify_webhook_url} testId="shopify-webhook-url" />
            </CardContent>
          </Card>
          <Card data-testid="shopify-steps">
            <CardContent>
              <Typography variant="h6">{t('shopify.stepsTitle')}</Typography>
              <Box component="ol" sx={{ pl: 3, my: 1, '& > li': { py: 0.75 } }}>
                <li>{t('shopify.step1')}</li>
                <li>{t('shopify.step2')}</li>
                <li>
                  {t('shopify.step3')}
                  <SigningKeyForm brandUuid={data.brand_uuid} />
                </li>
                <li>
                  {t('shopify.step4')}
                  <CodeSnippet code={`<script src="${data.tracking_script_url}" data-days="30" async></script>`} testId="shopify-script-snippet" />
                </li>
                <li>{t('shopify.step5')}</li>
              </Box>
            </CardContent>
          </Card>
          <Card data-testid="shopify-test">
            <CardContent>
              <Typography variant="h6">{t('shopify.testTitle')}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('shopify.testHelp')}
              </Typography>
              {outcome && (
                <Alert severity={outcome.severity} sx={{ mb: 2 }} role="status" data-testid="shopify-test-result">
                  {outcome.text}
                </Alert>
              )}
              <Button variant="contained" startIcon={<SendIcon />} onClick={sendTest} disabled={send.isPending} data-testid="shopify-test-send">
                {t('shopify.testSend')}
              </Button>
            </CardContent>
          </Card>
        </Stack>
      )}
    </>
  );
}
