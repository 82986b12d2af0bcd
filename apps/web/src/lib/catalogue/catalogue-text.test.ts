import { afterEach, describe, expect, it } from 'vitest';
import { catalogueText } from './catalogue-text';
import { activateLocale, i18n } from '../i18n';
import { borderNameText } from '../print-texts';

afterEach(() => i18n.activate('en'));

describe('catalogueText', () => {
  it('shows the English on an English page, whatever Hindi there is', () => {
    expect(catalogueText('Matte Black', 'मैट ब्लैक')).toBe('Matte Black');
    expect(catalogueText('Matte Black', null)).toBe('Matte Black');
  });

  it('shows the Hindi on a Hindi page where the shop wrote one, else the English', async () => {
    await activateLocale('hi');
    expect(catalogueText('Matte Black', 'मैट ब्लैक')).toBe('मैट ब्लैक');
    expect(catalogueText('Owner’s Blue', null)).toBe('Owner’s Blue');
    expect(catalogueText('Owner’s Blue', undefined)).toBe('Owner’s Blue');
    expect(catalogueText('Owner’s Blue', '')).toBe('Owner’s Blue');
    // A name the catalogue no longer has stays missing.
    expect(catalogueText(null, null)).toBeNull();
    expect(catalogueText(undefined, 'वॉलनट')).toBe('वॉलनट');
  });
});

describe('borderNameText', () => {
  it('prefers the Hindi the catalogue sends, then the shop’s translation of a default name, then the name as written', async () => {
    expect(borderNameText('Slim', 'पतली पट्टी')).toBe('Slim');
    await activateLocale('hi');
    expect(borderNameText('Slim', 'पतली पट्टी')).toBe('पतली पट्टी');
    expect(borderNameText('Slim', null)).toBe('पतला');
    expect(borderNameText('Slim')).toBe('पतला');
    expect(borderNameText('Rajwadi gold', null)).toBe('Rajwadi gold');
    expect(borderNameText('Rajwadi gold', 'राजवाड़ी सुनहरा')).toBe('राजवाड़ी सुनहरा');
  });
});
