import { Box, Button, Flex, Group, Heading, Image, Text } from '@chakra-ui/react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, use, useContext, useEffect, type ReactNode } from 'react';
import { api, dataOf } from '@admin/shared/api';
import {
  type Answer,
  directionOf,
  isLanguage,
  LANGUAGES,
  CORE_RESOURCES,
  type CompanySettings,
  type Customer,
  type Language,
} from '@admin/shared/contract';
import { formatDay, type Day } from '@admin/shared/dates';
import { createKeys, recordQuery } from '@admin/shared/query';
import { arabicIndicDigits, formatKd, type Fils } from '@admin/shared/money';
import { useSearchParams } from '@admin/shared/router';
import { PrintSheet } from './print-sheet';
import { printText, useScreenPrintText, type PrintTextKey } from './print-texts';

/** A printed document's language: one of the two, or both side by side. */
export type PrintMode = Language | 'both';

/** The language a document's single texts (its name, amounts' currency) are written in: English when bilingual. */
export function documentLanguage(mode: PrintMode): Language {
  return mode === 'ar' ? 'ar' : 'en';
}
export const PRINT_MODES: PrintMode[] = ['en', 'ar', 'both'];

/** The company block and footer of every printed document (GET /settings/company). */
export const companySettingsQuery = queryOptions({
  queryKey: createKeys(CORE_RESOURCES.companySettings).all,
  queryFn: ({ signal }) =>
    api.get<Answer<CompanySettings>>(CORE_RESOURCES.companySettings.path, { signal }).then(dataOf),
  staleTime: 60_000,
});

/**
 * The print language chosen on the print view (?print=en|ar|both, so a link keeps it), or the
 * customer's preferred language.
 */
export function usePrintMode(preferred: Language | undefined): [PrintMode, (mode: PrintMode) => void] {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('print');
  const mode: PrintMode = chosen === 'both' || isLanguage(chosen) ? chosen : (preferred ?? 'en');
  const choose = (next: PrintMode) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('print', next);
        return updated;
      },
      { replace: true },
    );
  return [mode, choose];
}

/** English / العربية / Bilingual above the sheet; each language named in itself. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

export function PrintLanguageSwitch({ mode, onChange }: { mode: PrintMode; onChange: (mode: PrintMode) => void }) {
  const t = useScreenPrintText();
  return (
    <Group attached role="group" aria-label={t('printLanguage')}>
      {PRINT_MODES.map((option) => (
        <Button
          key={option}
          size="sm"
          variant={option === mode ? 'solid' : 'outline'}
          aria-pressed={option === mode}
          onClick={() => onChange(option)}
        >
          {option === 'both' ? t('bilingual') : <span lang={option}>{LANGUAGE_NAMES[option]}</span>}
        </Button>
      ))}
    </Group>
  );
}

interface PrintContextValue {
  mode: PrintMode;
  company: CompanySettings | undefined;
  /** Who the document is for (their record, once it has loaded). */
  customer: Customer | undefined;
  /** Amounts: 3 decimals, thousands separators, KD or د.ك, Arabic-Indic digits when the company asks. */
  kd: (fils: Fils) => string;
  /** A day as dd/mm/yyyy. */
  day: (value: Day) => string;
  /** Any other number or code with digits (quantities, INV-000042). */
  digits: (text: string | number) => string;
  /** A print text in the document's language (English when bilingual), for names read by assistive technology. */
  t: (key: PrintTextKey, values?: Record<string, string | number>) => string;
}

const PrintContext = createContext<PrintContextValue | null>(null);

type AmountInWords = typeof import('@admin/shared/amount-in-words');
let amountInWordsModule: Promise<AmountInWords> | undefined;
/**
 * The words of amounts (to-words, 7 KB compressed) load with the first printed sheet instead of
 * with every signed-in page; a load that failed is asked for again by the next sheet.
 */
function loadAmountInWords(): Promise<AmountInWords> {
  amountInWordsModule ??= import(/* webpackChunkName: "amount-in-words" */ '@admin/shared/amount-in-words').catch(
    (error: unknown) => {
      amountInWordsModule = undefined;
      throw error;
    },
  );
  return amountInWordsModule;
}

export function usePrintDocument(): PrintContextValue {
  const value = useContext(PrintContext);
  if (!value) throw new Error('usePrintDocument is used outside a PrintDocument');
  return value;
}

