import SendIcon from '@mui/icons-material/Send';
import { Alert, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { getGetIntegrationDetailsQueryKey, useClearStripeSecret, useSetStripeSecret } from '../../api/generated/brands/brands';
import { useSendStripeTestEvent } from '../../api/generated/conversions/conversions';
import { CopyButton } from '../../components/CopyButton';
import { formatAmount } from '../../preferences/format';

/** The events a brand selects for its Stripe endpoint, as Stripe names them. */
export const stripeEvents = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'invoice_payment.paid',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
];

/** A signing secret as Stripe shows it: whsec_ and letters and digits. */
const secretPattern = /^whsec_[A-Za-z0-9]{10,249}$/;

type Outcome = { severity: 'success' | 'error'; text: string };

/** How a brand's Stripe account sends its payments: the endpoint URL, the events, the signing secret and a test event. */
export function StripeCard({ brandUuid, webhookUrl, hasSecret }: { brandUuid: string; webhookUrl: string; hasSecret: boolean }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState('');
  const [saved, setSaved] = useState<Outcome | null>(null);
  const [tested, setTested] = useState<Outcome | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: getGetIntegrationDetailsQueryKey() });
  const save = useSetStripeSecret();
  const clear = useClearStripeSecret();
  const send = useSendStripeTestEvent();
  const invalid = secret.length > 0 && !secretPattern.test(secret);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid || secret === '') return;
    save.mutate(
      { id: brandUuid, data: { stripe_secret: secret } },
      {
        onSuccess: () => {
          setSecret('');
          setSaved({ severity: 'success', text: t('stripe.secretSaved') });
          void refresh();
        },
        onError: (error) => setSaved({ severity: 'error', text: errorMessage(error, t('stripe.secretFailed')) }),
      },
    );
  };

  const remove = () =>
    clear.mutate(
      { id: brandUuid },
      {
        onSuccess: () => {
          setSaved({ severity: 'success', text: t('stripe.secretCleared') });
          setTested(null);
          void refresh();
        },
        onError: (error) => setSaved({ severity: 'error', text: errorMessage(error, t('stripe.secretFailed')) }),
      },
    );

  const sendTest = () => {
    setTested(null);
    send.mutate(undefined, {
      onSuccess: (response) => {
        const r = response.data;
        setTested({ severity: 'success', text: t('stripe.testOk', { event: r.event_type, order: r.order_id, amount: formatAmount(r.amount, r.currency) }) });
      },
      onError: (error) => setTested({ severity: 'error', text: errorMessage(error, t('stripe.testFailed')) }),
    });
  };

  return (
    <Card data-testid="stripe-card">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="h6">{t('stripe.title')}</Typography>
          <Chip
            size="small"
            variant="outlined"
            color={hasSecret ? 'success' : 'default'}
            label={hasSecret ? t('stripe.secretSet') : t('stripe.secretNotSet')}
            data-testid="stripe-secret-state"
          />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('stripe.intro')}
        </Typography>
        <Typography variant="overline" color="text.secondary" component="div" sx={{ lineHeight: 1.6 }}>
          {t('stripe.url')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography
            component="code"
            data-testid="stripe-url"
            sx={{ fontFamily: 'monospace', fontSize: '0.875rem', wordBreak: 'break-all', fontWeight: 600 }}
          >
            {webhookUrl}
          </Typography>
          <CopyButton value={webhookUrl} testId="stripe-url-copy" />
        </Stack>
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('stripe.events')}
        </Typography>
        <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }} data-testid="stripe-events">
          {stripeEvents.map((name) => (
            <Chip key={name} label={name} size="small" variant="outlined" />
          ))}
        </Stack>
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('stripe.click')}
        </Typography>

        <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ mt: 2 }}>
          {saved && (
            <Alert severity={saved.severity} data-testid="stripe-secret-message">
              {saved.text}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={t('stripe.secretLabel')}
              value={secret}
              onChange={(event) => setSecret(event.target.value.trim())}
              error={invalid}
              helperText={invalid ? t('stripe.secretInvalid') : t('stripe.secretHelp')}
              autoComplete="off"
              type="password"
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'stripe-secret', maxLength: 255, spellCheck: false } }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending || secret === '' || invalid}
              data-testid="stripe-secret-save"
              sx={{ flexShrink: 0, mt: { sm: 1 } }}
            >
              {t('stripe.secretSave')}
            </Button>
            {hasSecret && (
              <Button color="error" disabled={clear.isPending} onClick={remove} data-testid="stripe-secret-clear" sx={{ flexShrink: 0, mt: { sm: 1 } }}>
                {t('stripe.secretClear')}
              </Button>
            )}
          </Stack>
        </Stack>

        <Typography variant="subtitle1" sx={{ mt: 3 }}>
          {t('stripe.testTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('stripe.testHelp')}
        </Typography>
        {tested && (
          <Alert severity={tested.severity} sx={{ mb: 2 }} role="status" data-testid="stripe-test-result">
            {tested.text}
          </Alert>
        )}
        <Button variant="outlined" startIcon={<SendIcon />} onClick={sendTest} disabled={send.isPending || !hasSecret} data-testid="stripe-test-send">
          {t('stripe.testSend')}
        </Button>
      </CardContent>
    </Card>
  );
}
