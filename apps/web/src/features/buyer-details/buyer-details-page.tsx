import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  ADDRESS_LOAD_FAILED_MESSAGE,
  ADDRESS_SAVE_FAILED_MESSAGE,
  ADDRESS_SAVED_MESSAGE,
  INVALID_PINCODE_MESSAGE,
  PINCODE_LOOKUP_FAILED_MESSAGE,
  type Address,
  type SavedAddress,
} from '@framewala/domain';
import { primaryButton, secondaryButton } from '../../components/button-styles';
import { ArrowRightIcon } from '../../components/icons';
import { isApiError, type ApiError } from '../../lib/api';
import { errorText } from '../../lib/error-messages';
import { isKnownFormMessage } from '../../lib/form-messages';
import { activeLocale, i18n } from '../../lib/i18n';
import { stateName } from '../../lib/state-names';
import { useSession, type SessionUser } from '../../lib/auth';
import { ACCOUNT_QUERY_KEY } from '../../lib/auth-api';
import { paymentStepPath, sourcePagePath, useCheckoutSource } from '../../lib/checkout/checkout-source';
import { Checkbox, FormAlert, TextField } from '../../components/form-controls';
import { showToast } from '../../components/toast-store';
import { addressFormSchema, initialAddressValues, isAddressField, type AddressFormValues } from './address-form';
import { addressQueryOptions, saveAddress } from '../../lib/address/address-api';
import { OrderAside } from '../../components/order-aside';
import { OrderSteps } from '../../components/order-steps';
import { PhoneField } from './phone-field';
import { usePincodeLookup } from './use-pincode-lookup';
import { StateSelect } from './state-select';

/** The domain's notices about the saved address, in the customer's language. */
const ADDRESS_NOTICES: Record<
  typeof ADDRESS_LOAD_FAILED_MESSAGE | typeof ADDRESS_SAVE_FAILED_MESSAGE | typeof ADDRESS_SAVED_MESSAGE,
  MessageDescriptor
> = {
  [ADDRESS_LOAD_FAILED_MESSAGE]: msg`Failed to fetch address. Please try again.`,
  [ADDRESS_SAVE_FAILED_MESSAGE]: msg`Failed to save address. Please try again.`,
  [ADDRESS_SAVED_MESSAGE]: msg`Address saved successfully!`,
};

const SAVE_REFUSED = msg`The address could not be saved. Please check it and try again.`;

/**
 * A refusal of the address as the form shows it: a form message as it came (the field shows it in the active
 * language), else the message of the error's code; on an English page the server's own words.
 */
function refusalText(error: ApiError): string {
  if (isKnownFormMessage(error.message)) return error.message;
  return errorText(error, activeLocale() === 'en' ? error.message : i18n._(SAVE_REFUSED));
}

/**
 * Buyer details: who the frame is for and where it goes. Mounted at
 * /checkout; Next saves and goes to the payment step (/checkout/pay). Sign-in required (the route guards it).
 */
export function BuyerDetailsPage() {
  const session = useSession();
  const user = session?.user ?? null;
  if (!session || !user) return <MissingUserDetails />;
  // Keyed by user: another account signing in in another tab starts from a fresh form.
  return <BuyerDetailsForm key={user._id} user={user} />;
}

