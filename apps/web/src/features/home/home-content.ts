import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType, SVGProps } from 'react';
import { CropIcon, EyeIcon, FrameIcon, HeartHandIcon, RulerIcon, ShieldCheckIcon, TruckIcon, UploadIcon } from '../../components/icons';

/**
 * A card of the landing page. Its texts are rendered in the active language; a text may name the policy facts of
 * `policyFacts()` ({processing}, {paymentProvider}…), filled in when it is rendered.
 */
type Item = { key: string; title: MessageDescriptor; text: MessageDescriptor; Icon: ComponentType<SVGProps<SVGSVGElement>> };

/** The landing page's h1, word for word as the spec gives it. */
export const HEADLINE = msg`Preserving Your Best Moments, One Frame at a Time`;

/** The public 'How it works' guide: four steps, titles as the spec names them. */
export const HOW_IT_WORKS_STEPS: Item[] = [
  {
    key: 'upload',
    title: msg`Upload your photo`,
    text: msg`Add a JPG or TIFF straight from your phone or computer; anything from 700 × 700 pixels up will do.`,
    Icon: UploadIcon,
  },
  {
    key: 'size',
    title: msg`Select frame size`,
    text: msg`Pick a ready-made size such as 12 × 8 in, A4 or a square, each with its starting price in rupees.`,
    Icon: RulerIcon,
  },
  {
    key: 'custom-size',
    title: msg`Choose frame dimensions in inches`,
    text: msg`Need a different fit for your wall? Enter your own width and height, up to 40 inches a side, and crop to match.`,
    Icon: CropIcon,
  },
  {
    key: 'style',
    title: msg`Pick frame style`,
    text: msg`Choose a moulding and finish, add an optional white border, and check the true-to-scale preview before you pay.`,
    Icon: FrameIcon,
  },
];

export const TRUST_POINTS: Item[] = [
  {
    key: 'india',
    title: msg`Made in India`,
    text: msg`Every frame is printed, framed, checked and packed in India, then delivered to your door by our courier partners.`,
    Icon: HeartHandIcon,
  },
  {
    key: 'preview',
    title: msg`True-to-scale preview`,
    text: msg`See your photo, white border and frame in their real proportions, with the finished size in inches and centimetres.`,
    Icon: EyeIcon,
  },
  {
    key: 'payment',
    title: msg`Pay securely with UPI or cards`,
    text: msg({
      message:
        'Payments run through {paymentProvider}. Prices are in rupees and include taxes; your card details and UPI PIN never reach us.',
    }),
    Icon: ShieldCheckIcon,
  },
  {
    key: 'delivery',
    title: msg`Delivered in days`,
    text: msg({
      message: 'Processed in {processing}, then delivered in {deliveryMetros} to metro cities and {deliveryElsewhere} elsewhere.',
    }),
    Icon: TruckIcon,
  },
];

/** The short promises under the hero's buttons. */
export const HERO_TICKS: MessageDescriptor[] = [msg`Made in India`, msg`True-to-scale preview`, msg`UPI & cards`];
