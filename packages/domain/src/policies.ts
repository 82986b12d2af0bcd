/**
 * The facts the shop's policies promise, written once: the pages, the footer and the forms build their sentences from
 * these. The windows that rules enforce are derived from those rules, so a rule and its promise cannot part.
 */
import { CANCELLATION_WINDOW_MS } from './order-states';
import { PRINT_MINIMUM_PPI_STEPS } from './print-quality';
import { RETENTION_DAYS } from './upload-rules';

const HOUR_MS = 60 * 60 * 1000;

const [upTo5x7, upTo8x10, below24, from24] = PRINT_MINIMUM_PPI_STEPS.map((step) => step.minimumPpi);

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
  /** Below its size's minimum pixels per inch a print is flagged as likely soft. */
  qualityThresholdPpi: `the minimum for its size (${upTo5x7} pixels per inch up to 5 × 7 in, ${upTo8x10} at 8 × 10 in, ${below24} up to 20 in, ${from24} from 24 in)`,
  paymentProvider: 'Razorpay',
} as const;