/**
 * The A4 sheet of a document in its print language, whatever the screen's: its root carries the
 * language and direction (Arabic right to left; a bilingual sheet reads left to right with the
 * Arabic at the end of each line). Arabic-Indic digits, when the company setting asks for them,
 * are used on Arabic documents; English and bilingual ones keep Western digits.
 */
export function PrintDocument({
  mode,
  company,
  customer,
  label,
  ready,
  children,
}: {
  mode: PrintMode;
  company: CompanySettings | undefined;
  customer: Customer | undefined;
  label: string;
  /** Everything the sheet shows has loaded (the server's PDF waits for it). */
  ready: boolean;
  children: ReactNode;
}) {
  // While the document's own data loads, not after it.
  useEffect(() => {
    loadAmountInWords().catch(() => undefined);
  }, []);
  const language = documentLanguage(mode);
  const indic = mode === 'ar' && !!company?.arabicIndicDigits;
  const digits = (text: string | number) => (indic ? arabicIndicDigits(String(text)) : String(text));
  const value: PrintContextValue = {
    mode,
    company,
    customer,
    kd: (fils) => digits(formatKd(fils, language)),
    day: (text) => digits(formatDay(text)),
    digits,
    t: (key, values) => printText(language, key, values),
  };
  return (
    <PrintContext.Provider value={value}>
      <PrintSheet label={label} lang={language} dir={directionOf(language)} ready={ready}>
        {children}
      </PrintSheet>
    </PrintContext.Provider>
  );
}

/**
 * A heading, label or worded value in the print language. Bilingual, a heading or a term shows the
 * English with the Arabic under it as one block (a column's header is not two words at the two
 * ends of its cell); `inline` (a label before its value, a status) reads 'Phone / الهاتف'.
 */
export function PrintLabel({
  text,
  values,
  inline = false,
}: {
  text: PrintTextKey;
  values?: Record<string, string | number>;
  inline?: boolean;
}) {
  const { mode } = usePrintDocument();
  if (mode !== 'both') return <>{printText(mode, text, values)}</>;
  const [english, arabic] = LANGUAGES.map((language) => printText(language, text, values));
  if (inline)
    return (
      <>
        <span lang="en">{english}</span>
        {' / '}
        <span lang="ar" dir="rtl">
          {arabic}
        </span>
      </>
    );
  // One box as wide as the longer of the two: the English at its start, the Arabic at its end,
  // the box placed as the cell aligns its content.
  return (
    <Box as="span" display="inline-flex" flexDirection="column" verticalAlign="top">
      <span lang="en">{english}</span>
      <span lang="ar" dir="rtl">
        {arabic}
      </span>
    </Box>
  );
}

/** A term of a document and its value: 'date' and '21/11/2026'. */
export type PrintFact = readonly [PrintTextKey, ReactNode];

/**
 * A document's facts as terms and values (an invoice's number, date and status; a receipt's parts):
 * each term in the print language, its value at the end of the line, kept apart from the text
 * around it (a number or an amount inside Arabic).
 */
