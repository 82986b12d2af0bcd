import { queryOptions } from '@tanstack/react-query';
import { shippingSettingsResponseSchema, type ShippingSettings } from '@framewala/domain';
import { parseAnswer } from '../../../lib/api';
import { authedApi, authedRequest } from '../../../lib/auth-request';

/** `GET /api/admin/shipping-settings` → `{settings}` (paise and inches). */
export async function fetchShippingSettings(): Promise<ShippingSettings> {
  return parseAnswer(shippingSettingsResponseSchema, await authedApi.get<unknown>('/api/admin/shipping-settings')).settings;
}

/** `PUT /api/admin/shipping-settings` `{…settings}` → `{settings}`. */
export async function saveShippingSettings(settings: ShippingSettings): Promise<ShippingSettings> {
  const body = await authedRequest<unknown>('/api/admin/shipping-settings', { method: 'PUT', body: settings });
  return parseAnswer(shippingSettingsResponseSchema, body).settings;
}

export const shippingSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'shipping-settings'], queryFn: fetchShippingSettings, retry: false });
