import { formatArrivesBy } from '@framewala/domain';
import type { MailTexts } from './types';
import { inIndia } from './format';

const hours = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`);

/** English: the shop's e-mails as they have always read. */
export const en: MailTexts = {
  hello: (firstName) => (firstName.trim() ? `Hello ${firstName},` : 'Hello,'),
  questions: (email, phone) => `Questions? Write to ${email} or call ${phone}.`,
  signature: (shop) => `— ${shop}`,

  reset: {
    subject: (shop) => `Reset your ${shop} password`,
    asked: (shop, email) => `Someone, hopefully you, asked to reset the password of your ${shop} account (${email}).`,
    chooseHere: 'Choose a new password here:',
    button: 'Choose a new password',
    copyLink: 'If the button does not work, copy this address into your browser:',
    validity: (minutes, at) =>
      `The link works once and expires in ${hours(minutes)} (at ${inIndia(at, 'en', { hour: 'numeric', minute: '2-digit', hour12: true })} IST on ${inIndia(at, 'en', { day: 'numeric', month: 'short', year: 'numeric' })}).`,
    notYou: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    questions: (email) => `Questions? Write to ${email}.`,
  },

  loginCode: {
    subject: (shop, code) => `${code} is your ${shop} sign-in code`,
    useThis: (shop) => `Your code to sign in to ${shop}:`,
    validity: (minutes) => `Type it on the sign-in page. It works once, within ${minutes} minutes.`,
    notYou: 'If you did not ask for a code, you can ignore this e-mail: nobody can sign in without it. Never share it with anyone.',
  },

  confirmation: {
    subject: (shop, orderId) => `${shop}: order ${orderId} confirmed`,
    thanks: (orderId, paymentId) => `Thank you for your order ${orderId}. Your payment ${paymentId} was received.`,
    item: (position, l, quantity, price) =>
      `${position}. ${l.sizeName} in, ${l.finishName} (${l.frameSetName}), white border ${l.borderName}, quantity ${quantity}: ${price}`,
    print: (l) => `Print: ${l.sizeName} in`,
    frame: (l) => `Frame: ${l.finishName} (${l.frameSetName}), ${l.mouldingIn} in moulding`,
    border: (l) => `White border: ${l.borderName}`,
    quantity: (quantity) => `Quantity: ${quantity}`,
    shipping: (price) => `Shipping: ${price ?? 'Free'}`,
    discount: (price, code) => `Discount${code ? ` (${code})` : ''}: ${price}`,
    totalPaid: (price) => `Total paid: ${price}`,
    arrives: (window) => `${formatArrivesBy(window)} (our estimate).`,
    deliveringTo: (address) => `Delivering to: ${address}`,
  },

  status: {
    shippedSubject: (shop, orderId) => `${shop}: order ${orderId} has shipped`,
    deliveredSubject: (shop, orderId) => `${shop}: order ${orderId} was delivered`,
    shippedHeadline: (orderId) => `Your order ${orderId} is on its way.`,
    deliveredHeadline: (orderId) => `Your order ${orderId} has been delivered.`,
    carrier: (carrier) => `Carrier: ${carrier}`,
    trackingNumber: (number) => `Tracking number: ${number}`,
    frame: (l, quantity) =>
      `Frame: ${l.finishName} (${l.frameSetName}), print ${l.sizeName} in${quantity > 1 ? `, ${quantity} pieces` : ''}`,
    item: (position, l, quantity) =>
      `${position}. ${l.sizeName} in, ${l.finishName} (${l.frameSetName}), ${l.borderIn > 0 ? `white border ${l.borderName}` : 'no white border'}, quantity ${quantity}`,
    deliveringTo: (address) => `Delivering to: ${address}`,
    enjoy: 'We hope it looks lovely on your wall. If anything is wrong, reply to this e-mail or call us.',
    cancelledSubject: (shop, orderId) => `${shop}: order ${orderId} is cancelled`,
    cancelledHeadline: (orderId) => `As you asked, your order ${orderId} is cancelled. We will not make it.`,
    refund: (price, days) =>
      `Your payment of ${price} is being refunded in full to the card, UPI or bank account you paid with. It reaches you in ${days} working days.`,
    creditNote: (number, invoice) => `Credit note ${number} cancels tax invoice ${invoice}.`,
    seeOrder: (link) => `See your order: ${link}`,
    button: 'See your order',
  },
};
