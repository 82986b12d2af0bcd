import type { ComponentType, SVGProps } from 'react';
import { FacebookIcon, PinterestIcon, YouTubeIcon } from '../components/icons';

export type SocialLink = {
  name: 'Facebook' | 'YouTube' | 'Pinterest';
  href: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
};

// TODO(owner): confirm the shop's real handles; `GET /api/site` does not carry them yet.
export const SOCIAL_LINKS: SocialLink[] = [
  { name: 'Facebook', href: 'https://www.facebook.com/framewala', Icon: FacebookIcon },
  { name: 'YouTube', href: 'https://www.youtube.com/@framewala', Icon: YouTubeIcon },
  { name: 'Pinterest', href: 'https://www.pinterest.com/framewala', Icon: PinterestIcon },
];
