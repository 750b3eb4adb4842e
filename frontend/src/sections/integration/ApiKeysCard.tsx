import AddIcon from '@mui/icons-material/Add';
import {
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage, tooLongMessage } from '../../api/errors';
import {
  getGetIntegrationDetailsQueryKey,
  getListApiKeysQueryKey,
  useCreateApiKey,
  useListApiKeys,
  useRevokeApiKey,
} from '../../api/generated/brands/brands';
import type { ApiKey } from '../../api/generated/model';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormDialog } from '../../components/FormDialog';
import { LengthHelper } from '../../components/LengthHelper';
import { QueryStatus } from '../../components/QueryStatus';
import { SecretReveal } from '../../components/SecretReveal';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { formatDate } from '../../preferences/format';
import { useToast } from '../../toasts/ToastProvider';

const NAME_MAX = contractLimits.ApiKeyInput.name.maxLength;

/** The brand's API keys: list, create (the key is shown once) and revoke. */
export function ApiKeysCard() {
  const { t, i18n } = useTranslation(['account', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const keys = useListApiKeys();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getListApiKeysQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getGetIntegrationDetailsQueryKey() }),
    ]);
  const createKey = useCreateApiKey();
  // The confirmation stays busy until the list is fetched again.
  const revokeKey = useRevokeApiKey({ mutation: { onSuccess: reload } });
  const busy = createKey.isPending || revokeKey.isPending;

  const create = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('apiKeys.nameRequired'));
      return;
    }
    if (trimmed.length > NAME_MAX) {
      setNameError(tooLongMessage(NAME_MAX));
      return;
    }
    let response;
    try {
      response = await createKey.mutateAsync({ data: { name: trimmed } });
    } catch (error) {
      const fields = { name: { limits: contractLimits.ApiKeyInput.name, invalid: t('apiKeys.nameRequired') } };
      setNameError(errorMessage(error, t('apiKeys.createFailed'), { fields }));
      return;
    }
    setCreated({ name: response.data.api_key.name, key: response.data.key });
    setCreating(false);
    setName('');
    await reload();
  };

  const revoke = async () => {
    if (!revoking) return;
    try {
      await revokeKey.mutateAsync({ keyId: revoking.id });
      toast({ severity: 'success', message: t('apiKeys.revoked', { name: revoking.name }) });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('apiKeys.revokeFailed')) });
    } finally {
      setRevoking(null);
    }
  };

  const list = keys.data?.data.api_keys ?? [];

  return (
    <Card data-testid="api-keys-card">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 2 }}>
          <Box>
            <Typography variant="h6">{t('apiKeys.title')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('apiKeys.help')}
            </Typography>
          </Box>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              setCreating(true);
              setNameError(null);
            }}
            data-testid="api-key-create"
            sx={{ flexShrink: 0 }}
          >
            {t('apiKeys.create')}
          </Button>
        </Stack>
        {created && (
          <Box sx={{ mb: 2 }}>
            <SecretReveal
              title={t('apiKeys.createdTitle', { name: created.name })}
              warning={t('apiKeys.shownOnce')}
              value={created.key}
              testId="api-key-value"
            />
          </Box>
        )}
        <QueryStatus loading={keys.isPending} error={keys.error} onRetry={() => void keys.refetch()} />
        {keys.isSuccess &&
          (list.length === 0 ? (
            <Typography color="text.secondary" variant="body2" data-testid="api-keys-empty">
              {t('apiKeys.empty')}
            </Typography>
          ) : (
            <TableContainer>
              {/* A plain table, not a ServerGrid: a brand's own keys, made one by one by hand (listApiKeys is not paged). */}
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('apiKeys.columns.name')}</TableCell>
                    <TableCell>{t('apiKeys.columns.prefix')}</TableCell>
                    <TableCell>{t('apiKeys.columns.created')}</TableCell>
                    <TableCell>{t('apiKeys.columns.lastUsed')}</TableCell>
                    <TableCell>{t('apiKeys.columns.status')}</TableCell>
                    <TableCell align="right">
                      <VisuallyHidden>{t('apiKeys.columns.actions')}</VisuallyHidden>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.map((key) => (
                    <TableRow key={key.id} data-testid="api-key-row">
                      <TableCell sx={{ fontWeight: 600 }}>{key.name}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{key.prefix}…</TableCell>
                      <TableCell>{formatDate(key.created_at, i18n.language)}</TableCell>
                      <TableCell>{key.last_used_at ? formatDate(key.last_used_at, i18n.language) : t('apiKeys.neverUsed')}</TableCell>
                      <TableCell>
                        {key.revoked_at ? (
                          <Chip size="small" label={t('apiKeys.revokedOn', { date: formatDate(key.revoked_at, i18n.language) })} />
                        ) : (
                          <Chip size="small" color="success" variant="outlined" label={t('apiKeys.active')} />
                        )}
                      </TableCell>
                      <TableCell align="right">
                        {!key.revoked_at && (
                          <Button size="small" color="error" onClick={() => setRevoking(key)} data-testid="api-key-revoke">
                            {t('apiKeys.revoke')}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ))}
      </CardContent>
      {creating && (
        <FormDialog
          title={t('apiKeys.create')}
          busy={busy}
          onClose={() => setCreating(false)}
          onSubmit={create}
          maxWidth="xs"
          testId="api-key-dialog"
          submitLabel={t('common:actions.create')}
        >
          <TextField
            name="name"
            label={t('apiKeys.name')}
            placeholder={t('apiKeys.namePlaceholder')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
            }}
            error={Boolean(nameError)}
            helperText={<LengthHelper text={nameError ?? t('apiKeys.nameHelp')} length={name.trim().length} max={NAME_MAX} />}
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
          />
        </FormDialog>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('apiKeys.revokeTitle')}
        message={t('apiKeys.revokeConfirm', { name: revoking?.name ?? '' })}
        confirmLabel={t('apiKeys.revoke')}
        busy={busy}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}
