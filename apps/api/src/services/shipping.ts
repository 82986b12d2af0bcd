import {
  arrivesBy,
  DEFAULT_SHIPPING_SETTINGS,
  quoteShipping,
  shippingZoneOf,
  type ArrivesBy,
  type Paise,
  type ShippingSettings,
  type ShippingZone,
} from '@framewala/domain';
import type { Database } from '../db/client';
import { shippingSettings } from '../db/schema';
import { postOfficesFor } from './pincode';

/**
 * Shipping for an order or a quote: the pincode's zone from the directory, the owner's settings from the database (a
 * short in-process cache, like the catalogue's) and the domain's charge and delivery window.
 */

/** How long a server keeps the settings it read; an edit on another server reaches it within this. */
export const SHIPPING_SETTINGS_TTL_MS = 1_000;

interface CachedSettings {
  settings: Promise<ShippingSettings>;
  readAt: number;
}

const cache = new WeakMap<Database, CachedSettings>();

async function readSettings(database: Database): Promise<ShippingSettings> {
  const [row] = await database.db.select().from(shippingSettings).limit(1);
  if (!row) return { ...DEFAULT_SHIPPING_SETTINGS };
  return {
    metroPaise: row.metroPaise,
    elsewherePaise: row.elsewherePaise,
    freeFromPaise: row.freeFromPaise,
    oversizePaise: row.oversizePaise,
    oversizeAboveInches: row.oversizeAboveInches,
  };
}

/** The owner's shipping settings (the domain's defaults until the owner saves some), cached for a second. */
export function shippingSettingsOf(database: Database): Promise<ShippingSettings> {
  const now = performance.now();
  const cached = cache.get(database);
  if (cached && now - cached.readAt < SHIPPING_SETTINGS_TTL_MS) return cached.settings;
  const settings = readSettings(database);
  cache.set(database, { settings, readAt: now });
  // A failed read is not kept: the next request tries again.
  settings.catch(() => {
    if (cache.get(database)?.settings === settings) cache.delete(database);
  });
  return settings;
}

/** Saves the owner's settings and drops this server's cached copy at once. */
export async function saveShippingSettings(database: Database, settings: ShippingSettings): Promise<ShippingSettings> {
  const values = { ...settings, updatedAt: new Date() };
  await database.db
    .insert(shippingSettings)
    .values({ id: 'shipping', ...values })
    .onConflictDoUpdate({ target: shippingSettings.id, set: values });
  cache.delete(database);
  return shippingSettingsOf(database);
}

/** The zone of a pincode, or undefined when the directory does not know it. */
export async function shippingZoneFor(pincode: string): Promise<ShippingZone | undefined> {
  const offices = await postOfficesFor(pincode);
  return offices ? shippingZoneOf(offices) : undefined;
}

export interface PricedShipping {
  zone: ShippingZone;
  shippingPaise: Paise;
  arrivesBy: ArrivesBy;
  /** False for a well-formed pincode the directory lacks: it ships at the rest-of-India rate. */
  inDirectory: boolean;
}

/**
 * Shipping for an order to `pincode` whose pieces cost `subtotalPaise` and whose longest outer side is
 * `maxOuterInches`, ordered at `at` (now by default: the delivery window counts from its date in India). A
 * well-formed pincode the directory lacks (new pincodes are missing from it) is in the rest of India: the address
 * check accepts it with a typed city and state, and the quote, the cart and create-order price it alike.
 */
export async function priceShipping(
  database: Database,
  pincode: string,
  subtotalPaise: Paise,
  maxOuterInches: number,
  at: Date = new Date(),
): Promise<PricedShipping> {
  const [known, settings] = await Promise.all([shippingZoneFor(pincode), shippingSettingsOf(database)]);
  const zone = known ?? 'elsewhere';
  return {
    zone,
    shippingPaise: quoteShipping({ zone, subtotalPaise, maxOuterInches }, settings),
    arrivesBy: arrivesBy(zone, at),
    inDirectory: known !== undefined,
  };
}
