import type { ComponentType, SVGProps } from 'react';
import { FrameIcon, MailIcon, PhoneIcon, WhatsAppIcon } from '../components/icons';
import type { ContactLinks } from './site-config';

export type MenuItem = {
  key: string;
  label: string;
  hint: string | null;
  href: string;
  internal?: boolean;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
};

const ORDER_HELP_SUBJECT = encodeURIComponent('Help with my Framewala order');

/** The links offered under 'Contact'. Links whose configuration is missing are left out. */
export function contactMenuItems(links: ContactLinks): MenuItem[] {
  const items: MenuItem[] = [];
  if (links.whatsappHref) {
    items.push({ key: 'whatsapp', label: 'Chat on WhatsApp', hint: links.whatsappLabel, href: links.whatsappHref, Icon: WhatsAppIcon });
  }
  if (links.emailHref) {
    items.push({ key: 'email', label: 'E-mail us', hint: links.email, href: links.emailHref, Icon: MailIcon });
  }
  if (links.phoneHref) {
    items.push({ key: 'phone', label: 'Call us', hint: links.phone, href: links.phoneHref, Icon: PhoneIcon });
  }
  return items;
}

/** The links offered under 'How to order': the guide on the home page, then a person to ask. */
export function howToOrderMenuItems(links: ContactLinks): MenuItem[] {
  const items: MenuItem[] = [
    {
      key: 'guide',
      label: 'See how it works',
      hint: 'Four steps from photo to frame',
      href: '/#how-it-works',
      internal: true,
      Icon: FrameIcon,
    },
  ];
  if (links.whatsappHref) {
    items.push({
      key: 'whatsapp',
      label: 'Ask on WhatsApp',
      hint: 'We help you choose a size and frame',
      href: links.whatsappHref,
      Icon: WhatsAppIcon,
    });
  }
  if (links.emailHref) {
    items.push({
      key: 'email',
      label: 'E-mail your question',
      hint: links.email,
      href: `${links.emailHref}?subject=${ORDER_HELP_SUBJECT}`,
      Icon: MailIcon,
    });
  }
  return items;
}

export function emptyContactText(isLoading: boolean): string {
  return isLoading ? 'Loading contact details…' : 'Contact details are unavailable right now. Please try again shortly.';
}
