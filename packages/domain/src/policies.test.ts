import { describe, expect, it } from 'vitest';
import { CANCELLATION_WINDOW_MS } from './order-states';
import { POLICY_FACTS } from './policies';
import { PRINT_MINIMUM_PPI_STEPS } from './print-quality';
import { RETENTION_DAYS } from './upload-rules';

describe('POLICY_FACTS', () => {
  it('promises the windows the rules enforce', () => {
    expect(POLICY_FACTS.cancellationWindow).toBe('24 hours');
    expect(CANCELLATION_WINDOW_MS).toBe(24 * 60 * 60 * 1000);
    expect(POLICY_FACTS.photoRetention).toBe(`${RETENTION_DAYS} days`);
    expect(POLICY_FACTS.photoRetention).toBe('90 days');
    for (const { minimumPpi } of PRINT_MINIMUM_PPI_STEPS) expect(POLICY_FACTS.qualityThresholdPpi).toContain(`${minimumPpi}`);
  });
});
