import type { Brand, BrandSetupInput, CurrencyCode } from '../../api/generated/model';
import type { TextKey } from '../../i18n/keys';
import { isCurrency } from '../../preferences/format';

export const MAX_COMPANY_NAME = 200;

export interface BrandSetupValues {
  company_name: string;
  default_currency: CurrencyCode;
}

export type BrandSetupField = keyof BrandSetupValues;
/** A field's problem: a key of the account namespace. */
export type BrandSetupErrors = Partial<Record<BrandSetupField, TextKey<'account'>>>;

/** The form's values for a brand as GET /brands answers it. */
export function brandSetupValues(brand: Brand): BrandSetupValues {
  return { company_name: brand.company_name || brand.name, default_currency: brand.default_currency };
}

/** Problems found before sending: a company name is required, and one of the offered currencies. */
export function validateBrandSetup(values: BrandSetupValues): BrandSetupErrors {
  const errors: BrandSetupErrors = {};
  const name = values.company_name.trim();
  if (!name) errors.company_name = 'brand.companyRequired';
  else if (name.length > MAX_COMPANY_NAME) errors.company_name = 'brand.companyTooLong';
  if (!isCurrency(values.default_currency)) errors.default_currency = 'brand.currencyInvalid';
  return errors;
}

/** The body of PUT /brands/setup; the domains are edited as one list in the shop domains card, so no domain is sent (it is kept). */
export function brandSetupInput(values: BrandSetupValues): BrandSetupInput {
  return { company_name: values.company_name.trim(), default_currency: values.default_currency };
}
