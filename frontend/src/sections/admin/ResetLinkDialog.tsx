import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { useCreateResetLink } from '../../api/generated/admin/admin';
import { SecretReveal } from '../../components/SecretReveal';
import { formatDateTime } from '../../preferences/format';

/** Whose password the link resets: a user id and how the host recognises them. */
export interface ResetLinkAccount {
  userId: string;
  name: string;
  email: string;
}

function ResetLinkContent({ account, onClose }: { account: ResetLinkAccount; onClose: () => void }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const create = useCreateResetLink();
  const link = create.data?.data;
  return (
    <>
      <DialogContent>
        {!link && (
          <DialogContentText data-testid="reset-link-intro">
            {t('resetLink.intro', { name: account.name, email: account.email })}
          </DialogContentText>
        )}
        {create.isError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="reset-link-error">
            {errorMessage(create.error, t('resetLink.failed'))}
          </Alert>
        )}
        {link && (
          <>
            <SecretReveal
              testId="reset-link-url"
              title={t('resetLink.linkTitle', { name: account.name })}
              value={link.url}
              warning={t('resetLink.shownOnce')}
            />
            <Typography variant="body2" sx={{ mt: 2 }} data-testid="reset-link-expires">
              {t('resetLink.expires', { date: formatDateTime(link.expires_at, i18n.language) })}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending} data-testid="reset-link-close">
          {link ? t('resetLink.done') : t('common:actions.cancel')}
        </Button>
        {!link && (
          <Button
            variant="contained"
            onClick={() => create.mutate({ id: account.userId })}
            disabled={create.isPending}
            data-testid="reset-link-create"
          >
            {t('resetLink.create')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

/** The host issues a one-time password reset link (POST /admin/users/{id}/reset-link) and copies it to send it on. */
export function ResetLinkDialog({ account, onClose }: { account: ResetLinkAccount | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={account !== null} onClose={onClose} maxWidth="sm" fullWidth data-testid="reset-link-dialog">
      <DialogTitle>{t('resetLink.title')}</DialogTitle>
      {/* A new account starts a new request: the previous link is never shown for someone else. */}
      {account && <ResetLinkContent key={account.userId} account={account} onClose={onClose} />}
    </Dialog>
  );
}
