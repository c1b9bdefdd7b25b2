import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = process.cwd();
const ALIASES: Record<string, string> = {
  '@shared/': 'shared/',
  '@server/': 'server/',
  '@console/': 'console/',
  '@locales/': 'locales/',
  '@tests/': 'tests/',
};
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

/** The file an import names, when it is one of ours (relative or through an alias). */
function resolveImport(from: string, specifier: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) base = join(ROOT, folder, specifier.slice(alias.length));
  }
  if (!base) return null;
  for (const extension of EXTENSIONS) {
    const path = base + extension;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return null;
}

async function addFolder(hash: ReturnType<typeof createHash>, folder: string) {
  const entries = await readdir(folder, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await addFolder(hash, path);
    else hash.update(relative(ROOT, path)).update(await readFile(path));
  }
}

/**
 * A digest of the given folders and of every source file the entry modules import, directly or
 * not: what a prepared database depends on, so a cache of it is rebuilt exactly when that changes.
 */
export async function sourceDigest(options: {
  folders?: string[];
  /** Files taken as they are, without what they import. */
  files?: string[];
  entries?: string[];
}): Promise<string> {
  const hash = createHash('sha256');
  for (const folder of options.folders ?? []) await addFolder(hash, folder);
  const seen = new Set<string>((options.files ?? []).map((file) => resolve(ROOT, file)));
  const queue = (options.entries ?? []).map((entry) => resolve(ROOT, entry));
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveImport(file, match[1] as string);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  for (const file of [...seen].sort())
    hash.update(relative(ROOT, file)).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}
