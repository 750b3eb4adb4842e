import { decomposeColor, getContrastRatio, getOverlayAlpha, recomposeColor } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme, focusRing } from './appTheme';

/** The colour of `overlay` at `opacity` painted over `base` (how dark mode lightens raised paper). */
function over(base: string, overlay: string, opacity: number): string {
  const below = decomposeColor(base).values;
  const above = decomposeColor(overlay).values;
  const mixed = below.slice(0, 3).map((value, i) => Math.round(value * (1 - opacity) + above[i] * opacity));
  return recomposeColor({ type: 'rgb', values: [mixed[0], mixed[1], mixed[2]] });
}

describe('focus ring', () => {
  for (const mode of ['light', 'dark'] as const) {
    const theme = createAppTheme(mode);
    const ring = focusRing(theme);
    const colour = ring.outline.replace(/^2px solid /, '');

    it(`is a solid outline at least 2px wide in the ${mode} theme`, () => {
      expect(ring.outline).toMatch(/^(\d+)px solid /);
      expect(Number(/^(\d+)px/.exec(ring.outline)?.[1])).toBeGreaterThanOrEqual(2);
    });

    // WCAG 1.4.11: the indicator reaches 3:1 against what surrounds it: the page, cards and sidebar,
    // and a dialog (dark mode paints raised paper lighter: MUI's overlay at a dialog's elevation 24).
    const surfaces: Record<string, string> = {
      page: theme.palette.background.default,
      paper: theme.palette.background.paper,
      dialog: mode === 'dark' ? over(theme.palette.background.paper, '#fff', getOverlayAlpha(24)) : theme.palette.background.paper,
    };
    for (const [surface, background] of Object.entries(surfaces)) {
      it(`stands out 3:1 on the ${surface} in the ${mode} theme`, () => {
        expect(getContrastRatio(colour, background)).toBeGreaterThanOrEqual(3);
      });
    }
  }
});

describe('coloured controls', () => {
  for (const mode of ['light', 'dark'] as const) {
    const { palette } = createAppTheme(mode);
    for (const name of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
      // WCAG 1.4.3: a contained button's or a filled chip's label on its colour.
      it(`${name} labels reach 4.5:1 on their colour in the ${mode} theme`, () => {
        expect(getContrastRatio(palette[name].contrastText, palette[name].main)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});

describe("MUI's own texts", () => {
  it('follow the interface language: the pager in Romanian or English', () => {
    const label = (language: string) => createAppTheme('light', language).components?.MuiTablePagination?.defaultProps?.getItemAriaLabel?.('previous');
    expect(label('ro')).toBe('Mergi la pagina precedentă');
    // English is MUI's built-in text ('Go to previous page').
    expect(label('en')).toBeUndefined();
  });
});
