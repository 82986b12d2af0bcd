import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One delivery address per customer (the buyer-details step's), replaced on each save. Optional texts are '' when empty. Phones are
 * E.164. `in_directory` is false when the pincode was not in the directory and the customer typed city and state.
 */
export const addresses = pgTable('addresses', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  phone: text('phone').notNull(),
  altPhone: text('alt_phone').notNull().default(''),
  email: text('email').notNull(),
  addressLine1: text('address_line1').notNull(),
  addressLine2: text('address_line2').notNull().default(''),
  city: text('city').notNull(),
  state: text('state').notNull(),
  country: text('country').notNull().default('IN'),
  postalCode: text('postal_code').notNull(),
  companyName: text('company_name').notNull().default(''),
  /** The buyer's GSTIN for tax invoices ('' for none), upper case. */
  gstin: text('gstin').notNull().default(''),
  isHyperlocal: boolean('is_hyperlocal').notNull().default(false),
  billingSameAsDelivery: boolean('billing_same_as_delivery').notNull().default(true),
  inDirectory: boolean('in_directory').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
