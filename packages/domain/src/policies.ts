/**
 * The facts the shop's policies promise, written once: the pages, the footer and the forms build their sentences from
 * these. The windows that rules enforce are derived from those rules, so a rule and its promise cannot part.
 */
import { CANCELLATION_WINDOW_MS } from './order-states';
import { MIN_PRINT_PPI } from './print-quality';
import { RETENTION_DAYS } from './upload-rules';

const HOUR_MS = 60 * 60 * 1000;

export const POLICY_FACTS = {
  effectiveDate: '12 May 2025',
  effectiveDateIso: '2025-05-12',
  processing: '1–2 business days',
  deliveryMetros: '3–5 business days',
  deliveryElsewhere: '5–7 business days',
  /** A paid order may be cancelled this long after payment. */
  cancellationWindow: `${CANCELLATION_WINDOW_MS / HOUR_MS} hours`,
  defectReportWindow: '7 days of delivery',
  photoProofWindow: '48 hours of delivery',
  refundTime: '5–7 business days',
  grievanceReply: '7 working days',
  /** Uploaded photos are deleted this long after upload. */
  photoRetention: `${RETENTION_DAYS} days`,
  minimumAge: '18',
  /** Below this many pixels per inch a print is flagged as likely blurry. */
  qualityThresholdPpi: MIN_PRINT_PPI,
  paymentProvider: 'Razorpay',
} as const;
