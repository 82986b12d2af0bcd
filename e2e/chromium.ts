import fs from 'node:fs';

/** Browser tests use the machine's Chromium; Playwright's own browser download does not work here. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) {
    throw new Error(
      `No Chromium found (looked at ${candidates.join(', ')}).\n` +
        'Install it with `apt-get install -y chromium` (Debian/Ubuntu), or set CHROME_PATH to a Chromium or Chrome executable.',
    );
  }
  return found;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
