import {
  permissionsOf,
  type Approval,
  type ApprovalKind,
  type Language,
  type Permission,
} from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Actor } from '../../audit/trail';
import type { Transaction } from '../../db/connect';
import { users } from '../../db/schema';
import { enqueueMail } from '../mail/outbox';

/** The permission each kind's write asks: who may approve it needs it too. */
export const KIND_WRITE_PERMISSION: Record<ApprovalKind, Permission> = {
  refund: 'payments.refund',
  creditNote: 'creditNotes.create',
  writeOff: 'invoices.writeOff',
  bounce: 'cheques.manage',
};

/** Each kind as staff name it, in both languages (the audit trail's label reads the English). */
export const KIND_WORDS: Record<Language, Record<ApprovalKind, string>> = {
  en: { refund: 'Refund', creditNote: 'Credit note', writeOff: 'Write-off', bounce: 'Cheque bounce' },
  ar: { refund: 'استرداد', creditNote: 'إشعار دائن', writeOff: 'شطب', bounce: 'ارتداد شيك' },
};

// {{name}}, {{maker}}, {{decider}}, {{request}}, {{customer}}, {{reason}} are filled per message.
const TEXTS = {
  en: {
    askedSubject: 'Approval needed: {{request}} for {{customer}}',
    asked:
      'Dear {{name}},\n\n{{maker}} asks for your approval: {{request}} for {{customer}}.\n\nOpen Approvals in Admin System to approve or reject it.',
    approvedSubject: 'Approved: {{request}} for {{customer}}',
    approved: 'Dear {{name}},\n\n{{decider}} approved your request: {{request}} for {{customer}}. It is done.',
    rejectedSubject: 'Rejected: {{request}} for {{customer}}',
    rejected:
      'Dear {{name}},\n\n{{decider}} rejected your request: {{request}} for {{customer}}. Nothing was changed.\n\nReason: {{reason}}',
  },
  ar: {
    askedSubject: 'مطلوب اعتماد: {{request}} للعميل {{customer}}',
    asked:
      'السيد/ة {{name}}،\n\nيطلب {{maker}} اعتمادكم: {{request}} للعميل {{customer}}.\n\nافتحوا الاعتمادات في Admin System للاعتماد أو الرفض.',
    approvedSubject: 'اعتُمد: {{request}} للعميل {{customer}}',
    approved: 'السيد/ة {{name}}،\n\nاعتمد {{decider}} طلبكم: {{request}} للعميل {{customer}}. وقد نُفّذ.',
    rejectedSubject: 'رُفض: {{request}} للعميل {{customer}}',
    rejected:
      'السيد/ة {{name}}،\n\nرفض {{decider}} طلبكم: {{request}} للعميل {{customer}}. لم يتغير شيء.\n\nالسبب: {{reason}}',
  },
} as const;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

interface Recipient {
  id: string;
  name: string;
  email: string | null;
  language: Language | null;
}

/** A notice to one colleague, in their language, through the outbox in the caller's transaction. */
function notify(
  tx: Transaction,
  actor: Actor,
  to: Recipient & { email: string },
  approval: Approval,
  subject: keyof (typeof TEXTS)['en'],
  text: keyof (typeof TEXTS)['en'],
  values: Record<string, string>,
) {
  const language = to.language ?? 'en';
  const all = {
    ...values,
    name: to.name,
    request: `${KIND_WORDS[language][approval.kind]} ${formatKd(approval.amount, language)}`,
    customer: approval.customer.customerName,
  };
  return enqueueMail(tx, {
    to: to.email,
    subject: fill(TEXTS[language][subject], all),
    text: fill(TEXTS[language][text], all),
    language,
    relatesTo: { kind: 'approval', id: approval._id },
    actor,
  });
}

const recipientColumns = { id: users.id, name: users.name, email: users.email, language: users.language };
const withEmail = (people: Recipient[]) =>
  people.filter((person): person is Recipient & { email: string } => Boolean(person.email));

/**
 * Tells every colleague who may decide a request just made (active, with an e-mail, allowed to
 * decide and to make the write itself), never its maker, that it waits for them.
 */
export async function noticeOfRequest(tx: Transaction, maker: Actor, approval: Approval): Promise<void> {
  const needed: Permission[] = ['approvals.decide', KIND_WRITE_PERMISSION[approval.kind]];
  const people = await tx
    .select({ ...recipientColumns, role: users.role })
    .from(users)
    .where(and(eq(users.active, true), isNotNull(users.email), maker.id ? ne(users.id, maker.id) : undefined));
  const deciders = people.filter((person) => needed.every((p) => permissionsOf(person.role).includes(p)));
  for (const person of withEmail(deciders))
    await notify(tx, maker, person, approval, 'askedSubject', 'asked', { maker: approval.requestedBy.name });
}

/** Tells the maker of a request what was decided, by whom and (a rejection) why. */
export async function noticeOfDecision(tx: Transaction, decider: Actor, approval: Approval): Promise<void> {
  const [maker] = withEmail(
    await tx.select(recipientColumns).from(users).where(eq(users.id, approval.requestedBy._id)),
  );
  if (!maker) return;
  const rejected = approval.status === 'rejected';
  await notify(
    tx,
    decider,
    maker,
    approval,
    rejected ? 'rejectedSubject' : 'approvedSubject',
    rejected ? 'rejected' : 'approved',
    { decider: approval.decidedBy?.name ?? decider.username, reason: approval.reason ?? '' },
  );
}
