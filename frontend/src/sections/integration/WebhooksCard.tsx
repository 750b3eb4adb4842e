import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage } from '../../api/errors';
import type { WebhookDelivery, WebhookEndpoint } from '../../api/generated/model';
import { WebhookEventType } from '../../api/generated/model';
import {
  getListWebhookDeliveriesQueryKey,
  getListWebhookEndpointsQueryKey,
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useEndPreviousWebhookSecret,
  useListWebhookDeliveries,
  useListWebhookEndpoints,
  useResendWebhookDelivery,
  useRotateWebhookEndpointSecret,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
} from '../../api/generated/webhooks/webhooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormDialog } from '../../components/FormDialog';
import { QueryStatus } from '../../components/QueryStatus';
import { SecretReveal } from '../../components/SecretReveal';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { formatDateTime } from '../../preferences/format';
import { useToast } from '../../toasts/ToastProvider';

const LIMITS = contractLimits.WebhookEndpointInput;
const EVENT_TYPES = Object.values(WebhookEventType);

/** An event type as a translation key (a dot would split the key). */
const eventKey = (type: WebhookEventType) => type.replace('.', '_') as 'conversion_created';

/** An endpoint's settings as the form edits them. */
interface Draft {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
}

/** The brand's outbound webhooks: endpoints, their secret (shown once), test events and the delivery log. */
export function WebhooksCard() {
  const { t, i18n } = useTranslation(['account', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const endpoints = useListWebhookEndpoints();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [ending, setEnding] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: getListWebhookEndpointsQueryKey() });
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint({ mutation: { onSuccess: reload } });
  const remove = useDeleteWebhookEndpoint({ mutation: { onSuccess: reload } });
  const rotate = useRotateWebhookEndpointSecret({ mutation: { onSuccess: reload } });
  const endPrevious = useEndPreviousWebhookSecret({ mutation: { onSuccess: reload } });
  const test = useSendWebhookTest();
  const busy = create.isPending || update.isPending || remove.isPending || rotate.isPending || endPrevious.isPending;

  const submit = async () => {
    if (!draft) return;
    const url = draft.url.trim();
    let invalid = false;
    // The server refuses http:// unless development allows it (WEBHOOKS_ALLOW_PRIVATE).
    if (!/^https?:\/\/./.test(url)) {
      setUrlError(t('webhooks.urlHttps'));
      invalid = true;
    }
    if (draft.eventTypes.length === 0) {
      setEventsError(t('webhooks.eventsRequired'));
      invalid = true;
    }
    if (invalid) return;
    try {
      const response = await create.mutateAsync({
        data: { url, description: draft.description.trim(), event_types: draft.eventTypes, enabled: true },
      });
      setSecret({ url: response.data.endpoint.url, value: response.data.secret });
      setDraft(null);
      await reload();
    } catch (error) {
      const fields = { url: { limits: LIMITS.url, invalid: t('webhooks.urlHttps') } };
      // 409: the brand has as many endpoints as it may (the contract's createWebhookEndpoint says how many).
      setUrlError(errorMessage(error, t('webhooks.createFailed'), { fields, codes: { CONFLICT: t('webhooks.tooMany') } }));
    }
  };

  const setEnabled = async (endpoint: WebhookEndpoint, enabled: boolean) => {
    try {
      await update.mutateAsync({
        endpointId: endpoint.id,
        data: { url: endpoint.url, description: endpoint.description, event_types: endpoint.event_types, enabled },
      });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('webhooks.updateFailed')) });
    }
  };

  const sendTest = async (endpoint: WebhookEndpoint) => {
    try {
      await test.mutateAsync({ endpointId: endpoint.id });
      toast({ severity: 'success', message: t('webhooks.testSent') });
      await queryClient.invalidateQueries({ queryKey: getListWebhookDeliveriesQueryKey(endpoint.id) });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('webhooks.testFailed')) });
    }
  };

  const confirmRotate = async () => {
    if (!rotating) return;
    try {
      const response = await rotate.mutateAsync({ endpointId: rotating.id });
      setSecret({ url: response.data.endpoint.url, value: response.data.secret });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('webhooks.rotateFailed')) });
    } finally {
      setRotating(null);
    }
  };

  const confirmEndPrevious = async () => {
    if (!ending) return;
    try {
      await endPrevious.mutateAsync({ endpointId: ending.id });
      toast({ severity: 'success', message: t('webhooks.previousEnded') });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('webhooks.endPreviousFailed')) });
    } finally {
      setEnding(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ endpointId: deleting.id });
      toast({ severity: 'success', message: t('webhooks.deleted') });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('webhooks.deleteFailed')) });
    } finally {
      setDeleting(null);
    }
  };

  const list = endpoints.data?.data.endpoints ?? [];

  return (
    <Card data-testid="webhooks-card">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 2 }}>
          <Box>
            <Typography variant="h6">{t('webhooks.title')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('webhooks.help')}
            </Typography>
          </Box>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              setDraft({ url: '', description: '', eventTypes: [...EVENT_TYPES] });
              setUrlError(null);
              setEventsError(null);
            }}
            data-testid="webhook-add"
            sx={{ flexShrink: 0 }}
          >
            {t('webhooks.add')}
          </Button>
        </Stack>
        {secret && (
          <Box sx={{ mb: 2 }}>
            <SecretReveal
              title={t('webhooks.secretTitle', { url: secret.url })}
              warning={t('webhooks.secretOnce')}
              value={secret.value}
              testId="webhook-secret"
            />
          </Box>
        )}
        <QueryStatus loading={endpoints.isPending} error={endpoints.error} onRetry={() => void endpoints.refetch()} />
        {endpoints.isSuccess &&
          (list.length === 0 ? (
            <Typography color="text.secondary" variant="body2" data-testid="webhooks-empty">
              {t('webhooks.empty')}
            </Typography>
          ) : (
            <TableContainer>
              {/* A plain table: a brand's few endpoints (listWebhookEndpoints is not paged). */}
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('webhooks.columns.url')}</TableCell>
                    <TableCell>{t('webhooks.columns.events')}</TableCell>
                    <TableCell>{t('webhooks.columns.status')}</TableCell>
                    <TableCell align="right">
                      <VisuallyHidden>{t('webhooks.columns.actions')}</VisuallyHidden>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.map((endpoint) => (
                    <TableRow key={endpoint.id} data-testid="webhook-row">
                      <TableCell sx={{ wordBreak: 'break-all' }}>
                        <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                          {endpoint.url}
                        </Typography>
                        {endpoint.description && (
                          <Typography variant="caption" color="text.secondary">
                            {endpoint.description}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                          {endpoint.event_types.map((type) => (
                            <Chip key={type} size="small" variant="outlined" label={type} />
                          ))}
                        </Stack>
                      </TableCell>
                      <TableCell>
                        {endpoint.enabled ? (
                          <Chip size="small" color="success" variant="outlined" label={t('webhooks.enabled')} />
                        ) : (
                          <Chip
                            size="small"
                            color={endpoint.disabled_reason === 'failing' ? 'error' : 'default'}
                            label={endpoint.disabled_reason === 'failing' ? t('webhooks.disabledFailing') : t('webhooks.disabled')}
                          />
                        )}
                        {endpoint.previous_secret_until && (
                          <Box sx={{ mt: 0.5 }} data-testid="webhook-previous-secret">
                            <Typography variant="caption" color="text.secondary" component="div">
                              {t('webhooks.previousUntil', { time: formatDateTime(endpoint.previous_secret_until, i18n.language) })}
                            </Typography>
                            <Button size="small" onClick={() => setEnding(endpoint)} disabled={busy} data-testid="webhook-end-previous">
                              {t('webhooks.endPrevious')}
                            </Button>
                          </Box>
                        )}
                      </TableCell>
                      <TableCell align="right">
                        <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 0.5 }}>
                          <Button size="small" onClick={() => void sendTest(endpoint)} disabled={test.isPending} data-testid="webhook-test">
                            {t('webhooks.sendTest')}
                          </Button>
                          <Button size="small" onClick={() => setLog(endpoint)} data-testid="webhook-log">
                            {t('webhooks.log')}
                          </Button>
                          <Button size="small" onClick={() => void setEnabled(endpoint, !endpoint.enabled)} disabled={busy} data-testid="webhook-toggle">
                            {endpoint.enabled ? t('webhooks.disable') : t('webhooks.enable')}
                          </Button>
                          <Button size="small" onClick={() => setRotating(endpoint)} data-testid="webhook-rotate">
                            {t('webhooks.rotate')}
                          </Button>
                          <Button size="small" color="error" onClick={() => setDeleting(endpoint)} data-testid="webhook-delete">
                            {t('common:actions.delete')}
                          </Button>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ))}
      </CardContent>
      {draft && (
        <FormDialog
          title={t('webhooks.add')}
          busy={busy}
          onClose={() => setDraft(null)}
          onSubmit={submit}
          testId="webhook-dialog"
          submitLabel={t('common:actions.create')}
        >
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              name="url"
              label={t('webhooks.url')}
              placeholder="https://example.com/webhooks/affiliate"
              value={draft.url}
              onChange={(event) => {
                setDraft({ ...draft, url: event.target.value });
                setUrlError(null);
              }}
              error={Boolean(urlError)}
              helperText={urlError ?? t('webhooks.urlHelp')}
              slotProps={{ htmlInput: { maxLength: LIMITS.url.maxLength } }}
              autoFocus
              fullWidth
            />
            <TextField
              name="description"
              label={t('webhooks.description')}
              value={draft.description}
              onChange={(event) => setDraft({ ...draft, description: event.target.value })}
              slotProps={{ htmlInput: { maxLength: LIMITS.description.maxLength } }}
              fullWidth
            />
            <Box>
              <FormLabel component="legend">{t('webhooks.events')}</FormLabel>
              <FormGroup>
                {EVENT_TYPES.map((type) => (
                  <FormControlLabel
                    key={type}
                    control={
                      <Checkbox
                        checked={draft.eventTypes.includes(type)}
                        onChange={(event) => {
                          setEventsError(null);
                          setDraft({
                            ...draft,
                            eventTypes: event.target.checked ? [...draft.eventTypes, type] : draft.eventTypes.filter((x) => x !== type),
                          });
                        }}
                      />
                    }
                    label={
                      <span>
                        <code>{type}</code> — {t(`webhooks.eventHelp.${eventKey(type)}`)}
                      </span>
                    }
                  />
                ))}
              </FormGroup>
              {eventsError && <FormHelperText error>{eventsError}</FormHelperText>}
            </Box>
          </Stack>
        </FormDialog>
      )}
      {log && <DeliveryLog endpoint={log} onClose={() => setLog(null)} />}
      <ConfirmDialog
        open={rotating !== null}
        title={t('webhooks.rotateTitle')}
        message={t('webhooks.rotateConfirm')}
        confirmLabel={t('webhooks.rotate')}
        busy={busy}
        onConfirm={() => void confirmRotate()}
        onClose={() => setRotating(null)}
      />
      <ConfirmDialog
        open={ending !== null}
        title={t('webhooks.endPreviousTitle')}
        message={t('webhooks.endPreviousConfirm')}
        confirmLabel={t('webhooks.endPrevious')}
        busy={busy}
        onConfirm={() => void confirmEndPrevious()}
        onClose={() => setEnding(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('webhooks.deleteTitle')}
        message={t('webhooks.deleteConfirm', { url: deleting?.url ?? '' })}
        confirmLabel={t('common:actions.delete')}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

const statusColor = { pending: 'default', succeeded: 'success', failed: 'error' } as const;

/** An endpoint's latest deliveries with every attempt; each can be sent again. */
function DeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t, i18n } = useTranslation(['account', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const deliveries = useListWebhookDeliveries(endpoint.id, { query: { refetchInterval: 5000 } });
  const resend = useResendWebhookDelivery({
    mutation: { onSuccess: () => queryClient.invalidateQueries({ queryKey: getListWebhookDeliveriesQueryKey(endpoint.id) }) },
  });
  const again = async (delivery: WebhookDelivery) => {
    try {
      await resend.mutateAsync({ endpointId: endpoint.id, deliveryId: delivery.id });
      toast({ severity: 'success', message: t('webhooks.resent') });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('webhooks.resendFailed')) });
    }
  };
  const list = deliveries.data?.data.deliveries ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth data-testid="webhook-log-dialog">
      <DialogTitle>{t('webhooks.logTitle', { url: endpoint.url })}</DialogTitle>
      <DialogContent dividers>
        <QueryStatus loading={deliveries.isPending} error={deliveries.error} onRetry={() => void deliveries.refetch()} />
        {deliveries.isSuccess && list.length === 0 && (
          <Typography color="text.secondary" variant="body2">
            {t('webhooks.logEmpty')}
          </Typography>
        )}
        {list.length > 0 && (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('webhooks.columns.event')}</TableCell>
                  <TableCell>{t('webhooks.columns.status')}</TableCell>
                  <TableCell>{t('webhooks.columns.attempts')}</TableCell>
                  <TableCell align="right">
                    <VisuallyHidden>{t('webhooks.columns.actions')}</VisuallyHidden>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((delivery) => (
                  <TableRow key={delivery.id} data-testid="webhook-delivery" sx={{ verticalAlign: 'top' }}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                        {delivery.event_type}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {formatDateTime(delivery.created_at, i18n.language)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={statusColor[delivery.status]} label={t(`webhooks.status.${delivery.status}`)} />
                    </TableCell>
                    <TableCell>
                      {delivery.attempts.map((a) => (
                        <Typography key={a.attempt} variant="caption" component="div" data-testid="webhook-attempt">
                          {t('webhooks.attempt', {
                            attempt: a.attempt,
                            time: formatDateTime(a.attempted_at, i18n.language),
                            outcome: t(`webhooks.outcome.${a.outcome}`),
                            code: a.response_code ?? '—',
                            ms: a.duration_ms,
                          })}
                          {(a.error || a.excerpt) && (
                            <Box component="code" sx={{ display: 'block', color: 'text.secondary', wordBreak: 'break-all' }}>
                              {(a.error || a.excerpt).slice(0, 200)}
                            </Box>
                          )}
                        </Typography>
                      ))}
                    </TableCell>
                    <TableCell align="right">
                      <Button size="small" onClick={() => void again(delivery)} disabled={resend.isPending} data-testid="webhook-resend">
                        {t('webhooks.resend')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('webhooks.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
