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
import {
  brandSetupInput,
  brandSetupServerErrors,
  brandSetupValues,
  validateBrandSetup,
  type BrandSetupErrors,
  type BrandSetupField,
  type BrandSetupValues,
} from './brandSetupForm';

type Message = { severity: 'success' | 'error'; text: string } | null;

function BrandSetupForm({ brand }: { brand: Brand }) {
  const { t } = useTranslation(['account', 'auth']);
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const [values, setValues] = useState<BrandSetupValues>(() => brandSetupValues(brand));
  const [errors, setErrors] = useState<BrandSetupErrors>({});
  const [message, setMessage] = useState<Message>(null);
  const setup = useSetupBrand();

  const set = (field: BrandSetupField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const problems = validateBrandSetup(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setup.mutate(
      { data: brandSetupInput(values) },
      {
        onSuccess: async (response) => {
          setValues(brandSetupValues(response.data.brand));
          setMessage({ severity: 'success', text: t('brand.saved') });
          // The brand list, its integration details and the user's company name all follow.
          await Promise.all([
            queryClient.invalidateQueries({
              predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/brands'),
            }),
            refreshUser(),
          ]);
        },
        onError: (error) => {
          const byField = brandSetupServerErrors(error, {
            company_name: { invalid: t('brand.companyRequired') },
            default_currency: { invalid: t('brand.currencyInvalid') },
          });
          setErrors(byField);
          if (Object.keys(byField).length === 0) setMessage({ severity: 'error', text: errorMessage(error, t('brand.failed')) });
        },
      },
    );
  };

  const fieldProps = (field: BrandSetupField, help: string) => {
    const problem = errors[field];
    const text = problem ? ('key' in problem ? t(problem.key) : problem.message) : help;
    return {
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
      error: Boolean(problem),
      helperText: text,
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
        <Button type="submit" variant="contained" disabled={setup.isPending} data-testid="brand-save">
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
