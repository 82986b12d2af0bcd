/**
 * The order this tab made from the editor's frame ("buy now"). Paying it clears the frame from the editor; when it is
 * paid later, from /cancel's 'Try again', this says the frame was its own, so it is cleared then too.
 */
const DRAFT_ORDER_KEY = 'framewala.draftOrder';

export function rememberDraftOrder(orderNumber: string): void {
  try {
    window.sessionStorage.setItem(DRAFT_ORDER_KEY, orderNumber);
  } catch {
    // storage disabled: a retried order then leaves the frame in the editor
  }
}

/** Whether `orderNumber` was made from the editor's frame in this tab. */
export function isDraftOrder(orderNumber: string): boolean {
  try {
    return window.sessionStorage.getItem(DRAFT_ORDER_KEY) === orderNumber;
  } catch {
    return false;
  }
}

export function forgetDraftOrder(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_ORDER_KEY);
  } catch {
    // nothing was kept
  }
}
