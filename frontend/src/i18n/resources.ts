// Both languages at once, for the tests and the types (TextKey uses the English JSON). The app itself
// never imports this module: it loads only the active language's chunk (see config.ts).
import en from './en';
import ro from './ro';

export const resources = { ro, en } as const;
