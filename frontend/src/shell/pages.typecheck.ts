// A type-level test, run by `npm run typecheck` (tsc), never imported: PageId is the registry's ids,
// so an id no entry of `pages` has is a type error.
import type { PageId } from './pages';

export const knownPages: PageId[] = ['dashboard', 'discount-codes', 'docs'];
// @ts-expect-error no page has this id
export const unknownPage: PageId = 'dashbord';
