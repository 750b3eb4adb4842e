export type ErrorSeverity = 'low' | 'medium' | 'high';

const chunkLoadFailure = /Loading chunk|ChunkLoadError|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** Low for chunk-load errors, medium for a TypeError reading a property, otherwise high. */
export function errorSeverity(error: unknown): ErrorSeverity {
  if (!(error instanceof Error)) return 'high';
  if (error.name === 'ChunkLoadError' || chunkLoadFailure.test(error.message)) return 'low';
  if (error instanceof TypeError && /reading '|Cannot read propert|undefined is not an object/i.test(error.message)) {
    return 'medium';
  }
  return 'high';
}

/** A short id the user can quote to support; it is also logged with the error. */
export function newErrorId(): string {
  const random = Math.random().toString(36).slice(2, 8).toUpperCase();
  return `ERR-${Date.now().toString(36).toUpperCase()}-${random}`;
}
