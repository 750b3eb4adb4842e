import { contractLimits } from '../../api/contractLimits';
import { ErrorCode } from '../../api/generated/model';
import type { TextKey } from '../../i18n/keys';
import { isDomainName } from '../integration/domains';
import type { AffiliateLinkInput, TrackingLinkInput } from '../../api/generated/model';

/** The brand's create-link form as typed (every field a string; a select's blank is ''). */
export interface BrandLinkFormValues {
  affiliate_id: string;
  campaign_id: string;
  name: string;
  destination_url: string;
}

/** The affiliate's generate-link form: name and destination are optional there. */
export interface AffiliateLinkFormValues {
  campaign_id: string;
  name: string;
  destination_url: string;
}

export type LinkField = keyof BrandLinkFormValues;

/** A message of the link form: a key of the tracking namespace (errors.*). */
export type LinkFormKey = TextKey<'tracking'>;

/** Field → key of its message in the tracking namespace (errors.*). */
export type LinkFormErrors = Partial<Record<LinkField, LinkFormKey>>;

export const MAX_NAME_LENGTH = contractLimits.TrackingLinkInput.name.maxLength;
export const MAX_DESTINATION_LENGTH = contractLimits.TrackingLinkInput.destination_url.maxLength;

export const emptyBrandLinkForm = (): BrandLinkFormValues => ({ affiliate_id: '', campaign_id: '', name: '', destination_url: '' });
export const emptyAffiliateLinkForm = (): AffiliateLinkFormValues => ({ campaign_id: '', name: '', destination_url: '' });

/** Who fills the form: the brand picks an affiliate, the affiliate is itself. */
export type LinkFormViewer = 'brand' | 'affiliate';

const messageKeys: Partial<Record<ErrorCode, { field: LinkField; key: LinkFormKey }>> = {
  [ErrorCode.AFFILIATE_REQUIRED]: { field: 'affiliate_id', key: 'errors.affiliateRequired' },
  [ErrorCode.CAMPAIGN_REQUIRED]: { field: 'campaign_id', key: 'errors.campaignRequired' },
  [ErrorCode.NAME_REQUIRED]: { field: 'name', key: 'errors.nameRequired' },
  [ErrorCode.DESTINATION_REQUIRED]: { field: 'destination_url', key: 'errors.destinationNeeded' },
  [ErrorCode.INVALID_URL]: { field: 'destination_url', key: 'errors.invalidUrl' },
  [ErrorCode.INVALID_DOMAIN]: { field: 'destination_url', key: 'errors.invalidDomain' },
  [ErrorCode.DOMAIN_NOT_ALLOWED]: { field: 'destination_url', key: 'errors.domainNotAllowed' },
  [ErrorCode.AFFILIATE_NOT_APPROVED]: { field: 'affiliate_id', key: 'errors.affiliateNotApproved' },
};

/**
 * The field and message key for one of the link form's machine codes (the server's, or the same
 * code found before sending); null for any other code. To an affiliate, 'not approved' is about
 * its campaign choice.
 */
export function linkFormError(code: string, viewer: LinkFormViewer = 'brand'): { field: LinkField; key: LinkFormKey } | null {
  const found = messageKeys[code as ErrorCode];
  if (!found) return null;
  if (viewer === 'affiliate' && code === ErrorCode.AFFILIATE_NOT_APPROVED) {
    return { field: 'campaign_id', key: 'errors.selfNotApproved' };
  }
  return found;
}

/** The server's codes the link form words itself, by the field each concerns (the form's `codes`). */
export function linkFormCodes(viewer: LinkFormViewer, text: (key: LinkFormKey) => string): Partial<Record<ErrorCode, Partial<Record<LinkField, string>>>> {
  return Object.fromEntries(
    Object.keys(messageKeys).flatMap((code) => {
      const found = linkFormError(code, viewer);
      return found ? [[code, { [found.field]: text(found.key) }]] : [];
    }),
  );
}

/**
 * The destination's own problem as the server would name it (INVALID_URL, INVALID_DOMAIN), or null.
 * Whether the host is one of the brand's domains is left to the server.
 */
export function destinationProblem(text: string): typeof ErrorCode.INVALID_URL | typeof ErrorCode.INVALID_DOMAIN | null {
  const value = text.trim();
  if (!value) return null;
  if (value.length > MAX_DESTINATION_LENGTH) return ErrorCode.INVALID_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return ErrorCode.INVALID_URL;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) {
    return ErrorCode.INVALID_URL;
  }
  return isDomainName(url.hostname) ? null : ErrorCode.INVALID_DOMAIN;
}

/** The destination's message key: too long, or the problem the server would name. */
function destinationErrors(text: string, viewer: LinkFormViewer): LinkFormErrors {
  if (text.trim().length > MAX_DESTINATION_LENGTH) return { destination_url: 'errors.destinationTooLong' };
  const problem = destinationProblem(text);
  return problem ? codeKey(problem, viewer) : {};
}

function codeKey(code: string, viewer: LinkFormViewer): LinkFormErrors {
  const found = linkFormError(code, viewer);
  return found ? { [found.field]: found.key } : {};
}

/** Checks the brand's form before it is sent, with the same messages as the server's codes. */
export function validateBrandLinkForm(values: BrandLinkFormValues): LinkFormErrors {
  const errors: LinkFormErrors = {};
  if (!values.affiliate_id) Object.assign(errors, codeKey(ErrorCode.AFFILIATE_REQUIRED, 'brand'));
  if (!values.campaign_id) Object.assign(errors, codeKey(ErrorCode.CAMPAIGN_REQUIRED, 'brand'));
  const name = values.name.trim();
  if (!name) Object.assign(errors, codeKey(ErrorCode.NAME_REQUIRED, 'brand'));
  else if (name.length > MAX_NAME_LENGTH) errors.name = 'errors.nameTooLong';
  Object.assign(errors, destinationErrors(values.destination_url, 'brand'));
  return errors;
}

/**
 * Checks the affiliate's form: a campaign, and a destination that is a URL if one is given. A blank
 * destination means the campaign's homepage (`homepage`, the chosen campaign's): without one, the
 * destination is needed.
 */
export function validateAffiliateLinkForm(values: AffiliateLinkFormValues, homepage?: string | null): Partial<Record<keyof AffiliateLinkFormValues, LinkFormKey>> {
  const errors: LinkFormErrors = {};
  if (!values.campaign_id) Object.assign(errors, codeKey(ErrorCode.CAMPAIGN_REQUIRED, 'affiliate'));
  if (values.name.trim().length > MAX_NAME_LENGTH) errors.name = 'errors.nameTooLong';
  Object.assign(errors, destinationErrors(values.destination_url, 'affiliate'));
  if (values.campaign_id && !values.destination_url.trim() && !homepage) errors.destination_url = 'errors.destinationNeeded';
  return errors;
}

/** The body of POST /tracking-links; a blank destination is left out (the campaign's homepage is used). */
export function brandFormToInput(values: BrandLinkFormValues): TrackingLinkInput {
  const destination = values.destination_url.trim();
  return {
    affiliate_id: values.affiliate_id,
    campaign_id: values.campaign_id,
    name: values.name.trim(),
    ...(destination ? { destination_url: destination } : {}),
  };
}

/** The body of POST /affiliate-links/generate; blanks are left out (campaign name and homepage are used). */
export function affiliateFormToInput(values: AffiliateLinkFormValues): AffiliateLinkInput {
  const name = values.name.trim();
  const destination = values.destination_url.trim();
  return {
    campaign_id: values.campaign_id,
    ...(name ? { name } : {}),
    ...(destination ? { destination_url: destination } : {}),
  };
}
