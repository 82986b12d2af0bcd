import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type PlaceholderId = 'signup' | 'sign-in' | 'checkout' | 'addtocart' | 'user' | 'success' | 'cancel' | 'edit-photo';

type Placeholder = { title: MessageDescriptor; text: MessageDescriptor; developer?: boolean };

/** Pages whose real content arrives in later issues: a heading, one sentence of what will be here, a way home. */
export const PLACEHOLDERS: Record<PlaceholderId, Placeholder> = {
  signup: {
    title: msg`Create Account`,
    text: msg`Here you will create your Framewala account with your name, e-mail, mobile number and a password, so that your photos and orders are saved.`,
  },
  'sign-in': {
    title: msg`Sign in`,
    text: msg`Here you will sign in with your e-mail and password to pay for your frame and see your orders.`,
  },
  checkout: {
    title: msg`Checkout`,
    text: msg`Here you will check your product summary and total in rupees, then pay securely with UPI or a card.`,
  },
  addtocart: {
    title: msg`Your cart`,
    text: msg`Here you will see the frames you are about to order, with their quantities and prices.`,
  },
  user: {
    title: msg`Your profile`,
    text: msg`Here you will find your details, your saved address, your orders with their status and your saved photos.`,
  },
  success: {
    title: msg`Thank You`,
    text: msg`After a successful payment this page will confirm your order with its order number and payment reference.`,
  },
  cancel: {
    title: msg`Payment Failed`,
    text: msg`If a payment does not go through, this page will explain why and help you try again. No money is taken for a failed payment.`,
  },
  'edit-photo': {
    title: msg`Edit your photo`,
    text: msg`Here you will choose the size, crop your photo, pick a frame and a white border, and see the true-to-scale preview.`,
  },
};
