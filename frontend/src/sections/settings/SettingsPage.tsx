import { Alert, Button, Card, CardContent, Grid, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { errorMessage } from '../../api/errors';
import { useChangePassword, useUpdateProfile } from '../../api/generated/auth/auth';
import type { User } from '../../api/generated/model';
import { useAuth } from '../../auth/AuthProvider';
import { replaceToken } from '../../auth/session';
import { PasswordField } from '../../components/PasswordField';
import { formatDate } from '../../preferences/format';
import { DomainsCard } from '../integration/DomainsCard';
import { SectionHeader } from '../SectionHeader';
import { BrandSettingsCard } from './BrandSettingsCard';
import { EmailSettingsCard } from './EmailSettingsCard';
import { NotificationSettingsCard } from './NotificationSettingsCard';

type Message = { severity: 'success' | 'error'; text: string } | null;

export const MIN_PASSWORD_LENGTH = contractLimits.SignupRequest.password.minLength;

/** Checks a password change before it is sent; returns the auth namespace key of the problem, or null. */
export function passwordProblem(values: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): 'account:password.required' | 'auth:reset.tooShort' | 'auth:reset.mismatch' | 'account:password.same' | null {
  if (!values.currentPassword || !values.newPassword) return 'account:password.required';
  if (values.newPassword.length < MIN_PASSWORD_LENGTH) return 'auth:reset.tooShort';
  if (values.newPassword !== values.confirmPassword) return 'auth:reset.mismatch';
  if (values.newPassword === values.currentPassword) return 'account:password.same';
  return null;
}

function ProfileCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation(['account', 'auth']);
  const { refreshUser } = useAuth();
  const isBrand = user.accountType === 'brand';
  const [form, setForm] = useState({ firstName: user.firstName, lastName: user.lastName, companyName: user.companyName ?? '' });
  const [message, setMessage] = useState<Message>(null);
  // The button stays busy until the user shown everywhere is fetched again.
  const update = useUpdateProfile({ mutation: { onSuccess: refreshUser } });
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.firstName.trim() || !form.lastName.trim() || (isBrand && !form.companyName.trim())) {
      setMessage({ severity: 'error', text: t('profile.required') });
      return;
    }
    setMessage(null);
    try {
      await update.mutateAsync({
        data: {
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          ...(isBrand ? { companyName: form.companyName.trim() } : {}),
        },
      });
      setMessage({ severity: 'success', text: t('profile.saved') });
    } catch (error) {
      const limits = contractLimits.ProfileInput;
      const fields = {
        firstName: { label: t('auth:fields.firstName'), limits: limits.firstName, invalid: t('profile.required') },
        lastName: { label: t('auth:fields.lastName'), limits: limits.lastName, invalid: t('profile.required') },
        companyName: { label: t('auth:fields.companyName'), limits: limits.companyName, invalid: t('profile.required') },
      };
      setMessage({ severity: 'error', text: errorMessage(error, t('profile.failed'), { fields }) });
    }
  };

  return (
    <Card component="form" onSubmit={submit} noValidate data-testid="profile-card">
      <CardContent>
        <Typography variant="h6">{t('profile.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('profile.help', { email: user.email, date: formatDate(user.createdAt, i18n.language) })}
        </Typography>
        <Stack spacing={2}>
          {message && (
            <Alert severity={message.severity} data-testid="profile-message">
              {message.text}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              name="firstName"
              label={t('auth:fields.firstName')}
              value={form.firstName}
              onChange={(event) => set('firstName')(event.target.value)}
              required
              fullWidth
              autoComplete="given-name"
            />
            <TextField
              name="lastName"
              label={t('auth:fields.lastName')}
              value={form.lastName}
              onChange={(event) => set('lastName')(event.target.value)}
              required
              fullWidth
              autoComplete="family-name"
            />
          </Stack>
          {isBrand && (
            <TextField
              name="companyName"
              label={t('auth:fields.companyName')}
              value={form.companyName}
              onChange={(event) => set('companyName')(event.target.value)}
              required
              autoComplete="organization"
            />
          )}
          <TextField
            label={t('auth:fields.email')}
            value={user.email}
            helperText={t('profile.emailHelp')}
            slotProps={{ input: { readOnly: true } }}
            data-testid="profile-email"
          />
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={update.isPending} data-testid="profile-save">
              {t('profile.save')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

function PasswordCard() {
  const { t } = useTranslation(['account', 'auth']);
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const [form, setForm] = useState(empty);
  const [message, setMessage] = useState<Message>(null);
  const change = useChangePassword();
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(form);
    if (problem) {
      setMessage({ severity: 'error', text: t(problem) });
      return;
    }
    setMessage(null);
    try {
      // The change ends every session, this one included: carry on with the token it answers.
      const changed = await change.mutateAsync({ data: { currentPassword: form.currentPassword, newPassword: form.newPassword } });
      replaceToken(changed.data.jwt);
      setForm(empty);
      setMessage({ severity: 'success', text: t('password.changed') });
    } catch (error) {
      const limits = contractLimits.ChangePasswordInput;
      const fields = {
        currentPassword: { limits: limits.currentPassword, invalid: t('password.currentWrong') },
        newPassword: { limits: limits.newPassword, invalid: t('auth:reset.tooShort') },
      };
      setMessage({ severity: 'error', text: errorMessage(error, t('password.failed'), { fields }) });
    }
  };

  return (
    <Card component="form" onSubmit={submit} noValidate data-testid="password-card">
      <CardContent>
        <Typography variant="h6">{t('password.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('password.help')}
        </Typography>
        <Stack spacing={2}>
          {message && (
            <Alert severity={message.severity} data-testid="password-message">
              {message.text}
            </Alert>
          )}
          <PasswordField
            name="currentPassword"
            label={t('password.current')}
            value={form.currentPassword}
            onChange={(event) => set('currentPassword')(event.target.value)}
            autoComplete="current-password"
            required
          />
          <PasswordField
            name="newPassword"
            label={t('auth:reset.newPassword')}
            value={form.newPassword}
            onChange={(event) => set('newPassword')(event.target.value)}
            autoComplete="new-password"
            helperText={t('password.rule')}
            required
          />
          <PasswordField
            name="confirmPassword"
            label={t('auth:reset.confirmPassword')}
            value={form.confirmPassword}
            onChange={(event) => set('confirmPassword')(event.target.value)}
            autoComplete="new-password"
            required
          />
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={change.isPending} data-testid="password-save">
              {t('password.submit')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * 'Settings' for every account type: the profile and a password change; brands also edit their
 * brand's details and its shop domains (their one place), affiliates choose their notifications.
 */
export default function SettingsPage() {
  const { t } = useTranslation('sections');
  const { user } = useAuth();
  return (
    <>
      <SectionHeader title={t('titles.settings')} subtitle={t('descriptions.settings')} />
      {user && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <ProfileCard key={user.id} user={user} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PasswordCard />
          </Grid>
          {user.accountType === 'brand' && (
            <Grid size={{ xs: 12, md: 6 }}>
              <BrandSettingsCard />
            </Grid>
          )}
          {user.accountType === 'brand' && user.brandUuid && (
            <Grid size={{ xs: 12, md: 6 }} id="domains">
              <DomainsCard brandUuid={user.brandUuid} />
            </Grid>
          )}
          {user.accountType === 'affiliate' && (
            <Grid size={{ xs: 12, md: 6 }}>
              <NotificationSettingsCard />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }}>
            <EmailSettingsCard accountType={user.accountType} address={user.email} />
          </Grid>
        </Grid>
      )}
    </>
  );
}
