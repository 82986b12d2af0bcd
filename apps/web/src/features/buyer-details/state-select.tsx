import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { type useForm } from 'react-hook-form';
import { type Address } from '@framewala/domain';
import { stateName } from '../../lib/state-names';
import { FieldFrame, inputClass } from '../../components/form-controls';
import { describedBy } from '../../components/field-ids';
import { type AddressFormValues } from './address-form';

export function StateSelect({
  states,
  error,
  registration,
}: {
  states: readonly string[];
  error?: string;
  registration: ReturnType<ReturnType<typeof useForm<AddressFormValues, unknown, Address>>['register']>;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <FieldFrame id={id} label={t`State`} required error={error}>
      <select
        id={id}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={`${inputClass} appearance-auto`}
        {...registration}
      >
        <option value="">{t`Choose your state`}</option>
        {/* The value stays the canonical English name the server expects; the option reads in the page's language. */}
        {states.map((state) => (
          <option key={state} value={state}>
            {stateName(state)}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
