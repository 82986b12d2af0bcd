import { describe, expect, it } from 'vitest';
import { contactLinksFrom, parseSiteConfig } from './site-config';

describe('site configuration', () => {
  it('builds WhatsApp, e-mail and phone links from the configuration', () => {
    const links = contactLinksFrom(
      parseSiteConfig({
        name: 'Framewala',
        supportEmail: 'care@framewala.example',
        supportPhone: '+91 98765 43210',
        whatsappNumber: '+91 (98765) 43210',
      }),
    );
    expect(links).toMatchObject({
      whatsappHref: 'https://wa.me/919876543210',
      emailHref: 'mailto:care@framewala.example',
      phoneHref: 'tel:+919876543210',
    });
  });

  it('falls back to no links and the shop name while nothing is loaded', () => {
    expect(contactLinksFrom(undefined)).toEqual({
      name: 'Framewala',
      whatsappHref: null,
      whatsappLabel: null,
      emailHref: null,
      email: null,
      phoneHref: null,
      phone: null,
    });
  });

  it('reads the free-delivery subtotal as whole paise, and drops anything else', () => {
    expect(parseSiteConfig({ freeShippingFromPaise: 199_900 }).freeShippingFromPaise).toBe(199_900);
    for (const bad of [-1, 1.5, '199900', null, Number.NaN]) {
      expect(parseSiteConfig({ freeShippingFromPaise: bad }).freeShippingFromPaise).toBeUndefined();
    }
  });

  it('drops malformed fields instead of failing', () => {
    expect(parseSiteConfig(null)).toEqual({ name: 'Framewala' });
    expect(parseSiteConfig({ name: '', supportEmail: 'nope', whatsappNumber: 7 })).toMatchObject({
      name: 'Framewala',
      supportEmail: undefined,
      whatsappNumber: undefined,
    });
  });
});
