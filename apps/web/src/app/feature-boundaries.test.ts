// @vitest-environment node
/**
 * The lint configuration keeps the web features flat: `npm run lint` fails on a feature importing another feature,
 * on components/ or lib/ importing a feature, and on an import cycle; it passes on files that keep to the rule.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const web = path.join(repo, 'apps/web/src');

// A temporary feature folder: created before ESLint reads its configuration (which lists the features), removed after.
const probeFeature = `lint-probe-${randomBytes(4).toString('hex')}`;
const probeDir = path.join(web, 'features', probeFeature);
fs.mkdirSync(probeDir);
afterAll(() => fs.rmSync(probeDir, { recursive: true, force: true }));

const eslint = new ESLint({ cwd: repo });

async function lint(relativePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(web, relativePath) });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('flat web features (lint)', { timeout: 120_000 }, () => {
  it('fails a feature that imports another feature', async () => {
    const messages = await lint(
      'features/checkout/probe.ts',
      "import { HomePage } from '../home/home-page';\nexport const probe = HomePage;\n",
    );
    expect(messages).toEqual([{ rule: 'import-x/no-restricted-paths', message: expect.stringContaining('never imports another feature') }]);
  });

  it('fails components/ and lib/ importing a feature', async () => {
    const fromComponents = await lint(
      'components/probe.ts',
      "import { HomePage } from '../features/home/home-page';\nexport const probe = HomePage;\n",
    );
    const fromLib = await lint(
      'lib/probe.ts',
      "import { CheckoutPage } from '../features/checkout/checkout-page';\nexport const probe = CheckoutPage;\n",
    );
    expect(fromComponents.map((m) => m.rule)).toEqual(['import-x/no-restricted-paths']);
    expect(fromLib.map((m) => m.rule)).toEqual(['import-x/no-restricted-paths']);
  });

  it('passes a feature that imports its own files, components/, lib/ and the domain', async () => {
    const code = [
      "import { formatInr } from '@framewala/domain';",
      "import { primaryButton } from '../../components/button-styles';",
      "import { api } from '../../lib/api';",
      "import { createOrderBody } from './checkout-model';",
      'export const probe = [formatInr, primaryButton, api, createOrderBody];',
      '',
    ].join('\n');
    expect(await lint('features/checkout/probe.ts', code)).toEqual([]);
  });

  it('fails an import cycle', async () => {
    fs.writeFileSync(path.join(probeDir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    fs.writeFileSync(path.join(probeDir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const messages = await lint(`features/${probeFeature}/a.ts`, fs.readFileSync(path.join(probeDir, 'a.ts'), 'utf8'));
    expect(messages.map((m) => m.rule)).toEqual(['import-x/no-cycle']);
  });
});
