export function readClientManifest(clientDir: string): {
  manifest: {
    entry: { module: string; imports: string[]; css?: string[] };
    routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
  };
  file: string;
};
export function homeAssets(clientDir: string): { js: string[]; css: string[] };
