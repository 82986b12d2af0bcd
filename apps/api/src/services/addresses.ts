import { eq, sql } from 'drizzle-orm';
import { checkAddressPlace, ShopError, stateInPincodeZone, type Address, type SavedAddress } from '@framewala/domain';
import type { Database } from '../db/client';
import { addresses } from '../db/schema';
import { postOfficesFor } from './pincode';

type AddressRow = typeof addresses.$inferSelect;

function savedAddress(row: AddressRow): SavedAddress {
  return {
    fullName: row.fullName,
    phone: row.phone,
    altPhone: row.altPhone,
    email: row.email,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state as SavedAddress['state'],
    country: 'IN',
    postalCode: row.postalCode,
    companyName: row.companyName,
    gstin: row.gstin,
    isHyperlocal: row.isHyperlocal,
    billingSameAsDelivery: row.billingSameAsDelivery,
  };
}

export async function findAddress(database: Database, userId: string): Promise<SavedAddress | null> {
  const [row] = await database.db.select().from(addresses).where(eq(addresses.userId, userId)).limit(1);
  return row ? savedAddress(row) : null;
}

/**
 * Checks that the pincode, city and state agree (422 ADDRESS_MISMATCH naming the field otherwise). A pincode the
 * directory has must match one of its post offices; one it lacks (newer pincodes) is accepted with the customer's
 * city and state when the state lies in the pincode's zone. Says whether the directory vouched for it.
 */
export async function checkAddress(address: Address): Promise<{ inDirectory: boolean }> {
  const offices = await postOfficesFor(address.postalCode);
  if (offices) {
    const check = checkAddressPlace(address.city, address.state, offices);
    if (!check.ok) throw new ShopError('ADDRESS_MISMATCH', check.message, { field: check.field });
    return { inDirectory: true };
  }
  if (!stateInPincodeZone(address.postalCode, address.state)) {
    throw new ShopError(
      'ADDRESS_MISMATCH',
      `Pincodes starting with ${address.postalCode.charAt(0)} are not in ${address.state}. Please check the pincode and state.`,
      {
        field: 'state',
      },
    );
  }
  return { inDirectory: false };
}

/** Saves the customer's one address (replacing the previous one) after checking it. */
export async function saveAddress(database: Database, userId: string, address: Address): Promise<SavedAddress> {
  const { inDirectory } = await checkAddress(address);
  const values = { ...address, inDirectory };
  const [row] = await database.db
    .insert(addresses)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: addresses.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return savedAddress(row!);
}
