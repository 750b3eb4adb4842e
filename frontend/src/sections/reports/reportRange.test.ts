import { describe, expect, it } from 'vitest';
import { presetDays, rangeProblem } from './reportRange';

describe('report ranges', () => {
  it('counts a preset back from today, today included, in UTC days', () => {
    const today = new Date('2026-03-01T23:30:00Z');
    expect(presetDays('7d', today)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetDays('365d', today)).toEqual({ from: '2025-03-02', to: '2026-03-01' });
  });

  it('refuses a chosen period without both days, backwards, or longer than 366 days', () => {
    expect(rangeProblem({ preset: '30d', from: '', to: '' })).toBeNull();
    expect(rangeProblem({ preset: 'custom', from: '2026-01-01', to: '' })).toBe('reports.range.missing');
    expect(rangeProblem({ preset: 'custom', from: '2026-02-01', to: '2026-01-01' })).toBe('reports.range.order');
    expect(rangeProblem({ preset: 'custom', from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ preset: 'custom', from: '2024-01-01', to: '2025-01-01' })).toBe('reports.range.tooLong');
  });
});
