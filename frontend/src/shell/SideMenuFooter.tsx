import LogoutIcon from '@mui/icons-material/LogoutRounded';
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/AuthProvider';
import { CurrencySelect } from '../components/CurrencySelect';
import { LanguageButtons } from '../components/LanguageButtons';
import { ThemeSwitcher } from '../components/ThemeSwitcher';
import { useSystemConfig } from '../system/useSystemConfig';
import { UserSummary } from './UserSummary';

/** The sidebar's foot: the user, theme, language and currency, logout and the version. */
export function SideMenuFooter({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const { devMode } = useSystemConfig();
  return (
    <Box sx={{ p: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Stack spacing={1.5}>
        {user && <UserSummary user={user} devMode={devMode} />}
        <ThemeSwitcher />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <LanguageButtons />
          <CurrencySelect />
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Button
            size="small"
            color="inherit"
            startIcon={<LogoutIcon />}
            data-testid="logout"
            onClick={async () => {
              await signOut();
              onSignedOut();
            }}
          >
            {t('actions.logout')}
          </Button>
          <Typography variant="caption" color="text.secondary" data-testid="app-version">
            {t('version')}
          </Typography>
        </Stack>
      </Stack>
    </Box>
  );
}
