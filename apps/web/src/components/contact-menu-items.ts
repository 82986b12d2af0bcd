import { t } from '@lingui/core/macro';
import type { ComponentType, SVGProps } from 'react';
import { FrameIcon, MailIcon, PhoneIcon, WhatsAppIcon } from '../components/icons';
import type { ContactLinks } from '../lib/site/site-config';

export type MenuItem = {
  key: string;
  label: string;
  hint: string | null;
  href: string;
  internal?: boolean;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
};

// The labels are read in the active language each time the menus are built (the header renders them).

/** The links offered under 'Contact'. Links whose configuration is missing are left out. */
export function contactMenuItems(links: ContactLinks): MenuItem[] {
  const items: MenuItem[] = [];
  if (links.whatsappHref) {
    items.push({ key: 'whatsapp', label: t`Chat on WhatsApp`, hint: links.whatsappLabel, href: links.whatsappHref, Icon: WhatsAppIcon });
  }
  if (links.emailHref) {
    items.push({ key: 'email', label: t`E-mail us`, hint: links.email, href: links.emailHref, Icon: MailIcon });
  }
  if (links.phoneHref) {
    items.push({ key: 'phone', label: t`Call us`, hint: links.phone, href: links.phoneHref, Icon: PhoneIcon });
  }
  return items;
}

/** The links offered under 'How to order': the guide on the home page, then a person to ask. */
export function howToOrderMenuItems(links: ContactLinks): MenuItem[] {
  const items: MenuItem[] = [
    {
      key: 'guide',
      label: t`See how it works`,
      hint: t`Four steps from photo to frame`,
      href: '/#how-it-works',
      internal: true,
      Icon: FrameIcon,
    },
  ];
  if (links.whatsappHref) {
    items.push({
      key: 'whatsapp',
      label: t`Ask on WhatsApp`,
      hint: t`We help you choose a size and frame`,
      href: links.whatsappHref,
      Icon: WhatsAppIcon,
    });
  }
  if (links.emailHref) {
    items.push({
      key: 'email',
      label: t`E-mail your question`,
      hint: links.email,
      href: `${links.emailHref}?subject=${encodeURIComponent(t`Help with my Framewala order`)}`,
      Icon: MailIcon,
    });
  }
  return items;
}

export function emptyContactText(isLoading: boolean): string {
  return isLoading ? t`Loading contact details…` : t`Contact details are unavailable right now. Please try again shortly.`;
}
