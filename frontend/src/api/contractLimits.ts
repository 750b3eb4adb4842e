/** The limits the contract sets on one request field (openapi.yaml `maxLength`, `minimum`, ...). */
export interface FieldLimits {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
}

/**
 * The limits of the request fields the forms send, by schema and field, as openapi.yaml states
 * them: forms check them before sending and name them when the server refuses a value.
 * contractLimits.test.ts fails when one differs from the contract.
 */
export const contractLimits = {
  SignupRequest: {
    email: { maxLength: 254 },
    password: { minLength: 8, maxLength: 200 },
    firstName: { minLength: 1, maxLength: 100 },
    lastName: { minLength: 1, maxLength: 100 },
    companyName: { maxLength: 200 },
    preferredBrandId: { maxLength: 40 },
    domain: { maxLength: 2000 },
  },
  LoginRequest: { email: { maxLength: 254 }, password: { maxLength: 200 } },
  ResetPasswordRequest: { token: { maxLength: 200 }, newPassword: { maxLength: 200 } },
  ForgotPasswordRequest: { email: { maxLength: 254 } },
  CreateHostRequest: {
    email: { maxLength: 254 },
    password: { minLength: 8, maxLength: 200 },
    firstName: { minLength: 1, maxLength: 100 },
    lastName: { minLength: 1, maxLength: 100 },
  },
  ProfileInput: {
    firstName: { minLength: 1, maxLength: 100 },
    lastName: { minLength: 1, maxLength: 100 },
    companyName: { maxLength: 200 },
  },
  ChangePasswordInput: { currentPassword: { maxLength: 200 }, newPassword: { maxLength: 200 } },
  BrandInput: { name: { maxLength: 200 }, domain: { maxLength: 253 } },
  DomainsInput: { domains: { maxItems: 50, maxLength: 253 } },
  TrackingDomainInput: { hostname: { maxLength: 253 } },
  ApiKeyInput: { name: { minLength: 1, maxLength: 100 } },
  WebhookEndpointInput: { url: { minLength: 1, maxLength: 2000 }, description: { maxLength: 200 }, event_types: { maxItems: 6 } },
  AffiliateInput: { name: { maxLength: 200 }, email: { maxLength: 254 }, current_password: { maxLength: 200 } },
  CampaignInput: {
    name: { maxLength: 200 },
    description: { maxLength: 5000 },
    homepage_url: { maxLength: 2000 },
    attribution_window_days: { minimum: 1, maximum: 365 },
    product_rates: { maxItems: 50 },
    tiers: { maxItems: 10 },
  },
  CommissionAdjustment: { reason: { minLength: 1, maxLength: 500 } },
  PayoutPayment: { reference: { minLength: 1, maxLength: 200 } },
  InvitationInput: { email: { minLength: 3, maxLength: 254 } },
  TrackingLinkInput: { name: { maxLength: 200 }, destination_url: { maxLength: 2000 } },
  AffiliateLinkInput: { name: { maxLength: 200 }, destination_url: { maxLength: 2000 } },
  DiscountCodeInput: {
    code: { maxLength: 40 },
    description: { maxLength: 500 },
    usage_limit: { minimum: 1, maximum: 2147483647 },
    usage_limit_per_customer: { minimum: 1, maximum: 2147483647 },
  },
} as const satisfies Record<string, Record<string, FieldLimits>>;
