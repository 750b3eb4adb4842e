import { Alert, Button, Card, CardContent, FormControlLabel, FormGroup, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import {
  getGetEmailPreferencesQueryKey,
  useGetEmailPreferences,
  useResendEmailConfirmation,
  useSetEmailPreferences,
} from '../../api/generated/email/email';
import { EmailKind, MailLanguage, type AccountType } from '../../api/generated/model';
import { QueryStatus } from '../../components/QueryStatus';
import { useToast } from '../../toasts/ToastProvider';

/** The kinds of mail each account type receives (a host receives only the mails it asks for). */
const kindsFor: Record<AccountType, EmailKind[]> = {
  affiliate: Object.values(EmailKind).filter((k) => k !== EmailKind.tracking_domain_unverified),
  brand: [EmailKind.tracking_domain_unverified],
  host: [],
};

/** The user's email settings: whether email is on, the address's confirmation, the mail language and one switch per kind. */
export function EmailSettingsCard({ accountType, address }: { accountType: AccountType; address: string }) {
  const { t } = useTranslation('notifications');
  const toast = useToast();
  const queryClient = useQueryClient();
  const preferences = useGetEmailPreferences();
  const save = useSetEmailPreferences();
  const resend = useResendEmailConfirmation();
  const data = preferences.data?.data;
  const muted = data?.muted ?? [];

  const store = async (language: MailLanguage, next: EmailKind[]) => {
    try {
      const response = await save.mutateAsync({ data: { language, muted: next } });
      queryClient.setQueryData(getGetEmailPreferencesQueryKey(), response);
      toast({ severity: 'success', message: t('email.saved') });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('email.failed')) });
    }
  };
  const askAgain = async () => {
    try {
      await resend.mutateAsync();
      toast({ severity: 'success', message: t('email.resent') });
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('email.failed')) });
    }
  };

  return (
    <Card data-testid="email-settings">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('email.title')}
        </Typography>
        <QueryStatus loading={preferences.isPending} error={preferences.error} onRetry={() => void preferences.refetch()} />
        {data && !data.enabled && (
          <Alert severity="info" sx={{ mt: 1 }} data-testid="email-off">
            {t('email.off')}
          </Alert>
        )}
        {data?.enabled && (
          <Stack spacing={1.5} sx={{ mt: 1 }}>
            {data.confirmed ? (
              <Typography variant="body2" color="text.secondary">
                {t('email.confirmed')}
              </Typography>
            ) : (
              <Alert
                severity="warning"
                data-testid="email-unconfirmed"
                action={
                  <Button color="inherit" size="small" disabled={resend.isPending} onClick={() => void askAgain()}>
                    {t('email.resend')}
                  </Button>
                }
              >
                {t('email.unconfirmed', { email: address })}
              </Alert>
            )}
            <TextField
              select
              size="small"
              label={t('email.language')}
              value={data.language}
              disabled={save.isPending}
              onChange={(e) => void store(e.target.value as MailLanguage, muted)}
              sx={{ maxWidth: 240 }}
            >
              {Object.values(MailLanguage).map((lang) => (
                <MenuItem key={lang} value={lang}>
                  {t(`email.languages.${lang}`)}
                </MenuItem>
              ))}
            </TextField>
            {kindsFor[accountType].length > 0 && (
              <>
                <Typography variant="body2" color="text.secondary">
                  {t('email.help')}
                </Typography>
                <FormGroup>
                  {kindsFor[accountType].map((kind) => (
                    <FormControlLabel
                      key={kind}
                      label={t(`email.kinds.${kind}`)}
                      control={
                        <Switch
                          checked={!muted.includes(kind)}
                          disabled={save.isPending}
                          onChange={(event) =>
                            void store(data.language, event.target.checked ? muted.filter((k) => k !== kind) : [...muted, kind])
                          }
                          slotProps={{ input: { 'data-testid': `email-${kind}` } as object }}
                        />
                      }
                    />
                  ))}
                </FormGroup>
              </>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
