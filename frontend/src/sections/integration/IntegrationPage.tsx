import KeyIcon from '@mui/icons-material/KeyOutlined';
import { Alert, Box, Button, Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import {
  getGetIntegrationDetailsQueryKey,
  useGetIntegrationDetails,
  useRotateWebhookSecret,
} from '../../api/generated/brands/brands';
import { useAuth } from '../../auth/AuthProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { QueryStatus } from '../../components/QueryStatus';
import { SecretReveal } from '../../components/SecretReveal';
import { useToast } from '../../toasts/ToastProvider';
import { SectionHeader } from '../SectionHeader';
import { ApiKeysCard } from './ApiKeysCard';
import { ConversionSetupCard } from './ConversionSetupCard';
import { StripeCard } from './StripeCard';
import { TrackingDomainCard } from './TrackingDomainCard';
import { WebhooksCard } from './WebhooksCard';
import { WooCommerceCard } from './WooCommerceCard';

function Detail({ label, value, help, testId }: { label: string; value: string; help?: string; testId: string }) {
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="overline" color="text.secondary" component="div" sx={{ lineHeight: 1.6 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography
          component="code"
          data-testid={testId}
          sx={{ fontFamily: 'monospace', fontSize: '0.875rem', wordBreak: 'break-all', fontWeight: 600 }}
        >
          {value}
        </Typography>
        <CopyButton value={value} testId={`${testId}-copy`} />
      </Stack>
      {help && (
        <Typography variant="caption" color="text.secondary">
          {help}
        </Typography>
      )}
    </Box>
  );
}

/** Rotates the webhook secret Shopify webhooks are signed with; the new one is shown once. */
function WebhookSecretCard({ brandUuid, hasSecret }: { brandUuid: string; hasSecret: boolean }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const rotation = useRotateWebhookSecret({
    mutation: {
      onSuccess: async (response) => {
        setSecret(response.data.webhook_secret);
        await queryClient.invalidateQueries({ queryKey: getGetIntegrationDetailsQueryKey() });
      },
    },
  });
  const busy = rotation.isPending;

  const rotate = async () => {
    try {
      await rotation.mutateAsync({ id: brandUuid });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('webhook.failed')) });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card data-testid="webhook-secret-card">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 1 }}>
          <Box>
            <Typography variant="h6">{t('webhook.title')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('webhook.help')}
            </Typography>
          </Box>
          <Chip
            size="small"
            color={hasSecret || secret ? 'success' : 'default'}
            variant="outlined"
            label={hasSecret || secret ? t('webhook.set') : t('webhook.notSet')}
            data-testid="webhook-secret-state"
          />
        </Stack>
        {secret && (
          <Box sx={{ my: 2 }}>
            <SecretReveal title={t('webhook.newTitle')} warning={t('webhook.shownOnce')} value={secret} testId="webhook-secret-value" />
          </Box>
        )}
        <Button
          variant="outlined"
          startIcon={<KeyIcon />}
          disabled={busy}
          onClick={() => (hasSecret || secret ? setConfirming(true) : void rotate())}
          data-testid="webhook-secret-rotate"
          sx={{ mt: 1 }}
        >
          {hasSecret || secret ? t('webhook.rotate') : t('webhook.generate')}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('webhook.rotateTitle')}
        message={t('webhook.rotateConfirm')}
        confirmLabel={t('webhook.rotate')}
        busy={busy}
        onConfirm={() => void rotate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

/** Brand 'Integration': public ids and URLs, API keys, webhook secret and the tracking domain; the shop domains live in Settings. */
export default function IntegrationPage() {
  const { t } = useTranslation(['account', 'sections']);
  const { user } = useAuth();
  const details = useGetIntegrationDetails();
  const data = details.data?.data;
  const brandUuid = user?.brandUuid ?? data?.brand_uuid ?? null;

  return (
    <>
      <SectionHeader title={t('sections:titles.integration')} subtitle={t('sections:descriptions.integration')} />
      <QueryStatus loading={details.isPending} error={details.error} onRetry={() => void details.refetch()} />
      {data && (
        <Stack spacing={3}>
          <Card data-testid="integration-details">
            <CardContent>
              <Typography variant="h6">{t('integration.detailsTitle')}</Typography>
              <Grid container columnSpacing={3}>
                <Grid size={{ xs: 12, md: 6 }}>
                  <Detail label={t('integration.publicBrandId')} value={data.public_brand_id} help={t('integration.publicBrandIdHelp')} testId="integration-brand-id" />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <Detail label={t('integration.trackingBaseUrl')} value={data.tracking_base_url} help={t('integration.trackingBaseUrlHelp')} testId="integration-tracking-url" />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <Detail label={t('integration.conversionApiUrl')} value={data.conversion_api_url} help={t('integration.conversionApiUrlHelp')} testId="integration-conversion-url" />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <Detail label={t('integration.shopifyWebhookUrl')} value={data.shopify_webhook_url} help={t('integration.shopifyWebhookUrlHelp')} testId="integration-shopify-url" />
                </Grid>
              </Grid>
            </CardContent>
          </Card>
          <ConversionSetupCard scriptUrl={data.tracking_script_url} conversionApiUrl={data.conversion_api_url} />
          <WooCommerceCard webhookUrl={data.woocommerce_webhook_url} />
          {brandUuid && <StripeCard brandUuid={brandUuid} webhookUrl={data.stripe_webhook_url} hasSecret={data.has_stripe_secret} />}
          <ApiKeysCard />
          <WebhooksCard />
          {brandUuid && <WebhookSecretCard brandUuid={brandUuid} hasSecret={data.has_webhook_secret} />}
          <Alert
            severity="info"
            data-testid="domains-elsewhere"
            action={
              <Button component={RouterLink} to="/settings#domains" color="inherit" size="small">
                {t('domains.manage')}
              </Button>
            }
          >
            {t('domains.elsewhere')}
          </Alert>
          {brandUuid && <TrackingDomainCard brandUuid={brandUuid} />}
        </Stack>
      )}
    </>
  );
}
