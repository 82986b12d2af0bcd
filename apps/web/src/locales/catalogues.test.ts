// @vitest-environment node
/**
 * The message catalogues stay whole: every text the code marks for translation is in the catalogues (the extractor's
 * view of the code equals what is committed), English and Hindi hold the same keys, and every Hindi entry is written.
 * A missing or stale entry fails here with its text, so a new string cannot ship untranslated.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_NAMES } from '../lib/i18n';

const configPath = fileURLToPath(new URL('../../lingui.config.ts', import.meta.url));
const config = getConfig({ configPath, cwd: path.dirname(configPath), skipValidation: true });

describe('message catalogues', async () => {
  const catalogues = await getCatalogs(config);

  it('are the ones the app loads (one per customer feature, and common)', () => {
    expect(catalogues.map((catalogue) => path.basename(catalogue.path)).sort()).toEqual([...CATALOGUE_NAMES].sort());
  });

  it('give a text that several catalogues share the same Hindi everywhere (a page loading two would otherwise show either)', async () => {
    const hindi = new Map<string, Set<string>>();
    for (const catalogue of catalogues) {
      const { hi = {} } = await catalogue.readAll(['hi']);
      for (const entry of Object.values(hi)) {
        if (entry.obsolete || !entry.message) continue;
        const seen = hindi.get(entry.message) ?? new Set<string>();
        seen.add(entry.translation ?? '');
        hindi.set(entry.message, seen);
      }
    }
    const differing = [...hindi]
      .filter(([, translations]) => translations.size > 1)
      .map(([message, translations]) => [message, [...translations]]);
    expect(differing).toEqual([]);
  });

  for (const catalogue of catalogues) {
    const name = path.basename(catalogue.path);

    it(`${name}: English and Hindi have the same keys, and every Hindi text is written`, async () => {
      const { en = {}, hi = {} } = await catalogue.readAll(['en', 'hi']);
      expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
      const untranslated = Object.values(hi)
        .filter((entry) => !entry.obsolete && !entry.translation?.trim())
        .map((entry) => entry.message);
      expect(untranslated).toEqual([]);
    });

    it(`${name}: holds exactly the texts the code marks for translation`, async () => {
      const extracted = await catalogue.collect();
      expect(extracted).not.toBe(false);
      // A text written in the code is its own key; a domain code or state id keeps its English as the translation.
      const inCode = Object.entries(extracted || {})
        .map(([id, entry]) => `${id}: ${entry.message ?? ''}`)
        .sort();
      const { en = {} } = await catalogue.readAll(['en']);
      const committed = Object.entries(en)
        .filter(([, entry]) => !entry.obsolete)
        .map(([id, entry]) => `${id}: ${entry.message ?? entry.translation ?? ''}`)
        .sort();
      expect(committed, 'run `npm run i18n:extract -w apps/web` and write the Hindi').toEqual(inCode);
    }, 60_000);
  }
});
