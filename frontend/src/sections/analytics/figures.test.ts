import { describe, expect, it } from 'vitest';
import { metricLabel, trendOf } from './figures';

describe('trendOf', () => {
  it('compares exactly, in whole percent rounded half up', () => {
    expect(trendOf('150.00', '100.00')).toEqual({ kind: 'up', change: '50' });
    expect(trendOf(5, 8)).toEqual({ kind: 'down', change: '38' });
    expect(trendOf('0.30', '0.20')).toEqual({ kind: 'up', change: '50' });
    expect(trendOf('100.01', '100.00')).toEqual({ kind: 'up', change: '0' });
    expect(trendOf('1.005', '1')).toEqual({ kind: 'same' });
  });
  it('tells a figure that is new from one that is nothing both times', () => {
    expect(trendOf(3, 0)).toEqual({ kind: 'new' });
    expect(trendOf('0.00', '0.00')).toEqual({ kind: 'none' });
    expect(trendOf(7, 7)).toEqual({ kind: 'same' });
  });
});

describe('metricLabel', () => {
  it('names the locale key of an API field', () => {
    expect(metricLabel('conversion_rate')).toBe('metrics.conversionRate');
    expect(metricLabel('clicks')).toBe('metrics.clicks');
  });
});
