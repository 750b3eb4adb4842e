import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/fetcher';
import { ErrorCode } from '../../api/generated/model';
import i18n from '../../i18n/config';
import { formatCount } from '../../preferences/format';
import { refusalFieldErrors } from '../../forms/refusal';
import { linkStatusChip, toggledStatus } from './linkDisplay';
import {
  affiliateFormToInput,
  brandFormToInput,
  destinationProblem,
  emptyAffiliateLinkForm,
  emptyBrandLinkForm,
  linkFormError,
  linkFormCodes,
  validateAffiliateLinkForm,
  validateBrandLinkForm,
} from './linkForm';

const refusal = (code: string) => new ApiError({ status: 400, kind: 'CLIENT_ERROR', code, message: 'server text' });

describe('link form messages', () => {
  it('maps every machine code of the link form to its field', () => {
    expect(linkFormError(ErrorCode.AFFILIATE_REQUIRED)).toEqual({ field: 'affiliate_id', key: 'errors.affiliateRequired' });
    expect(linkFormError(ErrorCode.NAME_REQUIRED)).toEqual({ field: 'name', key: 'errors.nameRequired' });
    expect(linkFormError(ErrorCode.DESTINATION_REQUIRED)).toEqual({ field: 'destination_url', key: 'errors.destinationNeeded' });
    expect(linkFormError(ErrorCode.DESTINATION_REQUIRED, 'affiliate')).toEqual({ field: 'destination_url', key: 'errors.destinationNeeded' });
    expect(linkFormError(ErrorCode.CAMPAIGN_REQUIRED)).toEqual({ field: 'campaign_id', key: 'errors.campaignRequired' });
    expect(linkFormError(ErrorCode.INVALID_URL)?.field).toBe('destination_url');
    expect(linkFormError(ErrorCode.INVALID_DOMAIN)?.key).toBe('errors.invalidDomain');
    expect(linkFormError(ErrorCode.DOMAIN_NOT_ALLOWED)).toEqual({ field: 'destination_url', key: 'errors.domainNotAllowed' });
    expect(linkFormError(ErrorCode.AFFILIATE_NOT_APPROVED)).toEqual({ field: 'affiliate_id', key: 'errors.affiliateNotApproved' });
    expect(linkFormError(ErrorCode.AFFILIATE_NOT_APPROVED, 'affiliate')).toEqual({ field: 'campaign_id', key: 'errors.selfNotApproved' });
    expect(linkFormError(ErrorCode.CONFLICT)).toBeNull();
  });

  it('places the codes of a server refusal at their fields, never a network failure', () => {
    const form = (viewer: 'brand' | 'affiliate') => ({ names: ['affiliate_id', 'campaign_id', 'name', 'destination_url'] as const, codes: linkFormCodes(viewer, (key) => key) });
    expect(refusalFieldErrors(refusal(ErrorCode.DOMAIN_NOT_ALLOWED), form('brand'))).toEqual({ destination_url: 'errors.domainNotAllowed' });
    expect(refusalFieldErrors(refusal(ErrorCode.AFFILIATE_NOT_APPROVED), form('affiliate'))).toEqual({ campaign_id: 'errors.selfNotApproved' });
    expect(refusalFieldErrors(refusal(ErrorCode.NOT_FOUND), form('brand'))).toEqual({});
    expect(refusalFieldErrors(new ApiError({ status: 0, kind: 'NETWORK_ERROR' }), form('brand'))).toEqual({});
    expect(refusalFieldErrors(new Error('boom'), form('brand'))).toEqual({});
  });

  it('has the fixed messages in Romanian and English', async () => {
    const texts = (language: string) =>
      (['affiliateRequired', 'nameRequired', 'invalidDomain', 'domainNotAllowed', 'invalidUrl', 'affiliateNotApproved'] as const).map((key) =>
        i18n.getFixedT(language, 'tracking')(`errors.${key}`),
      );
    expect(texts('ro')).toEqual([
      'Alege un afiliat',
      'Numele linkului este obligatoriu',
      'Domeniu invalid',
      'Destinația trebuie să fie pe domeniul brandului',
      'Introdu un URL valid',
      'Acest afiliat nu este aprobat pentru campanie',
    ]);
    expect(texts('en')).toEqual([
      'Choose an affiliate',
      'Link name is required',
      'Invalid domain',
      "The destination must be on the brand's domain",
      'Enter a valid URL',
      'This affiliate is not approved for the campaign',
    ]);
    expect(i18n.getFixedT('en', 'tracking')('toasts.createFailed')).toBe('Failed to create tracking link');
  });
});

