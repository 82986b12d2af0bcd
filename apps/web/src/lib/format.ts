import parsePhoneNumber from 'libphonenumber-js/min';

export const NOT_AVAILABLE = 'N/A';

const DATE_FORMAT = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? NOT_AVAILABLE : DATE_FORMAT.format(date);
}

/** '+919876543210' → '+91 98765 43210'; anything unparseable is shown as stored. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return NOT_AVAILABLE;
  try {
    return parsePhoneNumber(value, 'IN')?.formatInternational() ?? value;
  } catch {
    return value;
  }
}

/** A value, or 'N/A' when missing. */
export const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value : NOT_AVAILABLE);
