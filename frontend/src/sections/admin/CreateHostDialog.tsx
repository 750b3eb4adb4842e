import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { PasswordField } from '../../components/PasswordField';

export interface HostAccountValues {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

const empty: HostAccountValues = { email: '', firstName: '', lastName: '', password: '' };
const MIN_PASSWORD = contractLimits.CreateHostRequest.password.minLength;

/** 'Create Host Account': asks email, first and last name and password for a new host. */
export function CreateHostDialog({
  open,
  busy,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** True while the account is being created (the parent's mutation). */
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: HostAccountValues) => Promise<boolean>;
}) {
  return open ? <CreateHostForm busy={busy} onClose={onClose} onSubmit={onSubmit} /> : null;
}

function CreateHostForm({
  busy,
  onClose,
  onSubmit,
}: {
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: HostAccountValues) => Promise<boolean>;
}) {
  const { t } = useTranslation(['admin', 'auth', 'common']);
  const [values, setValues] = useState<HostAccountValues>(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof HostAccountValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.email.trim() || !values.firstName.trim() || !values.lastName.trim() || !values.password) {
      setProblem(t('host.allRequired'));
      return;
    }
    if (values.password.length < MIN_PASSWORD) {
      setProblem(t('auth:reset.tooShort'));
      return;
    }
    setProblem(null);
    await onSubmit({
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      password: values.password,
    });
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth data-testid="create-host-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('host.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && (
              <Alert severity="error" data-testid="create-host-error">
                {problem}
              </Alert>
            )}
            <TextField
              name="email"
              type="email"
              label={t('auth:fields.email')}
              value={values.email}
              onChange={(event) => set('email')(event.target.value)}
              required
              autoFocus
              autoComplete="off"
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                name="firstName"
                label={t('auth:fields.firstName')}
                value={values.firstName}
                onChange={(event) => set('firstName')(event.target.value)}
                required
                fullWidth
              />
              <TextField
                name="lastName"
                label={t('auth:fields.lastName')}
                value={values.lastName}
                onChange={(event) => set('lastName')(event.target.value)}
                required
                fullWidth
              />
            </Stack>
            <PasswordField
              name="password"
              label={t('auth:fields.password')}
              value={values.password}
              onChange={(event) => set('password')(event.target.value)}
              helperText={t('host.passwordHelp')}
              required
              autoComplete="new-password"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="create-host-submit">
            {t('host.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
