import { Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { FormDialog } from '../../components/FormDialog';
import { PasswordField } from '../../components/PasswordField';
import { useForm, type FieldErrors } from '../../forms/useForm';

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
  const { t } = useTranslation(['admin', 'auth', 'common', 'errors']);
  const form = useForm({
    initial: empty,
    validate: (values) => {
      const found: FieldErrors<keyof HostAccountValues> = {};
      for (const field of ['email', 'firstName', 'lastName'] as const) {
        if (!values[field].trim()) found[field] = t('errors:rules.required');
      }
      if (!values.password) found.password = t('errors:rules.required');
      else if (values.password.length < MIN_PASSWORD) found.password = t('auth:reset.tooShort');
      return found;
    },
    // The parent's mutation: it tells a refusal in a toast and closes the dialog once saved.
    send: (values) =>
      onSubmit({
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        password: values.password,
      }),
  });

  /** Props of a required field: its label, value and error. */
  const field = (name: keyof HostAccountValues, label: string) => ({ ...form.field(name), label, required: true });

  return (
    <FormDialog
      title={t('host.title')}
      busy={busy || form.pending}
      onClose={onClose}
      onSubmit={form.submit}
      testId="create-host-dialog"
      submitLabel={t('host.submit')}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField {...field('email', t('auth:fields.email'))} type="email" autoFocus autoComplete="off" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...field('firstName', t('auth:fields.firstName'))} fullWidth />
          <TextField {...field('lastName', t('auth:fields.lastName'))} fullWidth />
        </Stack>
        <PasswordField
          {...field('password', t('auth:fields.password'))}
          helperText={form.errors.password ?? t('host.passwordHelp')}
          autoComplete="new-password"
        />
      </Stack>
    </FormDialog>
  );
}
