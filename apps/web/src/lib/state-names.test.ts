import { INDIAN_STATES } from '@framewala/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from './i18n';
import { stateName } from './state-names';

afterEach(() => i18n.activate('en'));

describe('state names', () => {
  it('read as the domain names them in English', () => {
    for (const state of INDIAN_STATES) expect(stateName(state)).toBe(state);
  });

  it('have a Hindi name of their own for every state and union territory', async () => {
    await activateLocale('hi');
    for (const state of INDIAN_STATES) expect(stateName(state), state).toMatch(/^[\u0900-\u097F\s()-]+$/);
    expect(stateName('Maharashtra')).toBe('महाराष्ट्र');
  });

  it('leave a text that is not a state as it is', async () => {
    await activateLocale('hi');
    expect(stateName('Bombay Presidency')).toBe('Bombay Presidency');
  });
});