function BuyerDetailsForm({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  // Which order these details are for (the editor's frame, or the whole cart): the payment step is that one's.
  const source = useCheckoutSource();
  const queryClient = useQueryClient();
  const headingId = useId();
  const addressHeadingId = useId();
  const [serverError, setServerError] = useState<string | null>(null);

  const addressQuery = useQuery(addressQueryOptions(user._id));

  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    getValues,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty, isSubmitted },
  } = useForm<AddressFormValues, unknown, Address>({
    resolver: zodResolver(addressFormSchema),
    defaultValues: initialAddressValues(null, user),
  });

  // The pincode that the current City and State belong to; typing another pincode clears them.
  const placeFor = useRef<string>('');

  // Seed §2: on load the saved address is merged into the form (unless the customer has started typing).
  const loadedAddress = addressQuery.data;
  const addressLoaded = addressQuery.isSuccess;
  useEffect(() => {
    if (!addressLoaded || isDirty) return;
    const values = initialAddressValues(loadedAddress ?? null, user);
    placeFor.current = values.postalCode;
    reset(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the saved address arrives
  }, [addressLoaded, loadedAddress]);

  const loadFailed = addressQuery.isError && !(isApiError(addressQuery.error) && addressQuery.error.status === 401);
  useEffect(() => {
    if (loadFailed) showToast(i18n._(ADDRESS_NOTICES[ADDRESS_LOAD_FAILED_MESSAGE]), { tone: 'error' });
  }, [loadFailed]);

  const pincode = watch('postalCode') ?? '';
  const lookup = usePincodeLookup(pincode);
  const manualPlace = lookup.status === 'invalid' && lookup.manualStates.length > 0;
  // The directory's name for the pincode is a district ('West Tripura'), not a town: the customer may type her town.
  const districtPlace = lookup.status === 'found' && lookup.cityEditable;
  const townsId = useId();

  useEffect(() => {
    if (lookup.status !== 'found') return;
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    // A town the customer typed (or saved) for this pincode stays where the directory only names the district.
    const keepTown = lookup.cityEditable && placeFor.current === lookup.code && getValues('city').trim() !== '';
    if (!keepTown && getValues('city') !== lookup.city) setValue('city', lookup.city, options);
    if (getValues('state') !== lookup.state) setValue('state', lookup.state, options);
    placeFor.current = lookup.code;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- react to a new lookup answer only
  }, [lookup.status, lookup.status === 'found' ? `${lookup.code}|${lookup.city}|${lookup.state}` : '']);

  const submit = (goNext: boolean) =>
    handleSubmit(async (address) => {
      setServerError(null);
      if (lookup.status === 'failed') {
        setError('postalCode', { message: PINCODE_LOOKUP_FAILED_MESSAGE });
        return;
      }
      let saved: SavedAddress;
      try {
        saved = await saveAddress(user._id, address);
      } catch (error) {
        if (isApiError(error) && error.status === 401) return; // the session is over: already on the way to sign in
        showToast(i18n._(ADDRESS_NOTICES[ADDRESS_SAVE_FAILED_MESSAGE]), { tone: 'error' });
        if (isApiError(error) && error.status === 422) {
          const field = error.details.field;
          if (isAddressField(field)) setError(field, { type: 'server', message: refusalText(error) }, { shouldFocus: true });
          else setServerError(refusalText(error));
        } else if (isApiError(error)) {
          setServerError(refusalText(error));
        }
        return;
      }
      queryClient.setQueryData(addressQueryOptions(user._id).queryKey, saved);
      // An account made by a sign-in code takes its empty names and mobile from this address: the header reads them again.
      if ((!user.firstName && !user.lastName) || !user.mobileNumber)
        void queryClient.invalidateQueries({ queryKey: [...ACCOUNT_QUERY_KEY, 'user-refresh'] });
      const values = initialAddressValues(saved, user);
      placeFor.current = values.postalCode;
      reset(values);
      showToast(i18n._(ADDRESS_NOTICES[ADDRESS_SAVED_MESSAGE]));
      if (goNext) void navigate(paymentStepPath(source));
    });

  const busy = isSubmitting || lookup.status === 'loading';
  // City and State are read-only unless the pincode is missing from the directory: their 'required' messages then
  // belong under the pincode; the server's disagreements (type 'server') still show where they are. City is also
  // typed where the directory names only the district.
  const placeError = (error: { type?: string; message?: string } | undefined) =>
    manualPlace || error?.type === 'server' ? error?.message : undefined;
  const cityEditable = manualPlace || districtPlace;
  const district = lookup.status === 'found' ? lookup.city : '';
  const towns = lookup.status === 'found' && lookup.cityEditable ? lookup.towns : [];
  const exampleTown = towns[0] ?? '';
  const cityStateMissing =
    !manualPlace && ((errors.city && errors.city.type !== 'server' && !districtPlace) || (errors.state && errors.state.type !== 'server'));
  const pincodeMessage =
    errors.postalCode?.message ??
    (lookup.status === 'invalid' ? INVALID_PINCODE_MESSAGE : undefined) ??
    (lookup.status === 'failed' ? PINCODE_LOOKUP_FAILED_MESSAGE : undefined) ??
    (cityStateMissing && lookup.status === 'idle' ? t`Enter the 6-digit pincode to fill in the city and state` : undefined);

  const { onChange: onPincodeChange, ...pincodeField } = register('postalCode');

  return (
    <>
      <title>{t`Buyer Details — Framewala`}</title>
      <div className="bg-gradient-to-b from-sand/70 to-cream">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 pt-8 pb-14 sm:px-6 sm:pt-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10">
          <div className="min-w-0">
            <OrderSteps />
            <form
              noValidate
              aria-labelledby={headingId}
              onSubmit={(event) => void submit(false)(event)}
              className="mt-5 rounded-3xl border border-ink-100 bg-white px-5 py-7 shadow-xl shadow-ink-900/5 sm:px-8 sm:py-9"
            >
              <h1 id={headingId} className="text-[2rem] leading-tight font-semibold">
                <Trans>Buyer Details</Trans>
              </h1>
              <p className="mt-2 text-ink-600">
                <Trans>Who should we contact about this order?</Trans>
              </p>

              {addressQuery.isPending ? (
                <p role="status" className="mt-4 text-sm text-ink-500">
                  <Trans>Loading your saved address…</Trans>
                </p>
              ) : null}
              {serverError ? (
                <div className="mt-5">
                  <FormAlert>{serverError}</FormAlert>
                </div>
              ) : null}

              <div className="mt-6 grid gap-5 sm:grid-cols-2">
                <TextField
                  label={t`Buyer Name`}
                  required
                  autoComplete="name"
                  containerClassName="sm:col-span-2"
                  error={errors.fullName?.message}
                  {...register('fullName')}
                />
                <Controller
                  control={control}
                  name="phone"
                  render={({ field }) => (
                    <PhoneField
                      label={t`Phone Number`}
                      required
                      name={field.name}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      error={errors.phone?.message}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="altPhone"
                  render={({ field }) => (
                    <PhoneField
                      label={t`Alternate Phone`}
                      name={field.name}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                      autoComplete="off"
                      error={errors.altPhone?.message}
                    />
                  )}
                />
                <TextField
                  label={t`Email`}
                  required
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  autoCapitalize="off"
                  spellCheck={false}
                  containerClassName="sm:col-span-2"
                  error={errors.email?.message}
                  {...register('email')}
                />
              </div>

              <h2 id={addressHeadingId} className="mt-10 border-t border-ink-100 pt-8 text-2xl font-semibold">
                <Trans>Buyer Address</Trans>
              </h2>
              <p className="mt-1.5 text-ink-600">
                <Trans>We deliver across India. Type your pincode and we fill in the city and state.</Trans>
              </p>

              <div role="group" aria-labelledby={addressHeadingId} className="mt-6 grid gap-5 sm:grid-cols-2">
                <TextField
                  label={t`Address Line 1`}
                  required
                  autoComplete="address-line1"
                  placeholder={t`House / flat number, building, street`}
                  containerClassName="sm:col-span-2"
                  error={errors.addressLine1?.message}
                  {...register('addressLine1')}
                />
                <TextField
                  label={t`Address Line 2`}
                  autoComplete="address-line2"
                  placeholder={t`Area, landmark (optional)`}
                  containerClassName="sm:col-span-2"
                  error={errors.addressLine2?.message}
                  {...register('addressLine2')}
                />
                <div>
                  <TextField
                    label={t`Pincode`}
                    required
                    inputMode="numeric"
                    autoComplete="postal-code"
                    maxLength={6}
                    error={pincodeMessage}
                    {...pincodeField}
                    onChange={(event) => {
                      const digits = event.target.value.replace(/\D/g, '').slice(0, 6);
                      event.target.value = digits;
                      if (digits !== placeFor.current) {
                        placeFor.current = '';
                        if (getValues('city') !== '') setValue('city', '', { shouldDirty: true });
                        if (getValues('state') !== '') setValue('state', '', { shouldDirty: true });
                      }
                      return onPincodeChange(event);
                    }}
                  />
                  {lookup.status === 'loading' ? (
                    <p role="status" className="mt-1.5 text-sm text-ink-500">
                      <Trans>Finding your city and state…</Trans>
                    </p>
                  ) : null}
                  {lookup.status === 'failed' ? (
                    <button
                      type="button"
                      onClick={lookup.retry}
                      className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-saffron-800 underline underline-offset-4"
                    >
                      <Trans>Try the pincode again</Trans>
                    </button>
                  ) : null}
                  {manualPlace ? (
                    <p className="mt-1.5 text-sm text-ink-600">
                      <Trans>
                        Sure it’s right? New pincodes are sometimes missing from the India Post list: type your city and choose your state.
                      </Trans>
                    </p>
                  ) : null}
                </div>
                <TextField
                  label={t`City`}
                  required
                  readOnly={!cityEditable}
                  autoComplete={cityEditable ? 'address-level2' : 'off'}
                  placeholder={manualPlace ? t`Your city or district` : districtPlace ? t`Your town` : t`Filled in from the pincode`}
                  hint={
                    districtPlace
                      ? exampleTown
                        ? t`India Post lists this pincode under the district ${district}. Type your town instead if you like, e.g. ${exampleTown}.`
                        : t`India Post lists this pincode under the district ${district}. Type your town instead if you like.`
                      : undefined
                  }
                  list={towns.length > 0 ? townsId : undefined}
                  error={districtPlace ? errors.city?.message : placeError(errors.city)}
                  {...register('city')}
                />
                {towns.length > 0 ? (
                  <datalist id={townsId}>
                    {towns.map((town) => (
                      <option key={town} value={town} />
                    ))}
                  </datalist>
                ) : null}
                {manualPlace ? (
                  <StateSelect states={lookup.manualStates} error={errors.state?.message} registration={register('state')} />
                ) : (
                  // Filled in from the pincode and read-only: it shows the state's name in the page's language, while
                  // the form keeps (and sends) the canonical name the server checks.
                  <Controller
                    control={control}
                    name="state"
                    render={({ field }) => (
                      <TextField
                        label={t`State`}
                        required
                        readOnly
                        autoComplete="off"
                        placeholder={t`Filled in from the pincode`}
                        error={placeError(errors.state)}
                        name={field.name}
                        ref={field.ref}
                        onBlur={field.onBlur}
                        value={field.value ? stateName(field.value) : ''}
                      />
                    )}
                  />
                )}
                <TextField
                  label={t`Company Name (Optional)`}
                  autoComplete="organization"
                  error={errors.companyName?.message}
                  {...register('companyName')}
                />
                <TextField
                  label={t`GSTIN (Optional)`}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={15}
                  placeholder={t`e.g. 29AAGCB7383J1Z4`}
                  hint={t`For a GST tax invoice with input tax credit. It must be registered in the state above.`}
                  error={errors.gstin?.message}
                  {...register('gstin')}
                />
                <Checkbox
                  label={t`Billing address same as delivery address`}
                  className="sm:col-span-2"
                  {...register('billingSameAsDelivery')}
                />
              </div>

              <div className="mt-8 flex flex-col-reverse gap-3 border-t border-ink-100 pt-6 sm:flex-row sm:items-center">
                <button type="button" onClick={() => navigate(sourcePagePath(source))} className={`${secondaryButton} sm:mr-auto`}>
                  <ArrowRightIcon className="h-4 w-4 rotate-180" />
                  <Trans>Back</Trans>
                </button>
                <button type="submit" disabled={busy} className={secondaryButton}>
                  {isSubmitting ? t`Saving…` : t`Save Address`}
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={(event) => void submit(true)(event)}
                  className={`${primaryButton} sm:min-w-32`}
                >
                  <Trans>Next</Trans>
                  <ArrowRightIcon className="h-4 w-4" />
                </button>
              </div>
            </form>
          </div>
          <OrderAside />
        </div>
      </div>
    </>
  );
}

/** A session whose user details are not stored yet: the header's `GET /api/user` refresh fills them in. */
function MissingUserDetails() {
  return (
    <div className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-semibold">
        <Trans>Buyer Details</Trans>
      </h1>
      <p role="status" className="mt-3 text-ink-600">
        <Trans>Loading your details…</Trans>
      </p>
    </div>
  );
}