export function PrintFacts({
  items,
  label,
  strongLast = false,
}: {
  items: readonly PrintFact[];
  /** The list's name for assistive technology, in the document's language. */
  label?: string;
  /** The last fact is the total of the ones before it. */
  strongLast?: boolean;
}) {
  return (
    <Box
      as="dl"
      aria-label={label}
      display="grid"
      gridTemplateColumns="auto auto"
      columnGap="4"
      rowGap="1"
      fontSize="sm"
    >
      {items.map(([term, value], index) => (
        <Box
          key={term}
          display="contents"
          fontWeight={strongLast && index === items.length - 1 ? 'semibold' : undefined}
        >
          <Text as="dt" color="fg.muted">
            <PrintLabel text={term} />
          </Text>
          <Text as="dd" fontWeight={strongLast ? undefined : 'medium'} textAlign="end">
            <bdi>{value}</bdi>
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/** The company's logo, names, address, phone, email and CR number; 'Company details not set' until they are. */
export function CompanyBlock({ titleKey }: { titleKey: PrintTextKey }) {
  const { mode, company } = usePrintDocument();
  const names = {
    en: company?.companyNameEn || printText('en', 'companyNotSet'),
    ar: company?.companyNameAr || company?.companyNameEn || printText('ar', 'companyNotSet'),
  };
  const contact = (
    [
      ['phone', company?.phone],
      ['email', company?.email],
      ['commercialRegistration', company?.commercialRegistration],
    ] as const
  ).filter(([, value]) => value);
  return (
    <Flex as="header" justify="space-between" align="start" gap="6" mb="6" wrap="wrap">
      <Flex gap="4" align="start">
        {company?.logoUrl && <Image src={company.logoUrl} alt="" maxH="20" maxW="40" objectFit="contain" />}
        <Box>
          <Heading as="h2" size="2xl">
            {mode === 'both' ? (
              <>
                <span lang="en">{names.en}</span>
                <Text as="span" display="block" lang="ar" dir="rtl">
                  {names.ar}
                </Text>
              </>
            ) : (
              names[mode]
            )}
          </Heading>
          {company?.address && <Text whiteSpace="pre-wrap">{company.address}</Text>}
          <PrintContacts items={contact} />
        </Box>
      </Flex>
      <Text color="fg.muted" fontSize="lg">
        <PrintLabel text={titleKey} />
      </Text>
    </Flex>
  );
}

/** A document's notes under their heading, as they were typed; nothing when there are none. */
export function PrintNotes({ notes }: { notes: string | null }) {
  if (!notes) return null;
  return (
    <Box mt="8">
      <Text fontSize="sm" color="fg.muted">
        <PrintLabel text="notes" />
      </Text>
      <Text whiteSpace="pre-wrap">{notes}</Text>
    </Box>
  );
}

/** Contact lines, 'Phone: +965 2222 3333', each value kept apart from the words around it. */
function PrintContacts({ items }: { items: readonly (readonly [PrintTextKey, string | null | undefined])[] }) {
  return items.map(([key, value]) => (
    <Text key={key} fontSize="sm">
      <PrintLabel text={key} inline />
      {': '}
      <bdi>{value}</bdi>
    </Text>
  ));
}

/**
 * An amount in words under its heading, in the document's language; a bilingual sheet has both,
 * each in its own direction (receipts, invoices, credit notes). The sheet waits for the words (it
 * suspends until they are loaded), so it is never shown, printed or made a PDF without them.
 */
export function PrintAmountInWords({ amount }: { amount: Fils }) {
  const { mode } = usePrintDocument();
  const { amountInWords } = use(loadAmountInWords());
  const languages = mode === 'both' ? LANGUAGES : [mode];
  return (
    <Box mt="2">
      <Text fontSize="sm" color="fg.muted">
        <PrintLabel text="amountInWords" />
      </Text>
      {languages.map((language) => (
        <Text key={language} lang={language} dir={directionOf(language)} fontWeight="medium">
          {amountInWords(amount, language)}
        </Text>
      ))}
    </Box>
  );
}

/** The company's footer text under every document. */
export function PrintFooter() {
  const { company } = usePrintDocument();
  if (!company?.invoiceFooter) return null;
  return (
    <Box as="footer" mt="10" pt="3" borderTopWidth="1px" textAlign="center" fontSize="sm" whiteSpace="pre-wrap">
      {company.invoiceFooter}
    </Box>
  );
}

export function useCompanySettings() {
  return useQuery(companySettingsQuery);
}

/** The customer a document is for, with the language their documents print in. */
export function usePrintCustomer(customerId: string | undefined) {
  return useQuery({ ...recordQuery<Customer>(CORE_RESOURCES.customers, customerId ?? ''), enabled: !!customerId });
}

/**
 * Who the document is for: its heading ('Bill to', 'Customer'), the names and the city; the name
 * the document itself carries until the customer's record has loaded.
 */
export function CustomerBlock({
  headingKey,
  fallbackName,
  children,
}: {
  headingKey: PrintTextKey;
  fallbackName: string;
  children?: ReactNode;
}) {
  const { customer } = usePrintDocument();
  return (
    <Box mb="6">
      <Text fontSize="sm" color="fg.muted">
        <PrintLabel text={headingKey} />
      </Text>
      <Text fontSize="lg" fontWeight="semibold">
        {customer?.customerName ?? fallbackName}
      </Text>
      {customer?.customerAlternateName && <Text>{customer.customerAlternateName}</Text>}
      {customer && (
        <Text fontSize="sm">{[customer.cityLocated, customer.customerCity.cityName].filter(Boolean).join(', ')}</Text>
      )}
      {customer?.address && (
        <Text fontSize="sm" whiteSpace="pre-wrap">
          {customer.address}
        </Text>
      )}
      {customer && (
        <PrintContacts
          items={(
            [
              ['mobile', customer.mobile],
              ['email', customer.email],
              ['idNumber', customer.idNumber],
            ] as const
          ).filter(([, value]) => value)}
        />
      )}
      {children}
    </Box>
  );
}
