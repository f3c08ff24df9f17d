// Recognises a failed download of a lazily loaded script (spec §8's ChunkLoadError), across the
// wordings of Chromium, Firefox and Safari and of webpack-style loaders.
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading (CSS )?chunk [\w-]+ failed/i.test(
    error.message,
  );
}
