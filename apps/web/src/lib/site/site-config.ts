import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** The brand, written the same in every language. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a brand name
export const SHOP_NAME = 'Framewala';

/** `GET /api/site`: the shop's public contact configuration (header and footer) and its free-delivery subtotal. */
export type SiteConfig = {
  name: string;
  supportEmail?: string;
  supportPhone?: string;
  whatsappNumber?: string;
  /** The frames' subtotal (paise) from which delivery is free, as the owner set it. */
  freeShippingFromPaise?: number;
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Lenient on purpose (and without zod, to keep it out of the first page load): a missing or malformed field
 * hides that one link instead of breaking the header.
 */
export function parseSiteConfig(body: unknown): SiteConfig {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const email = optionalString(record.supportEmail);
  return {
    name: optionalString(record.name) ?? SHOP_NAME,
    supportEmail: email && EMAIL_PATTERN.test(email) ? email : undefined,
    supportPhone: optionalString(record.supportPhone),
    whatsappNumber: optionalString(record.whatsappNumber),
    freeShippingFromPaise: wholePaise(record.freeShippingFromPaise),
  };
}

function wholePaise(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

export async function fetchSiteConfig(): Promise<SiteConfig> {
  return parseSiteConfig(await api.get<unknown>('/api/site'));
}

/** Read once per visit: the contact details do not change while a page is open. */
export const siteConfigQueryOptions = () => queryOptions({ queryKey: ['site'], queryFn: fetchSiteConfig, staleTime: Infinity });

export type ContactLinks = {
  name: string;
  /** `https://wa.me/<digits>`, or null when no WhatsApp number is configured (or while loading / on failure). */
  whatsappHref: string | null;
  whatsappLabel: string | null;
  /** `mailto:<address>`, or null. */
  emailHref: string | null;
  email: string | null;
  /** `tel:+<digits>`, or null. */
  phoneHref: string | null;
  phone: string | null;
};

function digitsOf(value: string | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** Turns the raw site configuration into ready-to-use links. Anything missing becomes null, never a broken link. */
export function contactLinksFrom(config: SiteConfig | undefined): ContactLinks {
  const whatsappDigits = digitsOf(config?.whatsappNumber);
  const phoneDigits = digitsOf(config?.supportPhone);
  const email = config?.supportEmail?.trim() || null;
  const phone = config?.supportPhone?.trim() || null;
  return {
    name: config?.name ?? SHOP_NAME,
    whatsappHref: whatsappDigits.length >= 8 ? `https://wa.me/${whatsappDigits}` : null,
    whatsappLabel: whatsappDigits.length >= 8 ? (config?.whatsappNumber?.trim() ?? null) : null,
    emailHref: email ? `mailto:${email}` : null,
    email,
    phoneHref: phoneDigits.length >= 8 ? `tel:+${phoneDigits}` : null,
    phone: phoneDigits.length >= 8 ? phone : null,
  };
}

/**
 * The site configuration with safe fallbacks: while loading or when the call fails, every link is null
 * (the UI hides it) and the name falls back to 'Framewala'. It never throws.
 */
export function useSiteConfig() {
  const query = useQuery(siteConfigQueryOptions());
  return {
    links: contactLinksFrom(query.data),
    isLoading: query.isPending,
    isError: query.isError,
  };
}

/** The subtotal (paise) from which delivery is free, once the shop has said it (null until then, or without it). */
export function useFreeShippingFrom(): { paise: number | null; pending: boolean } {
  const query = useQuery(siteConfigQueryOptions());
  return { paise: query.data?.freeShippingFromPaise ?? null, pending: query.isPending };
}
