import { describe, expect, it } from 'vitest';
import { CANCELLATION_WINDOW_MS } from './order-states';
import { POLICY_FACTS, POLICY_NUMBERS } from './policies';
import { PRINT_MINIMUM_PPI_STEPS } from './print-quality';
import { PROCESSING_DAYS, TRANSIT_DAYS } from './shipping';
import { RETENTION_DAYS } from './upload-rules';

describe('POLICY_FACTS', () => {
  it('promises the windows the rules enforce', () => {
    expect(POLICY_FACTS.cancellationWindow).toBe('24 hours');
    expect(CANCELLATION_WINDOW_MS).toBe(24 * 60 * 60 * 1000);
    expect(POLICY_FACTS.photoRetention).toBe(`${RETENTION_DAYS} days`);
    expect(POLICY_FACTS.photoRetention).toBe('90 days');
    for (const { minimumPpi } of PRINT_MINIMUM_PPI_STEPS) expect(POLICY_FACTS.qualityThresholdPpi).toContain(`${minimumPpi}`);
  });

  it('writes in English the numbers that other languages build their facts from', () => {
    expect(POLICY_FACTS).toMatchObject({
      effectiveDateIso: POLICY_NUMBERS.effectiveDateIso,
      processing: '1–2 business days',
      deliveryMetros: '3–5 business days',
      deliveryElsewhere: '5–7 business days',
      defectReportWindow: '7 days of delivery',
      photoProofWindow: '48 hours of delivery',
      refundTime: '5–7 business days',
      grievanceReply: '7 working days',
      minimumAge: '18',
      paymentProvider: 'Razorpay',
    });
    expect(POLICY_NUMBERS.processingDays).toEqual(PROCESSING_DAYS);
    expect([POLICY_NUMBERS.deliveryMetrosDays, POLICY_NUMBERS.deliveryElsewhereDays]).toEqual([TRANSIT_DAYS.metro, TRANSIT_DAYS.elsewhere]);
    expect(POLICY_FACTS.qualityThresholdPpi).toBe(
      'the minimum for its size (150 pixels per inch up to 5 × 7 in, 125 at 8 × 10 in, 100 up to 20 in, 75 from 24 in)',
    );
  });
});
