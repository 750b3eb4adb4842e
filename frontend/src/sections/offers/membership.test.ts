import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/config';
import { membershipChip, membershipStatuses } from './membership';

const label = (language: 'en' | 'ro', status: (typeof membershipStatuses)[number], viewer: 'affiliate' | 'brand') =>
  i18n.getFixedT(language, 'campaigns')(membershipChip(status, viewer).labelKey);

describe('application status labels', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('the affiliate sees pending / joined / rejected', () => {
    expect(membershipStatuses.map((status) => label('en', status, 'affiliate'))).toEqual([
      'Pending approval',
      'Joined',
      'Rejected',
    ]);
    expect(membershipStatuses.map((status) => label('ro', status, 'affiliate'))).toEqual([
      'În așteptarea aprobării',
      'Înscriere aprobată',
      'Cerere respinsă',
    ]);
  });

  it('the brand sees pending / approved / rejected', () => {
    expect(membershipStatuses.map((status) => label('en', status, 'brand'))).toEqual(['Pending', 'Approved', 'Rejected']);
    expect(membershipStatuses.map((status) => label('ro', status, 'brand'))).toEqual(['În așteptare', 'Aprobat', 'Respins']);
  });

  it('colours pending amber, approved green, rejected red', () => {
    expect(membershipChip('pending', 'affiliate').color).toBe('warning');
    expect(membershipChip('approved', 'brand').color).toBe('success');
    expect(membershipChip('rejected', 'brand').color).toBe('error');
  });
});
