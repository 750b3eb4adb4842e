import type { ParseKeys } from 'i18next';
import type en from './en';

/** A locale namespace. */
export type Namespace = keyof typeof en;

/** A key of one namespace (plurals without their suffix), checked against the English texts: a typo fails tsc. */
export type TextKey<NS extends Namespace> = ParseKeys<NS>;
