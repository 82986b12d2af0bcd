import type { ArrivesBy } from '@framewala/domain';
import type { OrderLineSnapshot } from '../../db/schema';

/** What a line of an order says about the framed photo. */
export type MailLine = Pick<
  OrderLineSnapshot,
  'sizeName' | 'finishName' | 'frameSetName' | 'mouldingIn' | 'borderName' | 'borderIn' | 'finishNameHi' | 'frameSetNameHi' | 'borderNameHi'
>;

/**
 * Every text of the customer's e-mails, one object per language (en.ts, hi.ts). The templates (the reset e-mail, the
 * order confirmation, the shipped and delivered notices) only place these texts; amounts come in already formatted
 * with the domain's formatInr, dates as Date. A text missing in one language fails typecheck.
 */
export interface MailTexts {
  /** The greeting line: 'Hello Asha,', or 'Hello,' for an account without a name yet. */
  hello(firstName: string): string;
  /** The closing line with both ways to reach the shop. */
  questions(supportEmail: string, supportPhone: string): string;
  /** The last line: '— Framewala'. */
  signature(shopName: string): string;

  reset: {
    subject(shopName: string): string;
    /** Why the e-mail came, with the account's e-mail. */
    asked(shopName: string, email: string): string;
    /** Before the link in the text version. */
    chooseHere: string;
    /** The button in the HTML version. */
    button: string;
    /** Above the link written out, in the HTML version. */
    copyLink: string;
    /** How long the link works and until when (India time). */
    validity(minutes: number, expiresAt: Date): string;
    notYou: string;
    /** The closing line: the e-mail address only. */
    questions(supportEmail: string): string;
  };

  loginCode: {
    /** Carries the code, so a phone's notification shows it. */
    subject(shopName: string, code: string): string;
    /** Before the code. */
    useThis(shopName: string): string;
    /** How long the code works and that it works once. */
    validity(minutes: number): string;
    notYou: string;
  };

  confirmation: {
    subject(shopName: string, orderId: string): string;
    thanks(orderId: string, paymentId: string): string;
    /** One numbered line of an order of several framed photos; `price` is the line's total. */
    item(position: number, line: MailLine, quantity: number, price: string): string;
    /** The four lines of an order of one framed photo. */
    print(line: MailLine): string;
    frame(line: MailLine): string;
    border(line: MailLine): string;
    quantity(quantity: number): string;
    /** The shipping charge; null when delivery is free. */
    shipping(price: string | null): string;
    /** What the coupon took off (`price`, already with its minus sign), with its code when the order kept one. */
    discount(price: string, code: string | null): string;
    totalPaid(price: string): string;
    /** When the order should arrive: the delivery window, as the order page and /success say it. */
    arrives(window: ArrivesBy): string;
    deliveringTo(address: string): string;
  };

  status: {
    shippedSubject(shopName: string, orderId: string): string;
    deliveredSubject(shopName: string, orderId: string): string;
    shippedHeadline(orderId: string): string;
    deliveredHeadline(orderId: string): string;
    carrier(carrier: string): string;
    trackingNumber(trackingNumber: string): string;
    /** What was bought, for an order of one framed photo. */
    frame(line: MailLine, quantity: number): string;
    /** One numbered line of an order of several framed photos. */
    item(position: number, line: MailLine, quantity: number): string;
    deliveringTo(address: string): string;
    /** The delivered notice's closing wish. */
    enjoy: string;
    /** The notice of a cancellation the customer made herself (within 24 hours of payment). */
    cancelledSubject(shopName: string, orderId: string): string;
    cancelledHeadline(orderId: string): string;
    /** Where the refund goes and how long it takes (`days`: '5–7'); `price` is the amount refunded. */
    refund(price: string, days: string): string;
    /** The credit note that cancels the tax invoice. */
    creditNote(number: string, invoiceNumber: string): string;
    /** The link to the order page in the text version. */
    seeOrder(link: string): string;
    /** The button in the HTML version. */
    button: string;
  };
}
