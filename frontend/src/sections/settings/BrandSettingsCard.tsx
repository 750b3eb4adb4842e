import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { useListBrands, useSetupBrand } from '../../api/generated/brands/brands';
import type { Brand } from '../../api/generated/model';
import { useAuth } from '../../auth/AuthProvider';
import { QueryStatus } from '../../components/QueryStatus';
import { currencies } from '../../preferences/format';
import { keyed, useForm } from '../../forms/useForm';
import type { TextKey } from '../../i18n/keys';
import { brandSetupInput, brandSetupValues, validateBrandSetup, type BrandSetupField } from './brandSetupForm';

function BrandSetupForm({ brand }: { brand: Brand }) {
  const { t } = useTranslation(['account', 'auth']);
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const [saved, setSaved] = useState(false);
  const setup = useSetupBrand();
  const form = useForm({
    initial: () => brandSetupValues(brand),
    text: (key: TextKey<'account'>) => t(key),
    validate: (values) => keyed(validateBrandSetup(values)),
    fields: {
      company_name: { invalid: t('brand.companyRequired') },
      default_currency: { invalid: t('brand.currencyInvalid') },
    },
    send: (values) => setup.mutateAsync({ data: brandSetupInput(values) }),
    onSaved: async (response) => {
      form.reset(brandSetupValues(response.data.brand));
      setSaved(true);
      // The brand list, its integration details and the user's company name all follow.
      await Promise.all([
        queryClient.invalidateQueries({
          predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/brands'),
        }),
        refreshUser(),
      ]);
    },
    refusal: (error) => errorMessage(error, t('brand.failed')),
  });
  const message = form.formError
    ? { severity: 'error' as const, text: form.formError }
    : saved
      ? { severity: 'success' as const, text: t('brand.saved') }
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void form.submit();
  };

  const fieldProps = (field: BrandSetupField, help: string) => {
    return {
      ...form.field(field, help),
      fullWidth: true,
      slotProps: { formHelperText: { 'data-testid': `brand-${field}-help` } as object },
    };
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {message && (
        <Alert severity={message.severity} data-testid="brand-message">
          {message.text}
        </Alert>
      )}
      <TextField
        {...fieldProps('company_name', t('brand.companyHelp'))}
        label={t('auth:fields.companyName')}
        required
        autoComplete="organization"
      />
      <TextField {...fieldProps('default_currency', t('brand.currencyHelp'))} label={t('brand.currency')} select>
        {currencies.map((code) => (
          <MenuItem key={code} value={code} data-testid={`brand-currency-${code}`}>
            {code}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={form.pending} data-testid="brand-save">
          {t('brand.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** A brand's own details (PUT /brands/setup): company name and default currency, prefilled from GET /brands. */
export function BrandSettingsCard() {
  const { t } = useTranslation('account');
  // A brand sees only itself in the list.
  const brands = useListBrands();
  const brand = brands.data?.data.brands[0];
  return (
    <Card data-testid="brand-card">
      <CardContent>
        <Typography variant="h6">{t('brand.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('brand.help')}
        </Typography>
        <QueryStatus
          loading={brands.isPending}
          error={brands.error}
          onRetry={() => void brands.refetch()}
          fallback={t('brand.loadFailed')}
        />
        {brand && <BrandSetupForm key={brand.id} brand={brand} />}
      </CardContent>
    </Card>
  );
}
