import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
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
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage } from '../../api/errors';
import {
  getGetIntegrationDetailsQueryKey,
  getGetTrackingDomainQueryKey,
  useCheckTrackingDomain,
  useGetTrackingDomain,
  useRemoveTrackingDomain,
  useSetTrackingDomain,
} from '../../api/generated/brands/brands';
import { TrackingDomainStatus, type DnsRecord, type TrackingDomain, type TrackingDomainResponse } from '../../api/generated/model';
import { getListAffiliateLinksQueryKey, getListTrackingLinksQueryKey } from '../../api/generated/tracking/tracking';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { QueryStatus } from '../../components/QueryStatus';
import { formatDateTime } from '../../preferences/format';
import { useToast } from '../../toasts/ToastProvider';
import { isOnDomains, normalizeDomain } from './domains';


/** One value of the record, with a button that copies it. */
function RecordValue({ value, copyLabel, testId }: { value: string; copyLabel: string; testId: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Box component="code" sx={{ wordBreak: 'break-all' }} data-testid={testId}>
        {value}
      </Box>
      <CopyButton value={value} label={copyLabel} />
    </Stack>
  );
}

/** One DNS record: its type, and its name and value each with a copy button. */
function RecordRow({ record, testId, copyName, copyValue }: { record: DnsRecord; testId: string; copyName: string; copyValue: string }) {
  return (
    <TableRow>
      <TableCell sx={{ fontFamily: 'monospace' }} data-testid={`${testId}-type`}>
        {record.type}
      </TableCell>
      <TableCell>
        <RecordValue value={record.name} copyLabel={copyName} testId={`${testId}-name`} />
      </TableCell>
      <TableCell>
        <RecordValue value={record.value} copyLabel={copyValue} testId={`${testId}-value`} />
      </TableCell>
    </TableRow>
  );
}

