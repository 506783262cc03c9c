import { Flex } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Language } from '@admin/shared/contract';
import {
  CompanyBlock,
  documentLanguage,
  PrintDocument,
  PrintFooter,
  PrintLanguageSwitch,
  useCompanySettings,
  usePrintCustomer,
  usePrintMode,
} from './print-document';
import { PrintPage, type PrintPageProps } from './print-sheet';
import { printText, type PrintTextKey } from './print-texts';
import { SendDocument, type DocumentSending } from './send-document';
import { ShareDocument, type DocumentShare } from './share-document';

export interface PrintedDocumentProps<D> {
  /** The document's record: a spinner while it loads, `errorText` when it cannot be. */
  query: Pick<UseQueryResult<D>, 'isPending' | 'isError' | 'data'>;
  /** Where the Back button goes, and its label ('Back to Invoices'); none on a page of its own. */
  back?: PrintPageProps['back'];
  errorText: string;
  /** Whose document it is: their record fills the customer block, their language is the document's at first. */
  customerId?: string;
  /**
   * A report for staff rather than a customer (the collections): printed in this language, the
   * screen's, with no language switch, so its texts can be the screen's own.
   */
  language?: Language;
  /** The document's kind, beside the company's name ('invoice': 'Invoice' / 'فاتورة'). */
  titleKey: PrintTextKey;
  /** The sheet's name for assistive technology, in the document's language ('Invoice INV-000042'). */
  sheetLabel: (record: D) => { key: PrintTextKey; values: Record<string, string | number> };
  /** More toolbar buttons before Print (a CSV download). */
  actions?: ReactNode;
  /** Where the document's link is made: 'Copy link' and 'Share on WhatsApp' are offered once it has loaded. */
  share?: DocumentShare;
  /** Where the document is mailed (POST …/send) and how the dialog is checked: 'Send' is offered, to the customer's e-mail, once it has loaded. */
  send?: DocumentSending | false;
  /** Controls before the language switch (a period). */
  toolbar?: ReactNode;
  /** What the document says, between the company block and the footer. */
  children: (record: D) => ReactNode;
}

/**
 * A printed document's frame, the same for every document customers receive: Back, the actions
 * and Print above the sheet, the document language switch (the customer's preferred language
 * until another is chosen), and on the A4 sheet the company block with its logo at the top and
 * the company's footer at the bottom.
 */
export function PrintedDocument<D>({
  query,
  back,
  errorText,
  customerId,
  language,
  titleKey,
  sheetLabel,
  actions,
  share,
  send,
  toolbar,
  children,
}: PrintedDocumentProps<D>) {
  const customer = usePrintCustomer(customerId);
  const company = useCompanySettings();
  const [chosen, setMode] = usePrintMode(customer.data?.preferredLanguage);
  const mode = language ?? chosen;
  const record = query.data;
  // Whatever fills the sheet around the record has arrived: a PDF is taken from it then.
  const ready = !company.isPending && (!customerId || !customer.isPending);
  const label = record === undefined ? undefined : sheetLabel(record);
  const documentName = label ? printText(documentLanguage(mode), label.key, label.values) : '';
  return (
    <PrintPage
      back={back}
      state={query.isPending ? 'loading' : query.isError ? 'error' : 'ready'}
      errorText={errorText}
      actions={
        <>
          {actions}
          {share && label && (
            <ShareDocument share={share} language={mode} documentName={documentName} mobile={customer.data?.mobile} />
          )}
          {send && label && (
            <SendDocument sending={send} language={mode} documentName={documentName} email={customer.data?.email} />
          )}
        </>
      }
      toolbar={
        <Flex mb="4" gap="4" wrap="wrap" align="end">
          {toolbar}
          {!language && <PrintLanguageSwitch mode={mode} onChange={setMode} />}
        </Flex>
      }
    >
      {record !== undefined && label && (
        <PrintDocument mode={mode} company={company.data} customer={customer.data} label={documentName} ready={ready}>
          <CompanyBlock titleKey={titleKey} />
          {children(record)}
          <PrintFooter />
        </PrintDocument>
      )}
    </PrintPage>
  );
}
