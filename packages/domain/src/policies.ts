/**
 * The facts the shop's policies promise, written once: the pages, the footer and the forms build their sentences from
 * these. The windows that rules enforce are derived from those rules, so a rule and its promise cannot part.
 */
import { CANCELLATION_WINDOW_MS } from './order-states';
import { PRINT_MINIMUM_PPI_STEPS } from './print-quality';
import { PROCESSING_DAYS, TRANSIT_DAYS } from './shipping';
import { RETENTION_DAYS } from './upload-rules';

const HOUR_MS = 60 * 60 * 1000;

const [upTo5x7, upTo8x10, below24, from24] = PRINT_MINIMUM_PPI_STEPS.map((step) => step.minimumPpi) as [number, number, number, number];

/**
 * The numbers behind the facts, for writing them in another language: the web builds its Hindi facts from these, so
 * both languages promise the same.
 */
export const POLICY_NUMBERS = {
  effectiveDateIso: '2025-05-12',
  /** Business days from the order to dispatch, then from dispatch to the door (the delivery window's own numbers). */
  processingDays: PROCESSING_DAYS,
  deliveryMetrosDays: TRANSIT_DAYS.metro,
  deliveryElsewhereDays: TRANSIT_DAYS.elsewhere,
  cancellationWindowHours: CANCELLATION_WINDOW_MS / HOUR_MS,
  /** Days after delivery to report a damaged, defective or wrong item, and hours to send photos of it. */
  defectReportDays: 7,
  photoProofHours: 48,
  refundDays: { min: 5, max: 7 },
  grievanceReplyDays: 7,
  photoRetentionDays: RETENTION_DAYS,
  minimumAge: 18,
  /** Minimum pixels per inch: up to 5 × 7 in, at 8 × 10 in, up to 20 in, from 24 in. */
  qualityThresholdPpi: { upTo5x7, upTo8x10, below24, from24 },
  paymentProvider: 'Razorpay',
} as const;

const N = POLICY_NUMBERS;
const range = ({ min, max }: { min: number; max: number }) => `${min}–${max}`;

export const POLICY_FACTS = {
  effectiveDate: '12 May 2025',
  effectiveDateIso: N.effectiveDateIso,
  processing: `${range(N.processingDays)} business days`,
  deliveryMetros: `${range(N.deliveryMetrosDays)} business days`,
  deliveryElsewhere: `${range(N.deliveryElsewhereDays)} business days`,
  /** A paid order may be cancelled this long after payment. */
  cancellationWindow: `${N.cancellationWindowHours} hours`,
  defectReportWindow: `${N.defectReportDays} days of delivery`,
  photoProofWindow: `${N.photoProofHours} hours of delivery`,
  refundTime: `${range(N.refundDays)} business days`,
  grievanceReply: `${N.grievanceReplyDays} working days`,
  /** Uploaded photos are deleted this long after upload. */
  photoRetention: `${N.photoRetentionDays} days`,
  minimumAge: `${N.minimumAge}`,
  /** Below its size's minimum pixels per inch a print is flagged as likely soft. */
  qualityThresholdPpi: `the minimum for its size (${upTo5x7} pixels per inch up to 5 × 7 in, ${upTo8x10} at 8 × 10 in, ${below24} up to 20 in, ${from24} from 24 in)`,
  paymentProvider: N.paymentProvider,
} as const;
