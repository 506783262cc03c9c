import { createHash } from 'node:crypto';
import {
  DOCUMENT_SEND_MESSAGES,
  type Customer,
  type DocumentLanguage,
  type Language,
  type OutboxMessageDetail,
} from '@admin/shared/contract';
import { formatDay, type CalendarDay } from '@admin/shared/dates';
import { formatKd, type Fils } from '@admin/shared/money';
import { appendAudit, type Actor } from '../../audit/trail';
import type { Database, Transaction } from '../../db/connect';
import { badRequest, conflict } from '../../http/errors';
import { mailQueued } from '../../lib/mail-queued';
import { enqueueMail, readOutboxMessage } from '../mail/outbox';
import type { SharedDocument } from './links';

/** What a sent document's mail says, beside its PDF: its number, amount and period. */
export interface DocumentFacts {
  number: string;
  amount: Fils;
  period?: { from: CalendarDay; to: CalendarDay };
}

type Kind = SharedDocument['kind'];
type Texts = Record<Kind, { subject: string; text: string }>;

// {{customer}}, {{company}}, {{number}}, {{amount}}, {{from}}, {{to}} are filled per message.
const ENGLISH: Texts = {
  invoice: {
    subject: 'Invoice {{number}} from {{company}}',
    text: 'Please find attached invoice {{number}} for {{amount}}.',
  },
  'credit-note': {
    subject: 'Credit note {{number}} from {{company}}',
    text: 'Please find attached credit note {{number}} for {{amount}}.',
  },
  receipt: {
    subject: 'Receipt {{number}} from {{company}}',
    text: 'Please find attached receipt {{number}} for your payment of {{amount}}. Thank you.',
  },
  statement: {
    subject: 'Statement of account from {{company}}',
    text: 'Please find attached your statement of account from {{from}} to {{to}}. Your balance on {{to}} is {{amount}}.',
  },
};

const ARABIC: Texts = {
  invoice: {
    subject: 'فاتورة {{number}} من {{company}}',
    text: 'تجدون مرفقًا الفاتورة رقم {{number}} بمبلغ {{amount}}.',
  },
  'credit-note': {
    subject: 'إشعار دائن {{number}} من {{company}}',
    text: 'تجدون مرفقًا إشعار الدائن رقم {{number}} بمبلغ {{amount}}.',
  },
  receipt: {
    subject: 'سند قبض {{number}} من {{company}}',
    text: 'تجدون مرفقًا سند القبض رقم {{number}} عن دفعتكم بمبلغ {{amount}}. شكرًا لكم.',
  },
  statement: {
    subject: 'كشف حساب من {{company}}',
    text: 'تجدون مرفقًا كشف حسابكم من {{from}} إلى {{to}}. رصيدكم في {{to}} هو {{amount}}.',
  },
};

const GREETING = { en: 'Dear {{customer}},', ar: 'السادة {{customer}}،' };
const SIGN_OFF = { en: 'Kind regards,\n{{company}}', ar: 'مع أطيب التحيات،\n{{company}}' };
const TEXTS: Record<Language, Texts> = { en: ENGLISH, ar: ARABIC };

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** The company as a customer reads it: its name in their language, else in the other one. */
export interface CompanyNames {
  companyNameEn: string;
  companyNameAr: string;
}

function letter(kind: Kind, language: Language, facts: DocumentFacts, customer: Customer, company: CompanyNames) {
  const names =
    language === 'ar' ? [company.companyNameAr, company.companyNameEn] : [company.companyNameEn, company.companyNameAr];
  const values = {
    customer: (language === 'ar' && customer.customerAlternateName) || customer.customerName,
    company: names.find(Boolean) ?? '',
    number: facts.number,
    amount: formatKd(facts.amount, language),
    from: facts.period ? formatDay(facts.period.from) : '',
    to: facts.period ? formatDay(facts.period.to) : '',
  };
  const { subject, text } = TEXTS[language][kind];
  return {
    // Without a company name the subject ends at the document, not at a dangling 'from'.
    subject: fill(values.company ? subject : subject.replace(/ (from|من) \{\{company\}\}$/, ''), values),
    text: [GREETING[language], text, SIGN_OFF[language]]
      .map((part) => fill(part, values))
      .join('\n\n')
      .trim(),
  };
}

/** The message in the document's language; a bilingual document's message is English, then Arabic. */
export function documentLetter(
  kind: Kind,
  language: DocumentLanguage,
  facts: DocumentFacts,
  customer: Customer,
  company: CompanyNames,
) {
  if (language !== 'both') return letter(kind, language, facts, customer, company);
  const [en, ar] = (['en', 'ar'] as const).map((one) => letter(kind, one, facts, customer, company));
  return { subject: `${en!.subject} / ${ar!.subject}`, text: `${en!.text}\n\n---\n\n${ar!.text}` };
}

/**
 * Who a document goes to: the addresses asked for, else the customer's. 400 when there is none;
 * 409 for a customer who does not accept e-mail, whoever it would go to: consent is kept on the
 * customer (and its change audited there), not overridden one message at a time.
 */
export function recipientsOf(customer: Customer, asked: string | null | undefined): string {
  if (!customer.acceptsEmail) throw conflict(DOCUMENT_SEND_MESSAGES.declined);
  const to = asked || customer.email;
  if (!to) throw badRequest(DOCUMENT_SEND_MESSAGES.noEmail, { to: DOCUMENT_SEND_MESSAGES.noEmail });
  return to;
}

export interface DocumentMail {
  document: SharedDocument;
  to: string;
  language: DocumentLanguage;
  /** The customer's language: what Sent mail says the message is written in for a bilingual one. */
  customerLanguage: Language;
  subject: string;
  text: string;
}

/**
 * Writes the document's message, its PDF attached, to the outbox and records the sending in the
 * audit trail with the PDF's SHA-256, in one transaction; the mail worker sends it (or keeps it
 * queued while no mail server is configured). Answers the outbox entry.
 */
export async function sendDocument(
  db: Database,
  actor: Actor,
  mail: DocumentMail,
  /** What else the sending writes in its transaction (a job's record that it went). */
  alongside?: (tx: Transaction, outboxId: string) => Promise<void>,
): Promise<OutboxMessageDetail> {
  const { document } = mail;
  const digest = createHash('sha256').update(document.pdf).digest('hex');
  const message = await db.transaction(async (tx) => {
    const id = await enqueueMail(tx, {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      attachments: [{ filename: document.filename, contentType: 'application/pdf', content: document.pdf }],
      language: mail.language === 'both' ? mail.customerLanguage : mail.language,
      relatesTo: { kind: document.kind, id: document.recordId },
      actor,
    });
    await appendAudit(tx, actor, [
      {
        action: 'send',
        entityType: document.entityType,
        entityId: document.recordId,
        label: document.label,
        changes: [
          { field: 'document', before: null, after: document.filename },
          { field: 'to', before: null, after: mail.to },
          { field: 'language', before: null, after: mail.language },
          { field: 'outboxMessage', before: null, after: id },
          { field: 'sha256', before: null, after: digest },
        ],
      },
    ]);
    await alongside?.(tx, id);
    return readOutboxMessage(tx, id);
  });
  mailQueued();
  return message;
}
