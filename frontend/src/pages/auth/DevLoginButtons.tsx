import { Button, Divider, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '../../api/generated/model';

const demoAccounts: AccountType[] = ['brand', 'affiliate', 'host'];

/** One-click sign-in as the seeded demo accounts; shown only when the server runs in dev mode. */
export function DevLoginButtons({ busy, onChoose }: { busy: boolean; onChoose: (type: AccountType) => void }) {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={1.5} data-testid="dev-login">
      <Divider>
        <Typography variant="caption" color="text.secondary">
          {t('devMode.title')}
        </Typography>
      </Divider>
      <Stack direction="row" spacing={1}>
        {demoAccounts.map((type) => (
          <Button
            key={type}
            fullWidth
            size="small"
            variant="outlined"
            color="secondary"
            disabled={busy}
            data-testid={`dev-login-${type}`}
            onClick={() => onChoose(type)}
          >
            {t(`devMode.${type}`)}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
