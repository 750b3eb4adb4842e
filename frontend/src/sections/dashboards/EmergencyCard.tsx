import { Button, Card, CardContent, FormControlLabel, FormGroup, Stack, Switch, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import {
  getGetEmergencyStateQueryKey,
  useGetEmergencyState,
  usePauseAllCampaigns,
  useSetEmergencyState,
} from '../../api/generated/admin/admin';
import type { EmergencyInput, EmergencyState } from '../../api/generated/model';
import { getGetSystemConfigQueryKey } from '../../api/generated/system/system';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryStatus } from '../../components/QueryStatus';
import { useToast } from '../../toasts/ToastProvider';

type Switch = keyof EmergencyInput;
const SWITCHES: Switch[] = ['payouts_frozen', 'ingestion_paused', 'maintenance'];
type Ask = { kind: 'switch'; name: Switch } | { kind: 'campaigns' };

/** The host's emergency actions: each switch and the pause of every campaign, asked before turned on. */
export function EmergencyCard() {
  const { t } = useTranslation('sections');
  const toast = useToast();
  const queryClient = useQueryClient();
  const state = useGetEmergencyState();
  const set = useSetEmergencyState();
  const campaigns = usePauseAllCampaigns();
  const [ask, setAsk] = useState<Ask | null>(null);
  const busy = set.isPending || campaigns.isPending;

  const done = async (next: EmergencyState, message: string) => {
    queryClient.setQueryData(getGetEmergencyStateQueryKey(), { success: true, data: next });
    await queryClient.invalidateQueries({ queryKey: getGetSystemConfigQueryKey() });
    toast({ severity: 'success', message });
  };
  const flip = async (name: Switch, on: boolean) => {
    try {
      const response = await set.mutateAsync({ data: { [name]: on } });
      await done(response.data, t(`emergency.${name}.${on ? 'on' : 'off'}`));
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('emergency.failed')) });
    } finally {
      setAsk(null);
    }
  };
  const pauseCampaigns = async (pause: boolean) => {
    try {
      const response = await campaigns.mutateAsync({ data: { action: pause ? 'pause' : 'resume' } });
      await done(response.data, pause ? t('emergency.campaigns.paused', { count: response.data.campaigns_paused }) : t('emergency.campaigns.resumed'));
    } catch (error) {
      toast({ severity: 'error', message: errorMessage(error, t('emergency.failed')) });
    } finally {
      setAsk(null);
    }
  };

  const current = state.data?.data;
  return (
    <Card data-testid="emergency-card">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('emergency.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('emergency.help')}
        </Typography>
        <QueryStatus loading={state.isPending} error={state.error} onRetry={() => void state.refetch()} />
        {current && (
          <Stack spacing={1}>
            <FormGroup>
              {SWITCHES.map((name) => (
                <FormControlLabel
                  key={name}
                  label={
                    <span>
                      {t(`emergency.${name}.label`)}
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {t(`emergency.${name}.help`)}
                      </Typography>
                    </span>
                  }
                  sx={{ alignItems: 'flex-start', my: 0.5 }}
                  control={
                    <Switch
                      checked={current[name]}
                      disabled={busy}
                      // Turning a switch on asks first; turning it off does not.
                      onChange={(event) => (event.target.checked ? setAsk({ kind: 'switch', name }) : void flip(name, false))}
                      slotProps={{ input: { 'data-testid': `emergency-${name}` } as object }}
                    />
                  }
                />
              ))}
            </FormGroup>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Button variant="outlined" color="error" disabled={busy} onClick={() => setAsk({ kind: 'campaigns' })} data-testid="emergency-pause-campaigns">
                {t('emergency.campaigns.pause')}
              </Button>
              {current.campaigns_paused > 0 && (
                <Button disabled={busy} onClick={() => void pauseCampaigns(false)} data-testid="emergency-resume-campaigns">
                  {t('emergency.campaigns.resume', { count: current.campaigns_paused })}
                </Button>
              )}
            </Stack>
          </Stack>
        )}
      </CardContent>
      <ConfirmDialog
        open={ask !== null}
        title={ask?.kind === 'switch' ? t(`emergency.${ask.name}.label`) : t('emergency.campaigns.pause')}
        message={ask?.kind === 'switch' ? t(`emergency.${ask.name}.confirm`) : t('emergency.campaigns.confirm')}
        confirmLabel={ask?.kind === 'campaigns' ? t('emergency.campaigns.confirmButton') : t('emergency.turnOn')}
        busy={busy}
        onConfirm={() => {
          if (ask?.kind === 'switch') void flip(ask.name, true);
          else if (ask) void pauseCampaigns(true);
        }}
        onClose={() => setAsk(null)}
      />
    </Card>
  );
}
