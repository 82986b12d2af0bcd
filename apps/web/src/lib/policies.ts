/**
 * The texts of Framewala's information and policy pages, rendered by `info-page.tsx`. Every number they promise comes
 * from the domain's `POLICY_FACTS`, so a fact changes on every page at once.
 */
import { POLICY_FACTS } from '@framewala/domain';

export { POLICY_FACTS };

const F = POLICY_FACTS;

export type InfoSection = {
  /** Stable anchor for the in-page table of contents. */
  id: string;
  heading: string;
  paragraphs?: string[];
  list?: string[];
  /** Paragraphs shown after the list. */
  after?: string[];
};

export type InfoHighlight = { label: string; value: string };

export type InfoPageId =
  | 'terms-and-conditions'
  | 'privacy-policy'
  | 'cancellations-refunds'
  | 'shipping-policy'
  | 'gdpr-compliance-policy'
  | 'disclaimer-policy'
  | 'about-us'
  | 'our-promises';

export type InfoPageContent = {
  id: InfoPageId;
  /** Canonical path of the page. */
  path: `/${string}`;
  /** Short label for footers and link lists. */
  navLabel: string;
  title: string;
  kind: 'policy' | 'company';
  /** Policies carry an effective date; company pages don't. */
  effective: boolean;
  summary: string;
  highlights?: InfoHighlight[];
  /** 'prose' (default): numbered sections with a table of contents; 'cards': a grid of short commitments. */
  layout?: 'prose' | 'cards';
  sections: InfoSection[];
};

