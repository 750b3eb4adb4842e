import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage } from '../../api/errors';
import {
  getGetBrandDomainsQueryKey,
  getGetIntegrationDetailsQueryKey,
  useGetBrandDomains,
  useSetBrandDomains,
} from '../../api/generated/brands/brands';
import { QueryStatus } from '../../components/QueryStatus';
import { useToast } from '../../toasts/ToastProvider';
import { MAX_DOMAINS, normalizeDomain } from './domains';

/** The brand's allowed destination domains: links and campaign homepages must be on one of them. */
export function DomainsCard({ brandUuid }: { brandUuid: string }) {
  const { t } = useTranslation(['account', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const domains = useGetBrandDomains(brandUuid);
  const saved = domains.data?.data.domains;
  const [draft, setDraft] = useState<string[] | null>(saved ?? null);
  // A new list from the server (first load, a save) replaces the draft; adjusted while rendering, not in an effect.
  const [draftOf, setDraftOf] = useState(saved);
  if (saved !== draftOf) {
    setDraftOf(saved);
    if (saved) setDraft(saved);
  }
  const [input, setInput] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const setDomains = useSetBrandDomains({
    mutation: {
      onSuccess: async (response) => {
        queryClient.setQueryData(getGetBrandDomainsQueryKey(brandUuid), response);
        setDraft(response.data.domains);
        await queryClient.invalidateQueries({ queryKey: getGetIntegrationDetailsQueryKey() });
      },
    },
  });
  const busy = setDomains.isPending;

  const current = draft ?? saved ?? [];
  const changed = saved !== undefined && JSON.stringify(current) !== JSON.stringify(saved);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const domain = normalizeDomain(input);
    if (!domain) {
      setInputError(t('domains.invalid'));
      return;
    }
    if (current.includes(domain)) {
      setInputError(t('domains.duplicate'));
      return;
    }
    if (current.length >= MAX_DOMAINS) {
      setInputError(t('domains.tooMany', { max: MAX_DOMAINS }));
      return;
    }
    setDraft([...current, domain]);
    setInput('');
    setInputError(null);
  };

  const save = async () => {
    setSaveError(null);
    try {
      await setDomains.mutateAsync({ id: brandUuid, data: { domains: current } });
      toast({ severity: 'success', message: t('domains.saved') });
    } catch (error) {
      const fields = { domains: { limits: contractLimits.DomainsInput.domains, invalid: t('domains.invalid') } };
      setSaveError(errorMessage(error, t('domains.saveFailed'), { fields }));
    }
  };

  return (
    <Card data-testid="domains-card">
      <CardContent>
        <Typography variant="h6">{t('domains.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('domains.help')}
        </Typography>
        <QueryStatus loading={domains.isPending} error={domains.error} onRetry={() => void domains.refetch()} />
        {domains.isSuccess && (
          <Stack spacing={2}>
            {saveError && (
              <Alert severity="error" data-testid="domains-error">
                {saveError}
              </Alert>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="domains-list">
              {current.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('domains.empty')}
                </Typography>
              )}
              {current.map((domain) => (
                <Chip
                  key={domain}
                  label={domain}
                  onDelete={() => setDraft(current.filter((item) => item !== domain))}
                  data-testid="domain-chip"
                />
              ))}
            </Box>
            <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={add} noValidate sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                name="domain"
                label={t('domains.add')}
                placeholder="shop.example.com"
                value={input}
                onChange={(event) => {
                  setInput(event.target.value);
                  setInputError(null);
                }}
                error={Boolean(inputError)}
                helperText={inputError ?? t('domains.inputHelp')}
                sx={{ minWidth: 280 }}
              />
              <Button type="submit" variant="outlined" startIcon={<AddIcon />} data-testid="domain-add">
                {t('domains.addButton')}
              </Button>
            </Stack>
            <Stack direction="row" spacing={1}>
              <Button variant="contained" disabled={!changed || busy} onClick={() => void save()} data-testid="domains-save">
                {t('common:actions.save')}
              </Button>
              <Button disabled={!changed || busy} onClick={() => setDraft(saved ?? [])}>
                {t('domains.discard')}
              </Button>
            </Stack>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
