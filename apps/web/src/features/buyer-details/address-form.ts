import { addressSchema, type Address, type AddressInput, type SavedAddress } from '@framewala/domain';
import type { SessionUser } from '../../lib/auth';

/** The buyer-details form validates with the server's own address schema (`POST /api/add-address`). */
export const addressFormSchema = addressSchema;

/** The form holds the schema's input; it submits the schema's output (`Address`: trimmed, phone in E.164). */
export type AddressFormValues = AddressInput;

export const ADDRESS_FIELDS = [
  'fullName',
  'phone',
  'altPhone',
  'email',
  'addressLine1',
  'addressLine2',
  'postalCode',
  'city',
  'state',
  'companyName',
  'gstin',
] as const satisfies readonly (keyof AddressFormValues)[];

export type AddressField = (typeof ADDRESS_FIELDS)[number];

export function isAddressField(value: unknown): value is AddressField {
  return typeof value === 'string' && (ADDRESS_FIELDS as readonly string[]).includes(value);
}

/** The form's starting values: the saved address, else what the account already knows (name, e-mail, mobile). */
export function initialAddressValues(saved: SavedAddress | null, user: SessionUser | null): Required<AddressFormValues> {
  if (saved) {
    return {
      fullName: saved.fullName,
      phone: saved.phone,
      altPhone: saved.altPhone,
      email: saved.email,
      addressLine1: saved.addressLine1,
      addressLine2: saved.addressLine2,
      city: saved.city,
      state: saved.state,
      country: 'IN',
      postalCode: saved.postalCode,
      companyName: saved.companyName,
      gstin: saved.gstin,
      isHyperlocal: saved.isHyperlocal,
      billingSameAsDelivery: saved.billingSameAsDelivery,
    };
  }
  return {
    fullName: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
    phone: user?.mobileNumber ?? '',
    altPhone: '',
    email: user?.email ?? '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    state: '',
    country: 'IN',
    postalCode: '',
    companyName: '',
    gstin: '',
    isHyperlocal: false,
    billingSameAsDelivery: true,
  };
}

export type { Address };
