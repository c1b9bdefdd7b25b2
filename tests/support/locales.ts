import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@shared/contracts/languages';

export const LOCALES_DIR = join(process.cwd(), 'locales');

/** The namespaces present for a language (file names without .json). */
export function namespaces(language: Language): string[] {
  return readdirSync(join(LOCALES_DIR, language))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

/** A locale file as written, read from disk rather than through the code under test. */
export function readLocale(language: Language, namespace: string): Record<string, any> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8'));
}

export { LANGUAGES };

/** Words with their {{placeholders}} filled, as i18next shows them. */
export function fillWords(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