/** The records to create (the CNAME, then the TXT record that proves the domain), with a copy button for each value. */
function DnsRecordTable({ domain }: { domain: TrackingDomain }) {
  const { t } = useTranslation('account');
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {/* A plain table, not a ServerGrid: the one DNS record of the brand's one tracking domain. */}
      <Table size="small" data-testid="tracking-domain-record">
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '8px 16px' }}>{t('trackingDomain.recordCaption')}</caption>
        <TableHead>
          <TableRow>
            <TableCell>{t('trackingDomain.columns.type')}</TableCell>
            <TableCell>{t('trackingDomain.columns.name')}</TableCell>
            <TableCell>{t('trackingDomain.columns.value')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <RecordRow
            record={domain.dns_record}
            testId="tracking-domain-record"
            copyName={t('trackingDomain.copyName')}
            copyValue={t('trackingDomain.copyValue')}
          />
          <RecordRow
            record={domain.txt_record}
            testId="tracking-domain-txt"
            copyName={t('trackingDomain.copyTxtName')}
            copyValue={t('trackingDomain.copyTxtValue')}
          />
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** What the last check of the records found, in words (the server names a target only when it is a public name). */
function LastCheck({ domain }: { domain: TrackingDomain }) {
  const { t, i18n } = useTranslation('account');
  let text = t('trackingDomain.notChecked');
  if (domain.checked_at && domain.check_result) {
    const hidden = domain.check_result === 'points_elsewhere' && !domain.found_target;
    const result = t(`trackingDomain.results.${hidden ? 'points_elsewhere_hidden' : domain.check_result}`, {
      host: domain.hostname,
      found: domain.found_target ?? '',
      target: domain.dns_record.value,
      txt: domain.txt_record.name,
    });
    text = t('trackingDomain.lastCheck', { date: formatDateTime(domain.checked_at, i18n.language), result });
  }
  return (
    <Typography variant="body2" color="text.secondary" data-testid="tracking-domain-last-check">
      {text}
    </Typography>
  );
}

/**
 * The brand's tracking domain: a host name of its own (go.brand.ro) pointed at the platform with a
 * CNAME record and proved the brand's with a TXT record holding its token; once a check finds both,
 * its links are shown on it. A pending domain expires after 7 days.
 */
export function TrackingDomainCard({ brandUuid }: { brandUuid: string }) {
  const { t, i18n } = useTranslation(['account', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const query = useGetTrackingDomain(brandUuid);
  const target = query.data?.data.cname_target ?? '';
  const domain = query.data?.data.tracking_domain;
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  // A change moves the brand's links (and the integration page's base URL) to or from the domain.
  const stored = async (response: TrackingDomainResponse) => {
    queryClient.setQueryData(getGetTrackingDomainQueryKey(brandUuid), response);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: getGetIntegrationDetailsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListTrackingLinksQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListAffiliateLinksQueryKey() }),
    ]);
  };
  const setDomain = useSetTrackingDomain({ mutation: { onSuccess: stored } });
  const check = useCheckTrackingDomain({ mutation: { onSuccess: stored } });
  const remove = useRemoveTrackingDomain({
    mutation: { onSuccess: () => stored({ success: true, data: { cname_target: target } }) },
  });
  const busy = setDomain.isPending || check.isPending || remove.isPending;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const host = normalizeDomain(input);
    if (!host || !host.includes('.')) {
      setInputError(t('trackingDomain.invalid'));
      return;
    }
    // The platform's own host name or a name below it: the server refuses those.
    if (target && isOnDomains(host, [target])) {
      setInputError(t('trackingDomain.platformHost'));
      return;
    }
    try {
      await setDomain.mutateAsync({ id: brandUuid, data: { hostname: host } });
      setInput('');
      setInputError(null);
    } catch (error) {
      const fields = {
        hostname: {
          limits: contractLimits.TrackingDomainInput.hostname,
          invalid: t('trackingDomain.invalid'),
          taken: t('trackingDomain.taken'),
        },
      };
      setInputError(errorMessage(error, t('trackingDomain.saveFailed'), { fields }));
    }
  };

  const checkNow = async () => {
    try {
      const response = await check.mutateAsync({ id: brandUuid });
      const verified = response.data.tracking_domain?.status === TrackingDomainStatus.verified;
      toast({ severity: verified ? 'success' : 'info', message: t(verified ? 'trackingDomain.verifiedToast' : 'trackingDomain.pendingToast') });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('trackingDomain.checkFailed')) });
    }
  };

  const confirmRemove = async () => {
    try {
      await remove.mutateAsync({ id: brandUuid });
      toast({ severity: 'success', message: t('trackingDomain.removed') });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('trackingDomain.removeFailed')) });
    } finally {
      setRemoving(false);
    }
  };

  const verified = domain?.status === TrackingDomainStatus.verified;

  return (
    <Card data-testid="tracking-domain-card">
      <CardContent>
        <Typography variant="h6">{t('trackingDomain.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('trackingDomain.help')}
        </Typography>
        <QueryStatus loading={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
        {query.isSuccess && !domain && (
          <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={add} noValidate sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              name="trackingDomain"
              label={t('trackingDomain.input')}
              placeholder="go.brand.ro"
              value={input}
              onChange={(event) => {
                setInput(event.target.value);
                setInputError(null);
              }}
              error={Boolean(inputError)}
              helperText={inputError ?? t('trackingDomain.inputHelp', { target })}
              slotProps={{ htmlInput: { maxLength: contractLimits.TrackingDomainInput.hostname.maxLength } }}
              sx={{ minWidth: 300 }}
            />
            <Button type="submit" variant="outlined" startIcon={<AddIcon />} disabled={busy} data-testid="tracking-domain-add">
              {t('trackingDomain.add')}
            </Button>
          </Stack>
        )}
        {domain && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography component="code" sx={{ fontFamily: 'monospace', fontWeight: 600 }} data-testid="tracking-domain-hostname">
                {domain.hostname}
              </Typography>
              <Chip
                size="small"
                color={verified ? 'success' : 'warning'}
                label={t(`trackingDomain.statuses.${domain.status}`)}
                data-testid="tracking-domain-status"
                data-status={domain.status}
              />
            </Stack>
            {verified ? (
              <Alert severity="success" data-testid="tracking-domain-live">
                {t('trackingDomain.live', { base: domain.tracking_base_url })}
              </Alert>
            ) : (
              <Typography variant="body2">{t('trackingDomain.createRecord')}</Typography>
            )}
            <DnsRecordTable domain={domain} />
            <LastCheck domain={domain} />
            {!verified && domain.expires_at && (
              <Typography variant="body2" color="text.secondary" data-testid="tracking-domain-expires">
                {t('trackingDomain.expires', { date: formatDateTime(domain.expires_at, i18n.language) })}
              </Typography>
            )}
            <Stack direction="row" spacing={1}>
              <Button variant="contained" startIcon={<RefreshIcon />} disabled={busy} onClick={() => void checkNow()} data-testid="tracking-domain-check">
                {t('trackingDomain.check')}
              </Button>
              <Button color="error" disabled={busy} onClick={() => setRemoving(true)} data-testid="tracking-domain-remove">
                {t('trackingDomain.remove')}
              </Button>
            </Stack>
          </Stack>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing}
        title={t('trackingDomain.removeTitle')}
        message={t('trackingDomain.removeConfirm', { host: domain?.hostname ?? '' })}
        confirmLabel={t('trackingDomain.remove')}
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(false)}
      />
    </Card>
  );
}