describe('link form validation', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('asks for an affiliate, a campaign and a name on an empty form', () => {
    expect(validateBrandLinkForm(emptyBrandLinkForm())).toEqual({
      affiliate_id: 'errors.affiliateRequired',
      campaign_id: 'errors.campaignRequired',
      name: 'errors.nameRequired',
    });
  });

  it('accepts a blank destination (the campaign homepage is used) and leaves it out of the body', () => {
    const values = { affiliate_id: 'a-1', campaign_id: 'c-1', name: '  Newsletter ', destination_url: ' ' };
    expect(validateBrandLinkForm(values)).toEqual({});
    expect(brandFormToInput(values)).toEqual({ affiliate_id: 'a-1', campaign_id: 'c-1', name: 'Newsletter' });
  });

  it('tells a malformed address from a bad host', () => {
    expect(destinationProblem('https://shop.example.com/sale?x=1')).toBeNull();
    expect(destinationProblem('http://localhost:8080/docs/index.html')).toBeNull();
    expect(destinationProblem('shop.example.com')).toBe(ErrorCode.INVALID_URL);
    expect(destinationProblem('ftp://shop.example.com')).toBe(ErrorCode.INVALID_URL);
    expect(destinationProblem('https://user:pw@shop.example.com')).toBe(ErrorCode.INVALID_URL);
    expect(destinationProblem('https://10.0.0.1/x')).toBe(ErrorCode.INVALID_DOMAIN);
    expect(destinationProblem('https://intranet/x')).toBe(ErrorCode.INVALID_DOMAIN);
    expect(destinationProblem('https://under_score.example.com')).toBe(ErrorCode.INVALID_DOMAIN);
    expect(validateBrandLinkForm({ affiliate_id: 'a', campaign_id: 'c', name: 'n', destination_url: 'nope' })).toEqual({
      destination_url: 'errors.invalidUrl',
    });
  });

  it('needs only a campaign from an affiliate, and sends only what was typed', () => {
    expect(validateAffiliateLinkForm(emptyAffiliateLinkForm())).toEqual({ campaign_id: 'errors.campaignRequired' });
    const values = { campaign_id: 'c-1', name: '', destination_url: 'https://shop.ro/x' };
    expect(validateAffiliateLinkForm(values)).toEqual({});
    expect(affiliateFormToInput(values)).toEqual({ campaign_id: 'c-1', destination_url: 'https://shop.ro/x' });
    expect(affiliateFormToInput({ ...values, name: ' Bio ', destination_url: '' })).toEqual({ campaign_id: 'c-1', name: 'Bio' });
  });

  it("lets a blank destination mean the campaign's homepage, and asks for one when the campaign has none", () => {
    const blank = { campaign_id: 'c-1', name: '', destination_url: '  ' };
    expect(validateAffiliateLinkForm(blank, 'https://shop.ro/')).toEqual({});
    expect(validateAffiliateLinkForm(blank, null)).toEqual({ destination_url: 'errors.destinationNeeded' });
    expect(validateAffiliateLinkForm({ ...blank, destination_url: 'https://shop.ro/x' }, null)).toEqual({});
    expect(validateAffiliateLinkForm({ ...blank, campaign_id: '' }, null)).toEqual({ campaign_id: 'errors.campaignRequired' });
  });
});



describe('link display', () => {
  it('colours the status and toggles pause and resume', () => {
    expect(linkStatusChip('active')).toEqual({ labelKey: 'status.active', color: 'success' });
    expect(linkStatusChip('paused').color).toBe('warning');
    expect(toggledStatus('active')).toBe('paused');
    expect(toggledStatus('paused')).toBe('active');
  });

  it('groups digits the way each language does', () => {
    expect(formatCount(12345, 'ro')).toBe('12.345');
    expect(formatCount(12345, 'en')).toBe('12,345');
  });
});
