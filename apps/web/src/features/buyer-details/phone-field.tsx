import { useLingui } from '@lingui/react/macro';
import { useId, useMemo } from 'react';
import type { CSSProperties, Ref } from 'react';
import PhoneInput, { getCountries } from 'react-phone-number-input';
import type { Country, Labels } from 'react-phone-number-input';
// The flags are bundled as React SVG components: the input never fetches a flag image from a CDN (its default).
import flags from 'react-phone-number-input/flags';
import 'react-phone-number-input/style.css';
import { DEFAULT_PHONE_COUNTRY } from '@framewala/domain';
import { FieldFrame } from '../../components/form-controls';
import { describedBy } from '../../components/field-ids';
import { activeLocaleTag } from '../../lib/i18n';

type PhoneFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name: string;
  required?: boolean;
  error?: string;
  hint?: string;
  autoComplete?: string;
  ref?: Ref<HTMLInputElement>;
};

// The library's own stylesheet handles the country <select> laid over the flag; these variables give it our colours.
const PHONE_INPUT_VARS = {
  '--PhoneInput-color--focus': 'var(--color-saffron-600)',
  '--PhoneInputCountryFlag-height': '1.15em',
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS colour
  '--PhoneInputCountryFlag-borderColor': 'rgba(36, 29, 24, 0.25)',
  '--PhoneInputCountrySelectArrow-opacity': '0.7',
} as CSSProperties;

/**
 * An international phone input (react-phone-number-input), India by default, giving E.164 ('+919876543210').
 * The number is validated by the form's shared schema (libphonenumber-js), not here.
 */
export function PhoneField({ label, value, onChange, onBlur, name, required, error, hint, autoComplete = 'tel', ref }: PhoneFieldProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const fieldName = label.replace(/\s*\*$/, '');
  const locale = i18n.locale;
  const international = t`International`;
  // The country list in the page's language (the library ships English names only); English keeps its own.
  const labels = useMemo<Labels | undefined>(() => {
    if (locale === 'en') return undefined;
    const names = new Intl.DisplayNames([activeLocaleTag()], { type: 'region' });
    const byCountry: Labels = { ZZ: international };
    for (const country of getCountries()) byCountry[country] = names.of(country) ?? country;
    return byCountry;
  }, [locale, international]);
  return (
    <FieldFrame id={id} label={label} required={required} error={error} hint={hint}>
      <PhoneInput
        // The library forwards the ref to its <input> (the form focuses it on an error); its types say otherwise.
        ref={ref as never}
        id={id}
        name={name}
        value={value === '' ? undefined : value}
        onChange={(next) => onChange(next ?? '')}
        onBlur={onBlur}
        defaultCountry={DEFAULT_PHONE_COUNTRY as Country}
        flags={flags}
        labels={labels}
        // Never used while `flags` covers every country; kept local so nothing can reach a CDN.
        // eslint-disable-next-line lingui/no-unlocalized-strings -- an empty data: URL
        flagUrl="data:,"
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        countrySelectProps={{ 'aria-label': t`${fieldName}: country` }}
        style={PHONE_INPUT_VARS}
        className={`flex min-h-12 w-full items-center gap-1 rounded-xl border bg-white pl-3.5 shadow-sm shadow-ink-900/5 focus-within:border-saffron-500 focus-within:ring-3 focus-within:ring-saffron-200 ${
          error ? 'border-red-500 focus-within:ring-red-100' : 'border-ink-200'
        }`}
        numberInputProps={{
          className:
            'min-h-11 min-w-0 flex-1 rounded-r-xl bg-transparent px-2.5 text-base text-ink-900 placeholder:text-ink-400 focus:outline-none focus-visible:outline-none',
        }}
      />
    </FieldFrame>
  );
}
