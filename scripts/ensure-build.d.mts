export type BuildPart = 'web' | 'server';
/** The folders and files each part of the build is made from, relative to the project. */
export const buildInputs: Record<BuildPart, string[]>;
/** A hash of the names and contents of the input files (tests excluded) under `root`. */
export function hashInputs(inputs: string[], root?: string): string;
/** The parts whose output is missing or was built from other inputs, and the inputs' hashes. */
export function staleParts(options?: { root?: string; dir?: string }): {
  stale: BuildPart[];
  hashes: Record<BuildPart, string>;
};
/** The stale parts of `parts` to build, in order, and the server bundle after any web build. */
export function buildPlan(stale: BuildPart[], parts: BuildPart[]): BuildPart[];
/** Records in `dir` which inputs its build was made from. */
export function writeStamp(dir: string, hashes: Partial<Record<BuildPart, string>>): void;
/** Builds those of `parts` (default: both) that are stale, all with `force`, under one lock. */
export function ensureBuild(options?: {
  parts?: BuildPart[];
  force?: boolean;
  log?: (line: string) => void;
}): Promise<BuildPart[]>;
