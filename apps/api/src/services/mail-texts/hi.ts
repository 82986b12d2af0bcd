import { formatMeasure, type ArrivesBy } from '@framewala/domain';
import type { MailLine, MailTexts } from './types';
import { inIndia } from './format';

/**
 * Hindi, as shops write it (docs/hindi-glossary.md): polite आप, short sentences, loanwords customers say (फ़्रेम,
 * साइज़, ऑर्डर, डिलीवरी), Latin digits and ₹ amounts. Catalogue names (frame and border names) are the shop's own:
 * the Hindi the order recorded, else the English as it is.
 */

/** 1 घंटे, 2 घंटे, 30 मिनट (the oblique form, as in '1 घंटे बाद'). */
const duration = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} घंटे` : `${minutes} मिनट`);

/** '12x18' → '12 × 18 इंच'. */
const size = (l: MailLine) => `${l.sizeName.replace(/(\d)\s*x\s*(\d)/gi, '$1 × $2')} इंच`;

/** 'वॉलनट (क्लासिक)': the finish and its set, in Hindi where the order has it. */
const frame = (l: MailLine) => `${l.finishNameHi || l.finishName} (${l.frameSetNameHi || l.frameSetName})`;

const borderWidth = (l: MailLine) => `${l.borderNameHi || l.borderName} (${formatMeasure(l.borderIn)} इंच)`;

/** 'सफ़ेद बॉर्डर पतला (0.8 इंच)', or 'बिना सफ़ेद बॉर्डर': a line's border in a list of lines. */
const whiteBorder = (l: MailLine) => (l.borderIn > 0 ? `सफ़ेद बॉर्डर ${borderWidth(l)}` : 'बिना सफ़ेद बॉर्डर');

/** A delivery date (YYYY-MM-DD, India) as the order page names it in Hindi: 'बुध, 2 दिस॰'. */
const deliveryDate = (date: string) => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return inIndia(new Date(Date.UTC(year, month - 1, day, 6, 30)), 'hi', { weekday: 'short', day: 'numeric', month: 'short' });
};

/** 'बुध, 2 दिस॰ से शनि, 5 दिस॰ के बीच पहुँचेगा', as the order page and /success say it. */
const arrivesBetween = (window: ArrivesBy) => `${deliveryDate(window.earliest)} से ${deliveryDate(window.latest)} के बीच पहुँचेगा`;

export const hi: MailTexts = {
  hello: (firstName) => (firstName.trim() ? `नमस्ते ${firstName} जी,` : 'नमस्ते,'),
  questions: (email, phone) => `कोई सवाल हो, तो ${email} पर लिखें या ${phone} पर कॉल करें।`,
  signature: (shop) => `— ${shop}`,

  reset: {
    subject: (shop) => `अपना ${shop} पासवर्ड बदलें`,
    asked: (shop, email) => `आपके ${shop} खाते (${email}) का पासवर्ड बदलने का अनुरोध मिला है।`,
    chooseHere: 'नया पासवर्ड यहाँ चुनें:',
    button: 'नया पासवर्ड चुनें',
    copyLink: 'अगर बटन काम न करे, तो यह पता कॉपी करके अपने ब्राउज़र में खोलें:',
    validity: (minutes, at) =>
      `यह लिंक सिर्फ़ एक बार काम करेगा और ${duration(minutes)} बाद (${inIndia(at, 'hi', { weekday: 'long', day: 'numeric', month: 'long' })}, ${inIndia(at, 'hi', { hour: 'numeric', minute: '2-digit', dayPeriod: 'long' })} बजे IST) ख़त्म हो जाएगा।`,
    notYou: 'अगर यह अनुरोध आपने नहीं किया, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड नहीं बदलेगा।',
    questions: (email) => `कोई सवाल हो, तो ${email} पर लिखें।`,
  },

  loginCode: {
    subject: (shop, code) => `${shop} में साइन इन करने का आपका कोड ${code} है`,
    useThis: (shop) => `${shop} में साइन इन करने का आपका कोड:`,
    validity: (minutes) => `इसे साइन इन पेज पर डालें। यह कोड सिर्फ़ एक बार, ${minutes} मिनट के अंदर काम करेगा।`,
    notYou: 'अगर आपने कोड नहीं माँगा, तो इस ई-मेल को अनदेखा करें: इस कोड के बिना कोई साइन इन नहीं कर सकता। यह कोड किसी को न बताएँ।',
  },

  confirmation: {
    subject: (shop, orderId) => `${shop}: आपका ऑर्डर ${orderId} कन्फ़र्म हो गया है`,
    thanks: (orderId, paymentId) => `ऑर्डर ${orderId} के लिए धन्यवाद। आपका भुगतान ${paymentId} हमें मिल गया है।`,
    item: (position, l, quantity, price) => `${position}. ${size(l)}, ${frame(l)}, ${whiteBorder(l)}, मात्रा ${quantity}: ${price}`,
    print: (l) => `प्रिंट: ${size(l)}`,
    frame: (l) => `फ़्रेम: ${frame(l)}, ${formatMeasure(l.mouldingIn)} इंच मोल्डिंग`,
    border: (l) => `सफ़ेद बॉर्डर: ${l.borderIn > 0 ? borderWidth(l) : 'नहीं'}`,
    quantity: (quantity) => `मात्रा: ${quantity}`,
    shipping: (price) => `डिलीवरी शुल्क: ${price ?? 'मुफ़्त'}`,
    discount: (price, code) => `छूट${code ? ` (${code})` : ''}: ${price}`,
    totalPaid: (price) => `कुल भुगतान: ${price}`,
    arrives: (window) => `आपका ऑर्डर ${arrivesBetween(window)} (हमारा अनुमान)।`,
    deliveringTo: (address) => `डिलीवरी का पता: ${address}`,
  },

  status: {
    shippedSubject: (shop, orderId) => `${shop}: आपका ऑर्डर ${orderId} भेज दिया गया है`,
    deliveredSubject: (shop, orderId) => `${shop}: आपका ऑर्डर ${orderId} डिलीवर हो गया है`,
    shippedHeadline: (orderId) => `आपका ऑर्डर ${orderId} भेज दिया गया है और रास्ते में है।`,
    deliveredHeadline: (orderId) => `आपका ऑर्डर ${orderId} डिलीवर हो गया है।`,
    carrier: (carrier) => `कूरियर कंपनी: ${carrier}`,
    trackingNumber: (number) => `ट्रैकिंग नंबर: ${number}`,
    frame: (l, quantity) => `फ़्रेम: ${frame(l)}, प्रिंट ${size(l)}${quantity > 1 ? `, ${quantity} पीस` : ''}`,
    item: (position, l, quantity) => `${position}. ${size(l)}, ${frame(l)}, ${whiteBorder(l)}, मात्रा ${quantity}`,
    deliveringTo: (address) => `डिलीवरी का पता: ${address}`,
    enjoy: 'उम्मीद है कि आपकी दीवार पर यह फ़्रेम बहुत सुंदर लगेगा। अगर कोई गड़बड़ हो, तो इस ई-मेल का जवाब दें या हमें कॉल करें।',
    cancelledSubject: (shop, orderId) => `${shop}: आपका ऑर्डर ${orderId} रद्द हो गया है`,
    cancelledHeadline: (orderId) => `आपके कहने पर आपका ऑर्डर ${orderId} रद्द कर दिया गया है। हम इसे नहीं बनाएँगे।`,
    refund: (price, days) =>
      `आपका पूरा भुगतान ${price} उसी कार्ड, UPI या बैंक खाते में वापस भेजा जा रहा है जिससे आपने भुगतान किया था। यह ${days} कामकाजी दिनों में आपको मिल जाएगा।`,
    creditNote: (number, invoice) => `क्रेडिट नोट ${number} टैक्स इनवॉइस ${invoice} को रद्द करता है।`,
    seeOrder: (link) => `अपना ऑर्डर देखें: ${link}`,
    button: 'अपना ऑर्डर देखें',
  },
};
