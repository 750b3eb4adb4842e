import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SecretReveal } from '../../components/SecretReveal';
import { formatDate } from '../../preferences/format';

/** An affiliate's invitation link, answered once by the server. */
export interface InviteLink {
  email: string;
  url: string;
  expiresAt: string;
}

/** Shows a new invitation link for the host to send to the person behind an affiliate it created. */
export function InviteLinkDialog({ invite, onClose }: { invite: InviteLink | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  if (!invite) return null;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="invite-link-dialog">
      <DialogTitle>{t('inviteLink.title', { email: invite.email })}</DialogTitle>
      <DialogContent>
        <SecretReveal
          title={t('inviteLink.action')}
          warning={t('inviteLink.warning', { email: invite.email, expires: formatDate(invite.expiresAt, i18n.language) })}
          value={invite.url}
          testId="invite-link"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="invite-link-close">
          {t('inviteLink.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
