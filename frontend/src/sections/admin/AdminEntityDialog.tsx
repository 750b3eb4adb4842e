import { Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { tooLongMessage } from '../../api/errors';
import { FormDialog } from '../../components/FormDialog';
import { PasswordField } from '../../components/PasswordField';
import { useForm, type FieldErrors } from '../../forms/useForm';
import { SearchSelect } from '../../components/SearchSelect';
import { brandChoices } from '../../api/choices';
import type { AdminKind } from './adminKinds';

// Brand, affiliate and campaign names share the contract's limit.
const NAME_MAX = contractLimits.BrandInput.name.maxLength;

export interface AdminEntityValues {
  name: string;
  domain: string;
  email: string;
  status: string;
  brand_id: string;
  /** The host's own password, asked when an affiliate's email changes (its sign-in name and payout email). */
  current_password: string;
}

export const emptyAdminValues: AdminEntityValues = { name: '', domain: '', email: '', status: '', brand_id: '', current_password: '' };

/** True when an edit changes an affiliate's email, which the server confirms with the host's password. */
export function emailChanges(state: AdminDialogState, values: AdminEntityValues): boolean {
  return state.kind === 'affiliate' && state.mode === 'edit' && values.email.trim().toLowerCase() !== state.values.email.trim().toLowerCase();
}

export interface AdminDialogState {
  mode: 'create' | 'edit';
  kind: AdminKind;
  id?: string;
  values: AdminEntityValues;
}

/**
 * The admin Create/Edit dialog: titled 'Add' or 'Edit' plus the kind; Name; brand also Domain;
 * affiliate also Email; campaign also Status (free text; the placeholder names active, paused and ended in words) and, for a new
 * campaign, the brand it belongs to.
 */
export function AdminEntityDialog({
  state,
  busy,
  onClose,
  onSubmit,
}: {
  state: AdminDialogState | null;
  /** True while the save is under way (the parent's mutation). */
  busy: boolean;
  onClose: () => void;
  /** Resolves true when saved (the dialog closes), false when refused (it stays open). */
  onSubmit: (state: AdminDialogState, values: AdminEntityValues) => Promise<boolean>;
}) {
  if (!state) return null;
  return (
    <AdminEntityForm
      key={`${state.kind}-${state.mode}-${state.id ?? ''}`}
      state={state}
      busy={busy}
      onClose={onClose}
      onSubmit={onSubmit}
    />
  );
}

function AdminEntityForm({
  state,
  busy,
  onClose,
  onSubmit,
}: {
  state: AdminDialogState;
  busy: boolean;
  onClose: () => void;
  onSubmit: (state: AdminDialogState, values: AdminEntityValues) => Promise<boolean>;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const { kind, mode } = state;
  const needsBrand = kind === 'campaign' && mode === 'create';
  const form = useForm({
    initial: state.values,
    validate: (values) => {
      const found: FieldErrors<keyof AdminEntityValues> = {};
      if (!values.name.trim()) found.name = t('dialog.nameRequired');
      else if (values.name.trim().length > NAME_MAX) found.name = tooLongMessage(NAME_MAX);
      if (needsBrand && !values.brand_id) found.brand_id = t('dialog.brandRequired');
      if (emailChanges(state, values) && !values.current_password) found.current_password = t('dialog.currentPasswordRequired');
      return found;
    },
    // The parent's mutation: it tells a refusal in a toast and closes the dialog once saved.
    send: (values) => onSubmit(state, values),
  });
  const { values } = form;

  return (
    <FormDialog
      title={t(`dialog.${mode === 'create' ? 'add' : 'edit'}.${kind}`)}
      titleTestId="admin-dialog-title"
      busy={busy || form.pending}
      onClose={onClose}
      onSubmit={form.submit}
      testId="admin-dialog"
      submitLabel={mode === 'create' ? t('common:actions.create') : t('common:actions.save')}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          {...form.field('name')}
          label={t('fields.name')}
          required
          autoFocus
          fullWidth
        />
        {kind === 'brand' && (
          <TextField
            {...form.field('domain')}
            label={t('fields.domain')}
            placeholder="shop.example.com"
            fullWidth
          />
        )}
        {kind === 'affiliate' && (
          <TextField
            {...form.field('email')}
            type="email"
            label={t('fields.email')}
            fullWidth
          />
        )}
        {emailChanges(state, values) && (
          <PasswordField
            {...form.field('current_password', t('dialog.currentPasswordHelp'))}
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            required
          />
        )}
        {needsBrand && (
          // The brands are searched as the host types: there may be more than a list can hold.
          <SearchSelect
            name="brand_id"
            label={t('fields.brand')}
            placeholder={t('dialog.chooseBrand')}
            value={form.values.brand_id}
            onChange={(id) => form.set('brand_id', id)}
            search={brandChoices}
            queryKey="brands"
            testId="brand-choice"
            error={Boolean(form.errors.brand_id)}
            helperText={form.errors.brand_id}
            required
            size="medium"
          />
        )}
        {kind === 'campaign' && (
          <TextField
            {...form.field('status')}
            label={t('fields.status')}
            placeholder={t('dialog.statusPlaceholder')}
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
