// Accessibility gate of the browser flows: axe-core, run inside the page, against WCAG 2.1 A and AA and
// axe's best practices (landmarks, heading order, one h1, named dialogs, table headers).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

// Rules switched off for the flows; the gate's own test (a11y.test.mjs) runs with none switched off.
// Keep it empty: a screen that fails a rule is fixed, not excepted.
export const KNOWN_FAILING_RULES = [];

/** Injects axe-core. page.evaluate goes through the DevTools protocol, so the page's CSP does not block it. */
async function inject(page) {
  const present = await page.evaluate(() => typeof window.axe !== 'undefined');
  if (!present) await page.evaluate(AXE_SOURCE);
}

/** Readable list of axe violations: rule id, impact, help, and the selectors of each node. */
export function formatViolations(violations) {
  return violations
    .map((violation) => {
      const targets = violation.nodes
        .map((node) => `    - ${node.target.join(' ')}\n      ${node.html}\n      ${(node.why ?? '').replaceAll('\n', ' ')}`)
        .join('\n');
      return `  ${violation.id} [${violation.impact}] ${violation.help} (${violation.helpUrl})\n${targets}`;
    })
    .join('\n');
}

/** Runs axe on the page as it is; throws with the list of violations if there is any. */
export async function checkA11y(page, label = page.url(), { disableRules = KNOWN_FAILING_RULES } = {}) {
  await inject(page);
  // Colours are measured once the CSS transitions under way have ended (a button just clicked fades
  // to its new colours for 250 ms; axe would measure the colour half-way). Endless animations,
  // such as a spinner's, are not waited for; nothing is waited for more than a second.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
  const rules = Object.fromEntries(disableRules.map((rule) => [rule, { enabled: false }]));
  const violations = await page.evaluate(
    async ({ tags, rules }) => {
      const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] });
      // MUI renders a tooltip in a portal at the end of <body>, outside every landmark. It is not
      // loose content: the control it belongs to points at it (aria-describedby).
      const describesItsControl = (id, target) =>
        id === 'region' && document.querySelector(target)?.closest('[role="tooltip"]') !== null;
      return result.violations
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          helpUrl: v.helpUrl,
          nodes: v.nodes.filter((n) => !describesItsControl(v.id, String(n.target[0]))).map((n) => ({ target: n.target.map(String), html: n.html.slice(0, 160), why: n.failureSummary })),
        }))
        .filter((v) => v.nodes.length > 0);
    },
    { tags: TAGS, rules },
  );
  if (violations.length > 0 && process.env.A11Y_COLLECT) {
    // Survey mode: record the violations to a file instead of failing.
    const { appendFileSync } = await import('node:fs');
    appendFileSync(process.env.A11Y_COLLECT, `${JSON.stringify({ label, violations })}\n`);
    return;
  }
  if (violations.length > 0) {
    throw new Error(`Accessibility violations on ${label}:\n${formatViolations(violations)}`);
  }
}

/** Checks the page in the light and the dark colour scheme (the app follows the system's unless told otherwise). */
export async function checkA11yBothThemes(page, label) {
  const scheme = await page.evaluate(() => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
  const other = scheme === 'dark' ? 'light' : 'dark';
  await checkA11y(page, `${label} (${scheme})`);
  await page.emulateMedia({ colorScheme: other });
  try {
    // Let the theme repaint and MUI's transitions settle.
    await page.waitForTimeout(500);
    await checkA11y(page, `${label} (${other})`);
  } finally {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(100);
  }
}
