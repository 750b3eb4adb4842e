import { Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractLimits } from '../../api/contractLimits';
import { brandChoices } from '../../api/choices';
import { tooLongMessage } from '../../api/errors';
import { FormDialog } from '../../components/FormDialog';
import { PasswordField } from '../../components/PasswordField';
import { SearchSelect } from '../../components/SearchSelect';
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
  const [values, setValues] = useState<AdminEntityValues>(state.values);
  const [errors, setErrors] = useState<Partial<Record<keyof AdminEntityValues, string>>>({});
  const { kind, mode } = state;
  const needsBrand = kind === 'campaign' && mode === 'create';

  const set = (field: keyof AdminEntityValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    const found: typeof errors = {};
    if (!values.name.trim()) found.name = t('dialog.nameRequired');
    else if (values.name.trim().length > NAME_MAX) found.name = tooLongMessage(NAME_MAX);
    if (needsBrand && !values.brand_id) found.brand_id = t('dialog.brandRequired');
    if (emailChanges(state, values) && !values.current_password) found.current_password = t('dialog.currentPasswordRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await onSubmit(state, values);
  };

  return (
    <FormDialog
      title={t(`dialog.${mode === 'create' ? 'add' : 'edit'}.${kind}`)}
      titleTestId="admin-dialog-title"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      testId="admin-dialog"
      submitLabel={mode === 'create' ? t('common:actions.create') : t('common:actions.save')}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          name="name"
          label={t('fields.name')}
          value={values.name}
          onChange={(event) => set('name')(event.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
          required
          autoFocus
          fullWidth
        />
        {kind === 'brand' && (
          <TextField
            name="domain"
            label={t('fields.domain')}
            placeholder="shop.example.com"
            value={values.domain}
            onChange={(event) => set('domain')(event.target.value)}
            fullWidth
          />
        )}
        {kind === 'affiliate' && (
          <TextField
            name="email"
            type="email"
            label={t('fields.email')}
            value={values.email}
            onChange={(event) => set('email')(event.target.value)}
            fullWidth
          />
        )}
        {emailChanges(state, values) && (
          <PasswordField
            name="current_password"
            label={t('fields.currentPassword')}
            value={values.current_password}
            onChange={(event) => set('current_password')(event.target.value)}
            error={Boolean(errors.current_password)}
            helperText={errors.current_password ?? t('dialog.currentPasswordHelp')}
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
            value={values.brand_id}
            onChange={set('brand_id')}
            search={brandChoices}
            queryKey="brands"
            testId="brand-choice"
            error={Boolean(errors.brand_id)}
            helperText={errors.brand_id}
            required
            size="medium"
          />
        )}
        {kind === 'campaign' && (
          <TextField
            name="status"
            label={t('fields.status')}
            placeholder={t('dialog.statusPlaceholder')}
            value={values.status}
            onChange={(event) => set('status')(event.target.value)}
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
