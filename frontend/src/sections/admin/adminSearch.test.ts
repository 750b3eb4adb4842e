import { describe, expect, it } from 'vitest';
import {
  brandName,
  filterAffiliates,
  filterBrands,
  filterCampaigns,
  filterConversions,
  filterDiscountCodes,
  filterTrackingLinks,
} from './adminSearch';

const brands = [
  { id: 'b-1111', name: 'Ada Shoes', company_name: 'Ada Shoes', domain: 'ada-shoes.ro', public_id: 'zebra-public' },
  { id: 'b-2222', name: 'Bob Bikes', company_name: 'Bob Bikes', domain: null, public_id: 'bob' },
];
const affiliates = [
  { id: 'a-1111', name: 'Ion Popescu', email: 'ion@example.com', user_id: 'u-zebra' },
  { id: 'a-2222', name: 'Maria Ionescu', email: 'maria@mail.ro', user_id: null },
];
const campaigns = [
  { id: 'c-1111', name: 'Summer Sale', description: 'zebra stripes', brand_name: 'Ada Shoes', status: 'active' },
  { id: 'c-2222', name: 'Winter Boots', description: '', brand_name: 'Bob Bikes', status: 'paused' },
];

const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('admin search (seed section 5)', () => {
  it('matches brands on name, domain and id, case-insensitively', () => {
    expect(ids(filterBrands(brands, 'ADA'))).toEqual(['b-1111']);
    expect(ids(filterBrands(brands, 'shoes.RO'))).toEqual(['b-1111']);
    expect(ids(filterBrands(brands, 'b-2222'))).toEqual(['b-2222']);
    expect(ids(filterBrands(brands, 'bikes'))).toEqual(['b-2222']);
  });

  it('does not match brands on other fields', () => {
    expect(filterBrands(brands, 'zebra')).toEqual([]);
  });

  it('matches affiliates on name, email and id only', () => {
    expect(ids(filterAffiliates(affiliates, 'ionescu'))).toEqual(['a-2222']);
    expect(ids(filterAffiliates(affiliates, 'ion'))).toEqual(['a-1111', 'a-2222']);
    expect(ids(filterAffiliates(affiliates, '@MAIL.ro'))).toEqual(['a-2222']);
    expect(ids(filterAffiliates(affiliates, 'a-1111'))).toEqual(['a-1111']);
    expect(filterAffiliates(affiliates, 'zebra')).toEqual([]);
  });

  it('matches campaigns on name and id only', () => {
    expect(ids(filterCampaigns(campaigns, 'summer'))).toEqual(['c-1111']);
    expect(ids(filterCampaigns(campaigns, 'C-2222'))).toEqual(['c-2222']);
    expect(filterCampaigns(campaigns, 'zebra')).toEqual([]);
    expect(filterCampaigns(campaigns, 'Ada Shoes')).toEqual([]);
    expect(filterCampaigns(campaigns, 'paused')).toEqual([]);
  });

  it('matches conversions on order id, customer email, affiliate id and id only', () => {
    const conversions = [
      { id: 'v-1111', order_id: '5512', customer_email: 'Ana@Shop.ro', affiliate_id: 'a-1111', campaign_name: 'Zebra' },
      { id: 'v-2222', order_id: 'A-77', customer_email: '', affiliate_id: null, campaign_name: 'Summer' },
    ];
    expect(ids(filterConversions(conversions, '551'))).toEqual(['v-1111']);
    expect(ids(filterConversions(conversions, 'ana@shop'))).toEqual(['v-1111']);
    expect(ids(filterConversions(conversions, 'A-1111'))).toEqual(['v-1111']);
    expect(ids(filterConversions(conversions, 'v-2222'))).toEqual(['v-2222']);
    expect(ids(filterConversions(conversions, 'a-77'))).toEqual(['v-2222']);
    expect(filterConversions(conversions, 'zebra')).toEqual([]);
    expect(filterConversions(conversions, ' ')).toBe(conversions);
  });

  it('matches discount codes on code, affiliate id, brand id and id only', () => {
    const codes = [
      { id: 'd-1111', code: 'SUMMER10', affiliate_id: 'a-1111', brand_id: 'b-1111', campaign_name: 'Winter' },
      { id: 'd-2222', code: 'ion-5', affiliate_id: 'a-2222', brand_id: 'b-2222', campaign_name: 'Summer' },
    ];
    expect(ids(filterDiscountCodes(codes, 'summer'))).toEqual(['d-1111']);
    expect(ids(filterDiscountCodes(codes, 'A-2222'))).toEqual(['d-2222']);
    expect(ids(filterDiscountCodes(codes, 'b-1111'))).toEqual(['d-1111']);
    expect(ids(filterDiscountCodes(codes, 'd-2222'))).toEqual(['d-2222']);
    expect(filterDiscountCodes(codes, 'winter')).toEqual([]);
    expect(filterDiscountCodes(codes, '')).toBe(codes);
  });

  it('matches tracking links on name, destination, affiliate id and id only', () => {
    const links = [
      { id: 't-1111', name: 'Newsletter', destination_url: 'https://ada.ro/sale', affiliate_id: 'a-1111', short_code: 'XyZ12345' },
      { id: 't-2222', name: 'Instagram', destination_url: 'https://bob.ro/bikes', affiliate_id: 'a-2222', short_code: 'AbC98765' },
    ];
    expect(ids(filterTrackingLinks(links, 'NEWS'))).toEqual(['t-1111']);
    expect(ids(filterTrackingLinks(links, 'bob.ro'))).toEqual(['t-2222']);
    expect(ids(filterTrackingLinks(links, 'a-1111'))).toEqual(['t-1111']);
    expect(ids(filterTrackingLinks(links, 't-2222'))).toEqual(['t-2222']);
    expect(filterTrackingLinks(links, 'xyz12345')).toEqual([]);
    expect(filterTrackingLinks(links, ' ')).toBe(links);
  });

  it('an empty or blank search shows everything', () => {
    expect(filterBrands(brands, '')).toBe(brands);
    expect(filterAffiliates(affiliates, '   ')).toBe(affiliates);
    expect(filterCampaigns(campaigns, '')).toBe(campaigns);
  });

  it('shows the company name as the brand name', () => {
    expect(brandName({ name: 'x', company_name: 'Ada Shoes' })).toBe('Ada Shoes');
    expect(brandName({ name: 'Only Name', company_name: '' })).toBe('Only Name');
  });
});
