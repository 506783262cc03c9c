import type { Language } from '@admin/shared/contract';
import { useLanguage } from '@admin/shared/i18n';
import type { AreaPrintTextKey } from '../areas/print-texts';

/**
 * The words of printed documents in both languages at once: a document is printed in the
 * customer's language (or both, side by side), whatever language the screen is in, so these are
 * not a screen catalogue loaded for the active language. The type keeps both languages' keys equal.
 */
const ENGLISH = {
  companyNotSet: 'Company details not set',
  print: 'Print',
  loading: 'Loading',
  bilingual: 'Bilingual',
  printLanguage: 'Print language',
  phone: 'Phone',
  email: 'Email',
  commercialRegistration: 'CR No.',
  mobile: 'Mobile',
  idNumber: 'Civil ID / CR No.',
  invoice: 'Invoice',
  date: 'Date',
  status: 'Status',
  notes: 'Notes',
  copyLink: 'Copy link',
  shareWhatsApp: 'Share on WhatsApp',
  linkCopied: 'Link copied: it opens the PDF until {{date}}',
  sharedLink: 'Link to the PDF, valid until {{date}}',
  send: 'Send',
  sendTitle: 'Send {{document}} by e-mail',
  sendTo: 'To',
  sendToHint: 'One or several addresses, separated by commas',
  sendLanguage: 'Language',
  sendQueued: 'E-mail to {{to}} queued: Sent mail shows when it has gone',
};

const ARABIC: Record<keyof typeof ENGLISH, string> = {
  companyNotSet: 'لم تُدخل بيانات الشركة',
  print: 'طباعة',
  loading: 'جارٍ التحميل',
  bilingual: 'ثنائي اللغة',
  printLanguage: 'لغة الطباعة',
  phone: 'الهاتف',
  email: 'البريد الإلكتروني',
  commercialRegistration: 'رقم السجل التجاري',
  mobile: 'الهاتف النقال',
  idNumber: 'الرقم المدني / السجل التجاري',
  invoice: 'فاتورة',
  date: 'التاريخ',
  status: 'الحالة',
  notes: 'ملاحظات',
  copyLink: 'نسخ الرابط',
  shareWhatsApp: 'مشاركة عبر واتساب',
  linkCopied: 'نُسخ الرابط: يفتح ملف PDF حتى {{date}}',
  sharedLink: 'رابط ملف PDF، صالح حتى {{date}}',
  send: 'إرسال',
  sendTitle: 'إرسال {{document}} بالبريد الإلكتروني',
  sendTo: 'إلى',
  sendToHint: 'عنوان واحد أو أكثر، تفصل بينها فواصل',
  sendLanguage: 'اللغة',
  sendQueued: 'أُدرجت رسالة إلى {{to}} في صندوق الصادر: يظهر في البريد المرسل متى أُرسلت',
};

/** Print words in both languages, by key. */
export type PrintTexts = Record<Language, Readonly<Record<string, string>>>;

/**
 * The page's print words: the kit's own (the company block, the print toolbar) and each loaded
 * area's (its documents: invoices, statements, receipts…), which the area hands over as it loads
 * (sharePrintTexts), so a document an area adds or rewords needs no host release.
 */
const PRINT_TEXTS: Record<Language, Record<string, string>> = { en: { ...ENGLISH }, ar: { ...ARABIC } };
export type PrintTextKey = keyof typeof ENGLISH | AreaPrintTextKey;

/** Adds an area's print words to the page's. */
export function sharePrintTexts(texts: PrintTexts): void {
  Object.assign(PRINT_TEXTS.en, texts.en);
  Object.assign(PRINT_TEXTS.ar, texts.ar);
}

/** A print text in `language`, its {{placeholders}} filled; a key no loaded app has given reads as itself. */
export function printText(language: Language, key: PrintTextKey, values: Record<string, string | number> = {}): string {
  return (PRINT_TEXTS[language][key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A print view's screen text (its toolbar, Back, errors) in the screen's language. */
export function useScreenPrintText() {
  const language = useLanguage();
  return (key: PrintTextKey, values?: Record<string, string | number>) => printText(language, key, values);
}
