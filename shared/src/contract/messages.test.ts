import { describe, expect, it } from '@rstest/core';
import { languageOfHeader, pickLanguage } from './languages';
import { localizeErrorBody, localizeMessage } from './messages';

const ar = {
  'At most 3 decimals': 'ثلاث منازل عشرية على الأكثر',
  'Unknown field "{{field}}"': 'حقل غير معروف "{{field}}"',
  '{{label}} must be at least {{min}}': '{{label}} يجب ألا يقل عن {{min}}',
  page: 'الصفحة',
};

describe('localizeMessage', () => {
  it('translates a whole message and leaves an unknown one as it is', () => {
    expect(localizeMessage('At most 3 decimals', ar)).toBe('ثلاث منازل عشرية على الأكثر');
    expect(localizeMessage('Something else', ar)).toBe('Something else');
  });

  it('fills a template with the parts of the English message, translating catalogued parts', () => {
    expect(localizeMessage('Unknown field "isAdmin"', ar)).toBe('حقل غير معروف "isAdmin"');
    expect(localizeMessage('page must be at least 1', ar)).toBe('الصفحة يجب ألا يقل عن 1');
  });

  it('translates the message and every field message of an error body', () => {
    expect(
      localizeErrorBody(
        { message: 'At most 3 decimals', errors: { amount: 'At most 3 decimals' }, requestId: 'r' },
        ar,
      ),
    ).toEqual({
      message: 'ثلاث منازل عشرية على الأكثر',
      errors: { amount: 'ثلاث منازل عشرية على الأكثر' },
      requestId: 'r',
    });
  });
});

describe('languages', () => {
  it('picks the first language the product speaks, by Accept-Language weight', () => {
    expect(languageOfHeader('ar-KW,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(languageOfHeader('fr-FR, en;q=0.5, ar;q=0.7')).toBe('ar');
    expect(languageOfHeader('fr')).toBe('en');
    expect(languageOfHeader(undefined)).toBe('en');
    expect(pickLanguage(['de-DE', 'en-US'])).toBe('en');
  });
});

describe('localizeMessage with parts', () => {
  const catalogue = {
    'A user named "{{username}}" already exists': 'يوجد مستخدم باسم "{{username}}" بالفعل',
    'A {{noun}} named "{{name}}" already exists': 'يوجد سجل ({{noun}}) باسم "{{name}}" بالفعل',
    'Cannot delete: {{first}} and {{second}} use this {{thing}}':
      'لا يمكن الحذف لأن هذا السجل ({{thing}}) مستخدم في {{first}} و{{second}}',
    '{{n}} invoices': '{{n}} من الفواتير',
    '{{n}} scheduled invoices': '{{n}} من الفواتير المجدولة',
    '1 payment': 'دفعة واحدة',
    customer: 'عميل',
    city: 'مدينة',
    'Refund of {{amount}} exceeds the advance balance of {{balance}}':
      'مبلغ الاسترداد {{amount}} يتجاوز الرصيد البالغ {{balance}}',
    '{{amount}} KD': '{{amount}} د.ك',
  };

  it('prefers the template with more fixed text, and never translates quoted user input', () => {
    expect(localizeMessage('A user named "city" already exists', catalogue)).toBe('يوجد مستخدم باسم "city" بالفعل');
    expect(localizeMessage('A customer named "customer" already exists', catalogue)).toBe(
      'يوجد سجل (عميل) باسم "customer" بالفعل',
    );
  });

  it('localizes parts that are themselves templates: counted records and amounts', () => {
    expect(localizeMessage('Cannot delete: 2 scheduled invoices and 1 payment use this customer', catalogue)).toBe(
      'لا يمكن الحذف لأن هذا السجل (عميل) مستخدم في 2 من الفواتير المجدولة ودفعة واحدة',
    );
    expect(localizeMessage('Refund of 1,234.567 KD exceeds the advance balance of 0.500 KD', catalogue)).toBe(
      'مبلغ الاسترداد 1,234.567 د.ك يتجاوز الرصيد البالغ 0.500 د.ك',
    );
  });
});
