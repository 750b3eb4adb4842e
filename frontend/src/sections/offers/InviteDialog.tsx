import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import { IconButton, List, ListItem, ListItemText, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage, type FieldInfos } from '../../api/errors';
import {
  getListCampaignInvitationsQueryKey,
  useInviteAffiliate,
  useListCampaignInvitations,
  useWithdrawInvitation,
} from '../../api/generated/campaigns/campaigns';
import type { Campaign } from '../../api/generated/model';
import { FormDialog } from '../../components/FormDialog';
import { QueryStatus } from '../../components/QueryStatus';
import { useForm } from '../../forms/useForm';
import { formatDate } from '../../preferences/format';
import { useToast } from '../../toasts/ToastProvider';
import { MembershipChip } from './MembershipChip';

const EMAIL = contractLimits.InvitationInput.email;

/**
 * A brand invites affiliates to a campaign by their email: the invited ones see it (invite-only or
 * not) and join approved at once. The answer is the same for every email (it never tells who has an
 * account), so the dialog lists the emails invited, each named once its affiliate joined.
 */
export function InviteDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const { t, i18n } = useTranslation(['campaigns', 'common']);
  const toast = useToast();
  const queryClient = useQueryClient();
  const invitations = useListCampaignInvitations(campaign.id);
  const invite = useInviteAffiliate();
  const withdraw = useWithdrawInvitation();
  const fields: FieldInfos = { email: { label: t('invite.email'), limits: EMAIL, invalid: t('invite.unknown') } };
  const reload = () => queryClient.invalidateQueries({ queryKey: getListCampaignInvitationsQueryKey(campaign.id) });
  const form = useForm({
    initial: { email: '' },
    fields,
    validate: ({ email }) => ({ email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? undefined : t('invite.emailInvalid') }),
    send: ({ email }) => invite.mutateAsync({ id: campaign.id, data: { email: email.trim() } }),
    onSaved: async (response) => {
      toast({ severity: 'success', message: t('invite.sent', { email: response.data.invitation.email }) });
      // The dialog stays open for the next invitation.
      form.reset();
      await reload();
    },
    refusal: (failure) => errorMessage(failure, t('invite.failed'), { fields }),
  });

  const list = invitations.data?.data.invitations ?? [];
  return (
    <FormDialog
      title={t('invite.title', { name: campaign.name })}
      busy={form.pending}
      onClose={onClose}
      onSubmit={form.submit}
      submitLabel={t('invite.submit')}
      error={form.formError}
      testId="invite-dialog"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography color="text.secondary">{t('invite.help')}</Typography>
        <TextField
          {...form.field('email', ' ')}
          type="email"
          label={t('invite.email')}
          required
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'invite-email' } }}
        />
        <Typography variant="subtitle2" component="h3">
          {t('invite.invited')}
        </Typography>
        <QueryStatus loading={invitations.isPending} error={invitations.error} onRetry={() => void invitations.refetch()} />
        {invitations.isSuccess && list.length === 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="invite-none">
            {t('invite.none')}
          </Typography>
        )}
        {list.length > 0 && (
          <List dense disablePadding>
            {list.map((inv) => (
              <ListItem
                key={inv.id}
                disableGutters
                data-testid="invitation"
                secondaryAction={
                  <Tooltip title={t('invite.withdraw')}>
                    <IconButton
                      edge="end"
                      aria-label={`${t('invite.withdraw')}: ${inv.email}`}
                      disabled={withdraw.isPending}
                      onClick={() =>
                        void withdraw
                          .mutateAsync({ id: campaign.id, invitationId: inv.id })
                          .then(reload)
                          .catch((failure: unknown) => toast({ severity: 'error', message: errorMessage(failure, t('invite.failed')) }))
                      }
                      data-testid="invitation-withdraw"
                    >
                      <PersonRemoveIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                }
              >
                <ListItemText primary={inv.affiliate_name ? `${inv.affiliate_name} · ${inv.email}` : inv.email} secondary={t('invite.since', { date: formatDate(inv.created_at, i18n.language) })} />
                {inv.membership_status && <MembershipChip status={inv.membership_status} viewer="brand" />}
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </FormDialog>
  );
}
