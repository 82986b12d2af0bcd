/** The console's coupons and tax settings. */
import { queryOptions } from '@tanstack/react-query';
import {
  couponListResponseSchema,
  couponResponseSchema,
  taxSettingsResponseSchema,
  type Coupon,
  type CouponBody,
  type TaxSettingsBody,
} from '@framewala/domain';
import type { z } from 'zod';
import { parseAnswer } from '../../../lib/api';
import { authedApi, authedRequest } from '../../../lib/auth-request';

/** `GET /api/admin/coupons` → `{coupons}` newest first. */
export async function fetchCoupons(): Promise<Coupon[]> {
  return parseAnswer(couponListResponseSchema, await authedApi.get<unknown>('/api/admin/coupons')).coupons;
}

/** `POST /api/admin/coupons`, or `PUT /api/admin/coupons/:id` with `id`. */
export async function saveCoupon(coupon: CouponBody, id?: string): Promise<Coupon> {
  const body = id
    ? await authedRequest<unknown>(`/api/admin/coupons/${encodeURIComponent(id)}`, { method: 'PUT', body: coupon })
    : await authedRequest<unknown>('/api/admin/coupons', { method: 'POST', body: coupon });
  return parseAnswer(couponResponseSchema, body).coupon;
}

export type TaxSettingsAnswer = z.infer<typeof taxSettingsResponseSchema>;

/** `GET /api/admin/tax-settings` → `{settings, saved}`. */
export async function fetchTaxSettings(): Promise<TaxSettingsAnswer> {
  return parseAnswer(taxSettingsResponseSchema, await authedApi.get<unknown>('/api/admin/tax-settings'));
}

/** `PUT /api/admin/tax-settings`. */
export async function saveTaxSettings(settings: TaxSettingsBody): Promise<TaxSettingsAnswer> {
  return parseAnswer(taxSettingsResponseSchema, await authedRequest<unknown>('/api/admin/tax-settings', { method: 'PUT', body: settings }));
}

export const couponsQueryOptions = () => queryOptions({ queryKey: ['admin', 'coupons'], queryFn: fetchCoupons, retry: false });

export const taxSettingsQueryOptions = () => queryOptions({ queryKey: ['admin', 'tax-settings'], queryFn: fetchTaxSettings, retry: false });
