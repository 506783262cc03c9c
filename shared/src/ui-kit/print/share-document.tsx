import { Button, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { api, dataOf } from '@admin/shared/api';
import type { Answer, DocumentLink, DocumentLanguage } from '@admin/shared/contract';
import { formatDay, toDay } from '@admin/shared/dates';
import { notifySuccess } from '@admin/shared/ui';
import { useScreenPrintText } from './print-texts';

/** Where a document's link is made, and what else it needs (a statement's period). */
export interface DocumentShare {
  /** POST address of the link, e.g. /invoices/{id}/link. */
  path: string;
  body?: Record<string, string | undefined>;
}

/** wa.me takes the number in international form, digits only; without one WhatsApp asks whom to send to. */
const whatsAppAddress = (mobile: string | null | undefined, text: string) =>
  `https://wa.me/${(mobile ?? '').replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;

/**
 * 'Copy link' and 'Share on WhatsApp' beside Print: the API keeps the document's PDF in the
 * language shown behind a link that opens it without signing in until it expires
 * (POST …/link). WhatsApp gets a plain wa.me link with the document's name and that link.
 */
export function ShareDocument({
  share,
  language,
  documentName,
  mobile,
}: {
  share: DocumentShare;
  language: DocumentLanguage;
  /** 'Invoice INV-000042', the message's first words. */
  documentName: string;
  /** The customer's, when known: WhatsApp opens their chat. */
  mobile?: string | null;
}) {
  const t = useScreenPrintText();
  const [link, setLink] = useState<DocumentLink>();
  const [busy, setBusy] = useState(false);
  const until = link && formatDay(toDay(link.expiresAt));

  const makeLink = async () => {
    setBusy(true);
    try {
      const made = await api.post<Answer<DocumentLink>>(share.path, { ...share.body, lang: language }).then(dataOf);
      setLink(made);
      return made;
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    const made = await makeLink().catch(() => undefined);
    if (!made) return;
    // Without the clipboard (a page not served over HTTPS), the link shown beside the buttons is there to copy.
    await navigator.clipboard?.writeText(made.url).then(
      () => notifySuccess(t('linkCopied', { date: formatDay(toDay(made.expiresAt)) })),
      () => undefined,
    );
  };

  const whatsApp = async () => {
    // Opened on the click itself, so no popup blocker stops it; pointed at WhatsApp once the link exists.
    const tab = window.open('', '_blank');
    const made = await makeLink().catch(() => undefined);
    if (!made) return tab?.close();
    if (tab) tab.location.href = whatsAppAddress(mobile, `${documentName}: ${made.url}`);
  };

  return (
    <>
      <Button size="sm" variant="outline" loading={busy} onClick={copy}>
        {t('copyLink')}
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={whatsApp}>
        {t('shareWhatsApp')}
      </Button>
      {link && (
        <Input
          size="sm"
          width="auto"
          minW="64"
          readOnly
          value={link.url}
          aria-label={t('sharedLink', { date: until ?? '' })}
          onFocus={(event) => event.currentTarget.select()}
        />
      )}
    </>
  );
}
