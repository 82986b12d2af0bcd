export type PlaceholderId =
  'signup' | 'sign-in' | 'checkout' | 'addtocart' | 'user' | 'success' | 'cancel' | 'edit-photo';

type Placeholder = { title: string; text: string; eyebrow?: string; developer?: boolean };

/** Pages whose real content arrives in later issues: a heading, one sentence of what will be here, a way home. */
export const PLACEHOLDERS: Record<PlaceholderId, Placeholder> = {
  signup: {
    title: 'Create Account',
    text: 'Here you will create your Framewala account with your name, e-mail, mobile number and a password, so that your photos and orders are saved.',
  },
  'sign-in': {
    title: 'Sign in',
    text: 'Here you will sign in with your e-mail and password to pay for your frame and see your orders.',
  },
  checkout: {
    title: 'Checkout',
    text: 'Here you will check your product summary and total in rupees, then pay securely with UPI or a card.',
  },
  addtocart: {
    title: 'Your cart',
    text: 'Here you will see the frames you are about to order, with their quantities and prices.',
  },
  user: {
    title: 'Your profile',
    text: 'Here you will find your details, your saved address, your orders with their status and your saved photos.',
  },
  success: {
    title: 'Thank You',
    text: 'After a successful payment this page will confirm your order with its order number and payment reference.',
  },
  cancel: {
    title: 'Payment Failed',
    text: 'If a payment does not go through, this page will explain why and help you try again. No money is taken for a failed payment.',
  },
  'edit-photo': {
    title: 'Edit your photo',
    text: 'Here you will choose the size, crop your photo, pick a frame and a white border, and see the true-to-scale preview.',
  },
};
