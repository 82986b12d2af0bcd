import type { ComponentType, SVGProps } from 'react';
import { CropIcon, EyeIcon, FrameIcon, HeartHandIcon, RulerIcon, ShieldCheckIcon, TruckIcon, UploadIcon } from '../../components/icons';
import { POLICY_FACTS } from '../../lib/policies';

type Item = { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> };

/** The public 'How it works' guide: four steps, titles as the spec names them. */
export const HOW_IT_WORKS_STEPS: Item[] = [
  {
    title: 'Upload your photo',
    text: 'Add a JPG or TIFF straight from your phone or computer; anything from 700 × 700 pixels up will do.',
    Icon: UploadIcon,
  },
  {
    title: 'Select frame size',
    text: 'Pick a ready-made size such as 12 × 8 in, A4 or a square, each with its starting price in rupees.',
    Icon: RulerIcon,
  },
  {
    title: 'Choose frame dimensions in inches',
    text: 'Need a different fit for your wall? Enter your own width and height, up to 40 inches a side, and crop to match.',
    Icon: CropIcon,
  },
  {
    title: 'Pick frame style',
    text: 'Choose a moulding and finish, add an optional white border, and check the true-to-scale preview before you pay.',
    Icon: FrameIcon,
  },
];

export const TRUST_POINTS: Item[] = [
  {
    title: 'Made in India',
    text: 'Every frame is printed, framed, checked and packed in India, then delivered to your door by our courier partners.',
    Icon: HeartHandIcon,
  },
  {
    title: 'True-to-scale preview',
    text: 'See your photo, white border and frame in their real proportions, with the finished size in inches and centimetres.',
    Icon: EyeIcon,
  },
  {
    title: 'Pay securely with UPI or cards',
    text: `Payments run through ${POLICY_FACTS.paymentProvider}. Prices are in rupees and include taxes; your card details and UPI PIN never reach us.`,
    Icon: ShieldCheckIcon,
  },
  {
    title: 'Delivered in days',
    text: `Processed in ${POLICY_FACTS.processing}, then delivered in ${POLICY_FACTS.deliveryMetros} to metro cities and ${POLICY_FACTS.deliveryElsewhere} elsewhere.`,
    Icon: TruckIcon,
  },
];
