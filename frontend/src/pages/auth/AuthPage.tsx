import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AccountType, SignupAccountType } from '../../api/generated/model';
import { useAuth, type AuthOutcome } from '../../auth/AuthProvider';
import { LanguageButtons } from '../../components/LanguageButtons';
import { PasswordField } from '../../components/PasswordField';
import { PageMain } from '../../components/SkipLink';
import { useSystemConfig } from '../../system/useSystemConfig';
import { AccountTypeChoice } from './AccountTypeChoice';
import { AuthMessages, type AuthMessagesState } from './AuthMessages';
import { DevLoginButtons } from './DevLoginButtons';

type Mode = 'signIn' | 'signUp';

interface FormFields {
  accountType: SignupAccountType;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  companyName: string;
  preferredBrandId: string;
  domain: string;
}

const emptyForm: FormFields = {
  accountType: 'affiliate',
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  companyName: '',
  preferredBrandId: '',
  domain: '',
};

/**
 * /auth and /login: sign in, create a brand or affiliate account, or (dev mode) pick a demo account.
 * /auth?invite=<token> is a host's invitation: the sign-up claims the affiliate the host created.
 */
export default function AuthPage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const { signIn, signUp, signInAsDemo, signingIn: busy } = useAuth();
  const { devMode, email: emailOn } = useSystemConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const inviteToken = params.get('invite')?.trim() || null;
  const [mode, setMode] = useState<Mode>(inviteToken ? 'signUp' : 'signIn');
  const [form, setForm] = useState<FormFields>(emptyForm);
  const invited = mode === 'signUp' && inviteToken !== null;
  const isBrand = mode === 'signUp' && !invited && form.accountType === 'brand';
  const [messages, setMessages] = useState<AuthMessagesState>({});

  const update = (field: keyof FormFields) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const finish = (outcome: AuthOutcome) => {
    if (outcome.ok) {
      setMessages({ success: outcome.message });
      navigate('/dashboard', { replace: true });
    } else {
      setMessages({ error: outcome.message });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessages({});
    if (mode === 'signIn') {
      finish(await signIn(form.email.trim(), form.password));
    } else {
      finish(
        await signUp({
          accountType: form.accountType,
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          email: form.email.trim(),
          password: form.password,
          // The platform's mail to the new account is written in the language it signs up in.
          language: i18n.resolvedLanguage === 'en' ? 'en' : 'ro',
          ...(isBrand ? { companyName: form.companyName.trim() } : {}),
          ...(isBrand && form.preferredBrandId.trim() ? { preferredBrandId: form.preferredBrandId.trim() } : {}),
          ...(isBrand && form.domain.trim() ? { domain: form.domain.trim() } : {}),
          ...(invited ? { accountType: 'affiliate' as const, inviteToken } : {}),
        }),
      );
    }
  };

  const chooseDemo = async (accountType: AccountType) => {
    setMessages({});
    finish(await signInAsDemo(accountType));
  };

  const toggleMode = () => {
    setMode((current) => (current === 'signIn' ? 'signUp' : 'signIn'));
    setMessages({});
  };

  return (
    <PageMain sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 460 }} data-testid="auth-card">
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={2.5} component="form" noValidate={false} onSubmit={submit}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700, color: 'primary.main' }}>
                {t('common:appName')}
              </Typography>
              <LanguageButtons />
            </Stack>
            <Box>
              <Typography variant="h5" component="h1">
                {t(`${mode}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`${mode}.subtitle`)}
              </Typography>
            </Box>
            <AuthMessages {...messages} />
            {mode === 'signUp' && (
              <>
                {invited ? (
                  <Alert severity="info" data-testid="auth-invited">
                    {t('signUp.invited')}
                  </Alert>
                ) : (
                  <AccountTypeChoice value={form.accountType} onChange={update('accountType')} />
                )}
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    label={t('fields.firstName')}
                    name="firstName"
                    required
                    fullWidth
                    autoComplete="given-name"
                    value={form.firstName}
                    onChange={(e) => update('firstName')(e.target.value)}
                  />
                  <TextField
                    label={t('fields.lastName')}
                    name="lastName"
                    required
                    fullWidth
                    autoComplete="family-name"
                    value={form.lastName}
                    onChange={(e) => update('lastName')(e.target.value)}
                  />
                </Stack>
              </>
            )}
            <TextField
              label={t('fields.email')}
              name="email"
              type="email"
              required
              autoComplete="email"
              value={form.email}
              onChange={(e) => update('email')(e.target.value)}
            />
            <PasswordField
              label={t('fields.password')}
              name="password"
              required
              autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
              value={form.password}
              onChange={(e) => update('password')(e.target.value)}
            />
            {isBrand && (
              <>
                <TextField
                  label={t('fields.companyName')}
                  name="companyName"
                  required
                  autoComplete="organization"
                  value={form.companyName}
                  onChange={(e) => update('companyName')(e.target.value)}
                />
                <TextField
                  label={t('fields.domainOptional')}
                  name="domain"
                  placeholder="shop.example.com"
                  autoComplete="url"
                  helperText={t('fields.domainHelp')}
                  value={form.domain}
                  onChange={(e) => update('domain')(e.target.value)}
                  slotProps={{ formHelperText: { 'data-testid': 'signup-domain-help' } as object }}
                />
                <TextField
                  label={t('fields.preferredBrandId')}
                  name="preferredBrandId"
                  helperText={t('fields.preferredBrandIdHelp')}
                  value={form.preferredBrandId}
                  onChange={(e) => update('preferredBrandId')(e.target.value)}
                />
              </>
            )}
            <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="auth-submit">
              {busy ? t('busy') : t(`${mode}.submit`)}
            </Button>
            <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
              <Button size="small" onClick={toggleMode} data-testid="auth-toggle">
                {t(`${mode}.toggle`)}
              </Button>
              {mode === 'signIn' && (
                <Button
                  size="small"
                  color="inherit"
                  data-testid="forgot-password"
                  onClick={() => (emailOn ? navigate('/forgot-password') : setMessages({ info: t('forgotPassword.message') }))}
                >
                  {t('forgotPassword.button')}
                </Button>
              )}
            </Stack>
            {devMode && <DevLoginButtons busy={busy} onChoose={chooseDemo} />}
          </Stack>
        </CardContent>
      </Card>
    </PageMain>
  );
}