const termsAndConditions: InfoPageContent = {
  id: 'terms-and-conditions',
  path: '/terms-and-conditions',
  navLabel: 'Terms & conditions',
  title: 'Terms and Conditions',
  kind: 'policy',
  effective: true,
  summary:
    'These terms explain what you can expect from Framewala and what we expect from you when you upload a photo, order a custom frame and pay for it on this website.',
  highlights: [
    { label: 'Cancel', value: `Within ${F.cancellationWindow} of ordering` },
    { label: 'Report a problem', value: `Within ${F.defectReportWindow}` },
    { label: 'Refunds', value: `In ${F.refundTime}` },
    { label: 'Prices', value: 'In INR, inclusive of taxes' },
  ],
  sections: [
    {
      id: 'about-these-terms',
      heading: '1. About these terms',
      paragraphs: [
        'Framewala is an online shop in India that prints customers’ own photos and frames them to order. “We”, “us” and “our” mean Framewala; “you” means the person using the website or placing an order.',
        'By using the website or placing an order you agree to these terms, to our Privacy Policy, Shipping Policy and Cancellations and Refunds policy. If you do not agree, please do not place an order.',
      ],
    },
    {
      id: 'eligibility',
      heading: '2. Who can order',
      paragraphs: [
        `You must be at least ${F.minimumAge} years old to create an account or place an order. If you are younger, you may use the website only under the supervision of a parent or guardian who accepts these terms on your behalf.`,
      ],
    },
    {
      id: 'your-photos',
      heading: '3. Your photos',
      list: [
        'You confirm that you took the photos you upload, or that you have the right to have them printed.',
        'You must not upload photos that are unlawful, obscene, defamatory, or that infringe someone else’s copyright, trademark or privacy. We may refuse or cancel such an order and refund you in full.',
        'You allow us to store, process, print and frame your photo only to make and deliver your order and to help you with it. We do not use your photos for advertising or share them publicly.',
        `Uploaded photos are saved in your customer account for ${F.photoRetention} from upload and then deleted, except while an order that uses them has not yet been delivered.`,
      ],
    },
    {
      id: 'orders-and-preview',
      heading: '4. Orders and the preview',
      paragraphs: [
        'The preview shows your frame true to scale: the photo, the optional white border and the moulding in the proportions of the real frame, with the outer size in inches and centimetres. Colours on your screen depend on its settings and may differ slightly from the printed photo and the real frame finish. Natural materials such as wood show small variations in grain and tone.',
        `If a photo has fewer pixels per inch at the size you choose than ${F.qualityThresholdPpi}, we warn you that it may look soft from close up. You may still go ahead; in that case we cannot accept a blurry print as a defect.`,
        `Your order is confirmed when your payment is verified. We then process it within ${F.processing}.`,
      ],
    },
    {
      id: 'prices-and-payment',
      heading: '5. Prices and payment',
      list: [
        'All prices are in Indian rupees (INR) and include applicable taxes.',
        'Shipping charges are calculated at checkout and shown before you pay.',
        'The amount you pay is the price we calculate for your order on our server at checkout. If it differs from an estimate shown earlier, the checkout shows the correct amount before you pay.',
        `Payments are processed by ${F.paymentProvider}, our card payment provider. You can pay with UPI, cards and the other methods ${F.paymentProvider} offers. We never see or store your full card number, CVV or UPI PIN.`,
      ],
    },
    {
      id: 'production-and-delivery',
      heading: '6. Production and delivery',
      paragraphs: [
        `We process orders within ${F.processing} and hand them to our courier partners. Delivery takes ${F.deliveryMetros} in metro cities and ${F.deliveryElsewhere} in other regions. Our Shipping Policy has the details.`,
      ],
    },
    {
      id: 'cancellations',
      heading: '7. Cancellations',
      paragraphs: [
        `You can cancel an order within ${F.cancellationWindow} of placing it and receive a full refund. After that your frame is being made for you and the order can no longer be cancelled.`,
      ],
    },
    {
      id: 'damaged-or-wrong-items',
      heading: '8. Damaged, defective or wrong items',
      paragraphs: [
        'Every frame is made to order for you, so custom items cannot be returned unless they are defective, damaged in transit or not what you ordered.',
        `If that happens, tell us within ${F.defectReportWindow}, and send photos of the frame and its packaging as proof within ${F.photoProofWindow}. We will reprint or replace the frame at no cost to you, or refund you in full if you prefer.`,
      ],
    },
    {
      id: 'refunds',
      heading: '9. Refunds',
      paragraphs: [
        `Approved refunds are sent to your original payment method within ${F.refundTime}. Your bank may take a little longer to show the amount in your account.`,
      ],
    },
    {
      id: 'your-account',
      heading: '10. Your account',
      paragraphs: [
        'Keep your password private. You are responsible for what is done with your account until you tell us it may have been misused. You can ask us to close your account at any time.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: '11. Intellectual property',
      paragraphs: [
        'Your photos remain yours. The website, the Framewala name and logo, and our frame images and designs belong to Framewala and may not be copied without our written permission.',
      ],
    },
    {
      id: 'liability',
      heading: '12. Our liability',
      paragraphs: [
        'We make every frame carefully and will put right any mistake of ours as described above. To the extent the law allows, our total liability for an order is limited to the amount you paid for it. Nothing in these terms limits your rights as a consumer under Indian law.',
      ],
    },
    {
      id: 'grievances',
      heading: '13. Questions and grievances',
      paragraphs: [
        `Write to us by e-mail or WhatsApp using the contact details on this page. We acknowledge every grievance and reply within ${F.grievanceReply}.`,
      ],
    },
    {
      id: 'law-and-changes',
      heading: '14. Governing law and changes',
      paragraphs: [
        'These terms are governed by the laws of India, and disputes are subject to the jurisdiction of the competent courts in India.',
        'We may update these terms. The version in force on the day you place an order applies to that order; the effective date at the top of this page shows when they last changed.',
      ],
    },
  ],
};

const privacyPolicy: InfoPageContent = {
  id: 'privacy-policy',
  path: '/privacy-policy',
  navLabel: 'Privacy policy',
  title: 'Privacy Policy',
  kind: 'policy',
  effective: true,
  summary:
    `We collect only what we need to print, frame and deliver your order, keep it safe, and delete your photos after ${F.photoRetention}. This page explains what we keep, why, for how long and how to ask us to delete it.`,
  highlights: [
    { label: 'Photos kept', value: `${F.photoRetention}, then deleted` },
    { label: 'Card details', value: `Handled by ${F.paymentProvider}, never stored by us` },
    { label: 'Sold to others', value: 'Never' },
    { label: 'Replies to requests', value: `Within ${F.grievanceReply}` },
  ],
  sections: [
    {
      id: 'scope',
      heading: '1. Who we are and what this covers',
      paragraphs: [
        'This policy covers the personal data Framewala collects through this website when you browse, upload photos, create an account and order frames. It is written to meet the Information Technology Act, 2000 and its rules and the Digital Personal Data Protection Act, 2023. Customers in the European Union or the United Kingdom should also read our GDPR Compliance Policy.',
      ],
    },
    {
      id: 'what-we-collect',
      heading: '2. What we collect',
      list: [
        'Account details: your first and last name, e-mail address and mobile number. Your password is stored only as a secure one-way hash.',
        'Delivery and billing details: name, phone and alternate phone, e-mail, address, pincode, city, state and, if you add it, your company name.',
        'Your photos: the files you upload, the crops you make, and technical details such as pixel size, orientation and resolution (DPI).',
        'Order records: what you ordered (size, frame, border, quantity), the prices, your delivery address, the payment reference and the order’s status history.',
        `Payment information: ${F.paymentProvider} gives us the payment reference and whether the payment succeeded. We never receive your full card number, CVV or UPI PIN.`,
        'Technical data: your IP address, browser type and the pages you request, kept in server logs to keep the website secure and working.',
      ],
    },
    {
      id: 'how-we-use-it',
      heading: '3. How we use it',
      list: [
        'To make your frame: print your photo at the size and crop you chose and frame it as you ordered.',
        'To deliver it and keep you informed about your order.',
        'To take payment, issue refunds and keep the accounting records the law requires.',
        'To answer your questions and grievances.',
        'To protect the website and our customers against fraud and abuse.',
      ],
      after: ['We do not sell your personal data, and we do not use your photos for advertising.'],
    },
    {
      id: 'browser-storage',
      heading: '4. Data kept in your browser',
      paragraphs: [
        'We keep your sign-in session and the order you are working on in your browser’s local storage, so that a page reload does not lose your work. We do not use advertising or cross-site tracking cookies.',
      ],
    },
    {
      id: 'who-we-share-with',
      heading: '5. Who we share it with',
      list: [
        `${F.paymentProvider}, our card payment provider, to process your payment and refunds.`,
        'Our courier partners, who receive your name, phone number and delivery address to deliver your frame.',
        'Government or law-enforcement authorities, only when the law requires it.',
      ],
      after: [
        'The pincode lookup that fills in your city and state uses the India Post directory stored on our own server, so your pincode is not sent to anyone else.',
      ],
    },
    {
      id: 'how-long-we-keep-it',
      heading: '6. How long we keep it',
      list: [
        `Photos: ${F.photoRetention} from upload, then deleted together with their crops and previews. A photo used by an order that has not yet been delivered is kept until the order is delivered.`,
        'Order and payment records: as long as Indian tax and accounting law requires.',
        'Account details and saved addresses: until you close your account or ask us to delete them.',
        'Server logs: for a short period, only as long as needed for security.',
      ],
    },
    {
      id: 'security',
      heading: '7. How we protect it',
      paragraphs: [
        'The website is served over an encrypted connection, passwords are hashed, payment data stays with our payment provider, and only the people who make and ship your order can see it.',
      ],
    },
    {
      id: 'your-rights',
      heading: '8. Your choices and rights',
      paragraphs: [
        'You can see and correct your details in your account. You can also ask us for a copy of the data we hold about you, to correct it, or to delete your account, your addresses and your photos. Write to us from the e-mail address of your account so that we can confirm it is you.',
        'We will still keep order records that tax and accounting law requires us to keep, and we will tell you which ones.',
      ],
    },
    {
      id: 'children',
      heading: '9. Children',
      paragraphs: [
        `Our services are for people aged ${F.minimumAge} or over. Younger visitors may use them only under the supervision of a parent or guardian.`,
      ],
    },
    {
      id: 'grievance-officer',
      heading: '10. Grievance officer and contact',
      paragraphs: [
        `Questions, requests and complaints about your personal data go to our grievance officer through the contact details on this page. We acknowledge them and reply within ${F.grievanceReply}.`,
      ],
    },
    {
      id: 'changes',
      heading: '11. Changes to this policy',
      paragraphs: [
        'When we change this policy we update the effective date at the top of the page. If a change affects how we use data you have already given us, we will tell you by e-mail.',
      ],
    },
  ],
};

const cancellationsRefunds: InfoPageContent = {
  id: 'cancellations-refunds',
  path: '/cancellations-refunds',
  navLabel: 'Cancellations & refunds',
  title: 'Cancellations and Refunds',
  kind: 'policy',
  effective: true,
  summary:
    'Every Framewala frame is made to order from your own photo. This page explains when you can cancel, what to do if something arrives damaged or wrong, and how quickly refunds reach you.',
  highlights: [
    { label: 'Cancel', value: `Within ${F.cancellationWindow} of ordering` },
    { label: 'Report damage', value: `Within ${F.defectReportWindow}` },
    { label: 'Photo proof', value: `Within ${F.photoProofWindow}` },
    { label: 'Refund time', value: F.refundTime },
  ],
  sections: [
    {
      id: 'cancelling',
      heading: 'Cancelling an order',
      paragraphs: [
        `You can cancel any order within ${F.cancellationWindow} of placing it, for a full refund. Write to us with your order number by e-mail or WhatsApp.`,
        `After ${F.cancellationWindow} your photo is printed and your frame is being made, so the order can no longer be cancelled.`,
      ],
    },
    {
      id: 'returns',
      heading: 'Returns',
      paragraphs: [
        'Because each frame is custom-made with your photo, we cannot take back an item you simply no longer want. Custom items are not returnable unless they are defective, damaged in transit, or not what you ordered.',
      ],
    },
    {
      id: 'damaged-defective-wrong',
      heading: 'Damaged, defective or wrong items',
      list: [
        `Tell us within ${F.defectReportWindow}, with your order number.`,
        `Send clear photos of the frame, the damage and the packaging within ${F.photoProofWindow}. Please keep the packaging until we have replied.`,
        'We will reprint or replace the frame at no cost to you, or refund you in full if you prefer.',
      ],
      after: [
        `A photo that prints blurry because it had fewer pixels per inch at the chosen size than ${F.qualityThresholdPpi} is not a defect if we warned you before you paid.`,
      ],
    },
    {
      id: 'refunds',
      heading: 'How refunds are paid',
      paragraphs: [
        `Refunds go back to the payment method you used, through ${F.paymentProvider}, within ${F.refundTime} of being approved. Depending on your bank, the amount may take a few more days to appear on your statement.`,
      ],
    },
    {
      id: 'help',
      heading: 'Need help?',
      paragraphs: [
        `Contact us by e-mail or WhatsApp using the details on this page. We reply to every request and grievance within ${F.grievanceReply}.`,
      ],
    },
  ],
};

const shippingPolicy: InfoPageContent = {
  id: 'shipping-policy',
  path: '/shipping-policy',
  navLabel: 'Shipping policy',
  title: 'Shipping Policy',
  kind: 'policy',
  effective: true,
  summary:
    'We frame every order in India and deliver it to your door through our courier partners. Here is how long it takes and what it costs.',
  highlights: [
    { label: 'Processing', value: F.processing },
    { label: 'Metro cities', value: F.deliveryMetros },
    { label: 'Other regions', value: F.deliveryElsewhere },
    { label: 'Shipping charges', value: 'Shown at checkout' },
  ],
  sections: [
    {
      id: 'where-we-deliver',
      heading: 'Where we deliver',
      paragraphs: [
        'We deliver to addresses in India. Enter your 6-digit pincode at checkout and we fill in the city and state from the India Post directory, so that your frame goes to the right place.',
      ],
    },
    {
      id: 'processing',
      heading: 'Processing time',
      paragraphs: [`Once your payment is confirmed we print, frame, check and pack your order within ${F.processing}.`],
    },
    {
      id: 'delivery-time',
      heading: 'Delivery time',
      list: [`Metro cities: ${F.deliveryMetros} after dispatch.`, `Other regions: ${F.deliveryElsewhere} after dispatch.`],
      after: [
        'Business days do not include Sundays and public holidays. Remote pincodes, severe weather or courier disruptions can occasionally add a day or two; we will keep you informed if that happens.',
      ],
    },
    {
      id: 'charges',
      heading: 'Shipping charges',
      paragraphs: [
        'Shipping charges are calculated at checkout for your order and delivery address and are shown before you pay. Product prices are in rupees and include taxes.',
      ],
    },
    {
      id: 'tracking',
      heading: 'Tracking your order',
      paragraphs: [
        'Your account shows the status of each order: paid, in production, shipped and delivered. When your frame is shipped we add the courier’s tracking number so that you can follow it.',
      ],
    },
    {
      id: 'damage-in-transit',
      heading: 'Damage in transit',
      paragraphs: [
        `We pack every frame to travel safely. If it still arrives damaged, tell us within ${F.defectReportWindow} and send photos of the frame and packaging within ${F.photoProofWindow}. We will replace it at no cost to you. See Cancellations and Refunds for the details.`,
      ],
    },
    {
      id: 'address-problems',
      heading: 'Wrong address or missed delivery',
      paragraphs: [
        'Please check your address and phone number before you pay; the courier will call that number if they cannot find you. If a delivery fails, contact us and we will arrange a new attempt with the courier.',
      ],
    },
  ],
};

const gdprCompliancePolicy: InfoPageContent = {
  id: 'gdpr-compliance-policy',
  path: '/gdpr-compliance-policy',
  navLabel: 'GDPR compliance',
  title: 'GDPR Compliance Policy',
  kind: 'policy',
  effective: true,
  summary:
    'Framewala is based in India and serves customers in India. If you use our website from the European Union, the European Economic Area or the United Kingdom, the General Data Protection Regulation (GDPR) gives you the rights described here.',
  highlights: [
    { label: 'Photos kept', value: F.photoRetention },
    { label: 'Deletion requests', value: 'By e-mail from your account address' },
    { label: 'We reply within', value: F.grievanceReply },
  ],
  sections: [
    {
      id: 'controller',
      heading: 'Who is responsible for your data',
      paragraphs: [
        'Framewala is the data controller for the personal data collected through this website. You can reach us using the contact details on this page.',
      ],
    },
    {
      id: 'what-we-keep',
      heading: 'What data we keep, and why',
      list: [
        'Your name: to address you, and to print it on the delivery label. Legal basis: performance of our contract with you.',
        'Your contact details (e-mail address and mobile number): to confirm your order, contact you about delivery and answer your questions. Legal basis: contract.',
        'Your delivery and billing address: to deliver your frame and issue your invoice. Legal basis: contract and legal obligation.',
        `Your uploaded photos and crops: to print and frame your order. We keep them for ${F.photoRetention} from upload so that you can reorder, then delete them, unless an order that uses them has not yet been delivered. Legal basis: contract.`,
        'Your order records (items, prices, payment reference, status history): to fulfil, support and account for your order. Legal basis: contract and legal obligation (tax and accounting law).',
        'Server logs: to keep the service secure. Legal basis: our legitimate interest in protecting the website and our customers.',
      ],
    },
    {
      id: 'processors',
      heading: 'Who processes it for us',
      paragraphs: [
        `${F.paymentProvider} processes payments and refunds, and our courier partners receive your name, phone number and delivery address. Both are located in India, so your data is processed in India. We share only what each of them needs.`,
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      list: [
        'Access: ask for a copy of the personal data we hold about you.',
        'Rectification: correct details that are wrong or incomplete (most you can change yourself in your account).',
        'Erasure: ask us to delete your data.',
        'Restriction and objection: ask us to stop or limit a particular use of your data.',
        'Portability: receive your account and order data in a common machine-readable format.',
        'Complaint: lodge a complaint with the data protection authority of your country.',
      ],
    },
    {
      id: 'deletion',
      heading: 'How to ask for deletion',
      list: [
        'E-mail us from the address registered to your account, with the subject “Delete my data”. This lets us confirm that the request is yours.',
        'Tell us whether you want everything deleted or only some things, for example your photos or a saved address.',
        `We confirm receipt and reply within ${F.grievanceReply}, and complete the deletion within one month at most.`,
      ],
      after: [
        'We delete your account, saved addresses and photos. Order and payment records that tax and accounting law requires us to keep are retained for the legal period, restricted to that purpose, and then deleted.',
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      paragraphs: [
        'Data travels over encrypted connections, passwords are stored as one-way hashes, card data never reaches our servers, and access to order data is limited to the people who make and ship your order.',
      ],
    },
  ],
};

const disclaimerPolicy: InfoPageContent = {
  id: 'disclaimer-policy',
  path: '/disclaimer-policy',
  navLabel: 'Disclaimer',
  title: 'Disclaimer',
  kind: 'policy',
  effective: true,
  summary:
    'We work hard to make the preview and the information on this website accurate. This page explains the few things we cannot fully control.',
  sections: [
    {
      id: 'preview-and-colour',
      heading: 'The preview and colours',
      paragraphs: [
        'The preview is drawn true to scale, but every screen shows colour and brightness differently. The printed photo and the frame finish may therefore look slightly different from your screen. Wood and other natural finishes vary a little in grain and tone from piece to piece.',
      ],
    },
    {
      id: 'print-quality',
      heading: 'Print quality depends on your photo',
      paragraphs: [
        `We show you the effective resolution of your photo at the size you choose and warn you below ${F.qualityThresholdPpi}. A small or heavily cropped photo printed large can look soft or grainy; we print the photo you send and retouch it only when you ask us to enhance or sharpen it.`,
      ],
    },
    {
      id: 'your-content',
      heading: 'Your content',
      paragraphs: [
        'You are responsible for the photos you upload and for having the right to print them. Framewala does not review photos before printing except to produce your order, and accepts no responsibility for content that infringes the rights of others.',
      ],
    },
    {
      id: 'delivery-estimates',
      heading: 'Delivery estimates',
      paragraphs: [
        `Processing (${F.processing}) and delivery times (${F.deliveryMetros} in metros, ${F.deliveryElsewhere} elsewhere) are estimates. Courier delays, public holidays and events outside our control can occasionally extend them.`,
      ],
    },
    {
      id: 'external-links',
      heading: 'External links and services',
      paragraphs: [
        `Links to WhatsApp, social networks and our payment provider ${F.paymentProvider} lead to services run by other companies, under their own terms and privacy policies.`,
      ],
    },
    {
      id: 'information',
      heading: 'Information on this website',
      paragraphs: [
        'We keep prices, sizes and policies up to date, but mistakes can happen. If a price on the website is clearly wrong, we will contact you before we make your order, and you may cancel for a full refund.',
      ],
    },
  ],
};

const aboutUs: InfoPageContent = {
  id: 'about-us',
  path: '/about-us',
  navLabel: 'About us',
  title: 'About Framewala',
  kind: 'company',
  effective: false,
  summary:
    'Framewala turns the photos on your phone into framed prints you will be proud to hang: sized in inches, previewed true to scale, made in India and delivered to your door.',
  sections: [
    {
      id: 'why',
      heading: 'Why we started',
      paragraphs: [
        'Most of our best moments now live on a phone: a wedding, a first birthday, grandparents on a veranda, a trip to the hills. Getting one of them onto a wall usually means a trip to a frame shop, guessing at sizes, and hoping the print comes out sharp.',
        'Framewala does that whole job online. You upload a photo, choose the size, crop, frame and border, and see exactly what will arrive before you pay.',
      ],
    },
    {
      id: 'how-we-work',
      heading: 'How we make your frame',
      list: [
        'Sizes you understand: preset formats from a 5 × 5 inch square up to a 60 × 33.75 inch panorama, or your own size up to 40 inches a side.',
        `An honest quality check: we calculate the pixels per inch your photo will have at the chosen size and tell you when it drops below ${F.qualityThresholdPpi}, the point where prints start to look soft.`,
        'A crop that fits: the crop box is locked to the shape of your frame, so nothing important is cut off by surprise.',
        'Frames by moulding width: from a slim 0.8 inch profile to a bold 3 inch one, in finishes such as black, white, natural oak, walnut, gold and silver.',
        'An optional white border (mat) between photo and frame, from 0.4 to 4.7 inches, for a gallery look.',
        'A preview that is true to scale, with the finished outer size in inches and centimetres, so you know how it will sit on your wall.',
      ],
    },
    {
      id: 'made-in-india',
      heading: 'Made in India',
      paragraphs: [
        `Every order is printed, framed, checked and packed in India, usually within ${F.processing}, and delivered by our courier partners: in ${F.deliveryMetros} to metro cities and ${F.deliveryElsewhere} to other regions.`,
      ],
    },
    {
      id: 'fair-prices',
      heading: 'Fair, clear prices in rupees',
      paragraphs: [
        'Prices are in rupees and include taxes. The price of a frame follows its size, so a bigger frame costs more and a small one stays affordable: preset sizes start at ₹4.50 per square inch of print, which puts a 12 × 8 inch print at ₹432 before the frame and border you choose. Shipping is calculated at checkout and shown before you pay.',
      ],
    },
    {
      id: 'talk-to-us',
      heading: 'Talk to us',
      paragraphs: [
        'Not sure which size suits your wall, or whether your photo is sharp enough? Message us on WhatsApp or write to us by e-mail. A real person will help you choose.',
      ],
    },
  ],
};

const ourPromises: InfoPageContent = {
  id: 'our-promises',
  path: '/our-promises',
  navLabel: 'Our promises',
  title: 'Our Promises',
  kind: 'company',
  effective: false,
  layout: 'cards',
  summary: 'You are trusting us with a photo that matters and with your money. These are the commitments we make on every order.',
  sections: [
    {
      id: 'what-you-see',
      heading: 'What you see is what you get',
      paragraphs: [
        'The preview shows your photo, border and frame true to scale, with the finished outer size in inches and centimetres. No surprises when the parcel opens.',
      ],
    },
    {
      id: 'honest-quality',
      heading: 'We tell you before it prints blurry',
      paragraphs: [
        `If your photo has fewer pixels per inch at the size you chose than ${F.qualityThresholdPpi}, we say so before you pay, so you can pick a smaller size or a better photo.`,
      ],
    },
    {
      id: 'clear-prices',
      heading: 'Clear prices in rupees',
      paragraphs: [
        'Prices include taxes. Shipping is calculated at checkout and shown before you pay. There are no hidden fees after payment.',
      ],
    },
    {
      id: 'safe-payments',
      heading: 'Safe payments',
      paragraphs: [
        `You pay through ${F.paymentProvider} with UPI, cards and other common methods. Your card number, CVV and UPI PIN never reach our servers.`,
      ],
    },
    {
      id: 'on-time',
      heading: 'Made and shipped on time',
      paragraphs: [
        `We process your order within ${F.processing}. Delivery takes ${F.deliveryMetros} in metro cities and ${F.deliveryElsewhere} elsewhere, and your account shows where your order is.`,
      ],
    },
    {
      id: 'put-right',
      heading: 'We put it right',
      paragraphs: [
        `If your frame arrives damaged, defective or not what you ordered, tell us within ${F.defectReportWindow}. We reprint or replace it at our cost, or refund you in full within ${F.refundTime}.`,
      ],
    },
    {
      id: 'photos-stay-yours',
      heading: 'Your photos stay yours',
      paragraphs: [
        `We use your photos only to make your order. They stay in your account for ${F.photoRetention} so that you can reorder, and are then deleted.`,
      ],
    },
    {
      id: 'real-reply',
      heading: 'A real reply',
      paragraphs: [
        `Questions get an answer from a person, on WhatsApp or by e-mail. Every grievance is answered within ${F.grievanceReply}.`,
      ],
    },
  ],
};

export const INFO_PAGES: Record<InfoPageId, InfoPageContent> = {
  'terms-and-conditions': termsAndConditions,
  'privacy-policy': privacyPolicy,
  'cancellations-refunds': cancellationsRefunds,
  'shipping-policy': shippingPolicy,
  'gdpr-compliance-policy': gdprCompliancePolicy,
  'disclaimer-policy': disclaimerPolicy,
  'about-us': aboutUs,
  'our-promises': ourPromises,
};

export const COMPANY_PAGES: InfoPageContent[] = [aboutUs, ourPromises];

export const POLICY_PAGES: InfoPageContent[] = [
  shippingPolicy,
  cancellationsRefunds,
  termsAndConditions,
  privacyPolicy,
  gdprCompliancePolicy,
  disclaimerPolicy,
];

/** Every static information page, in footer order. */
export const ALL_INFO_PAGES: InfoPageContent[] = [...COMPANY_PAGES, ...POLICY_PAGES];
