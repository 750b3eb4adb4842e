import { Avatar, Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { User } from '../api/generated/model';

export function displayName(user: User): string {
  if (!user.firstName) return user.email;
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

/** Who is signed in: name (or email), account type, Verified and DEV badges. */
export function UserSummary({ user, devMode }: { user: User; devMode: boolean }) {
  const { t } = useTranslation();
  const name = displayName(user);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 16 }}>{name.charAt(0).toUpperCase()}</Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap data-testid="user-name">
          {name}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
          <Chip size="small" color="primary" variant="outlined" label={t(`accountType.${user.accountType}`)} data-testid="account-type-badge" />
          {user.isVerified && <Chip size="small" color="success" variant="outlined" label={t('badges.verified')} />}
          {devMode && <Chip size="small" color="warning" label={t('badges.dev')} data-testid="dev-badge" />}
        </Stack>
      </Box>
    </Stack>
  );
}
