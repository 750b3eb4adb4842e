// A type-level test, run by `npm run typecheck` (tsc), never imported: each @ts-expect-error below
// is a mistyped key that must stay a type error. Without the CustomTypeOptions of i18next.d.ts
// these lines compile, and tsc fails on the unused @ts-expect-error directives.
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TextKey } from './keys';

export function useMistypedKeysFail(): string[] {
  const { t } = useTranslation(['campaigns', 'common']);
  const texts = [t('dialog.createTitle'), t('common:appName'), i18n.t('common:appName'), i18n.t('rules.required', { ns: 'errors' })];
  // @ts-expect-error a mistyped key of a loaded namespace
  texts.push(t('common:appNameTYPO'));
  // @ts-expect-error a mistyped key of the first namespace
  texts.push(t('dialog.createTitleTYPO'));
  // @ts-expect-error a mistyped key through the i18n instance
  texts.push(i18n.t('common:appNameTYPO'));
  const known: TextKey<'errors'> = 'rules.maxLengthLimit';
  // @ts-expect-error a mistyped key of a namespace's key type
  const unknown: TextKey<'errors'> = 'rules.maxLengthLimitTYPO';
  return [...texts, known, unknown];
}
