/**
 * Messages of the contract and the API in the reader's language.
 *
 * Validation and conflict messages are written in English where they arise (valibot messages are
 * plain strings, and the English words are the product's specified texts), so a message catalogue
 * is keyed by the English text itself: 'At most 3 decimals' → 'ثلاث منازل عشرية على الأكثر'. A
 * message with variable parts is keyed by its template, 'Unknown field "{{field}}"'. A part is
 * itself localized (a field's name, '3 invoices', an amount '1,234.500 KD' through the template
 * '{{amount}} KD'), except a part in double quotes in the key: that is what the user typed (a
 * name, a field they sent) and stays as it is. The browser localizes what its own forms say; the
 * API answers in the language of the request's Accept-Language.
 */
export type MessageCatalogue = Readonly<Record<string, string>>;

interface Template {
  pattern: RegExp;
  names: string[];
  /** Placeholders written "{{like this}}" in the key: the user's own text, never translated. */
  quoted: Set<string>;
  translation: string;
  /** How much of the key is fixed text. */
  fixed: number;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const compiled = new WeakMap<MessageCatalogue, Template[]>();

function templatesOf(catalogue: MessageCatalogue): Template[] {
  let templates = compiled.get(catalogue);
  if (!templates) {
    templates = Object.entries(catalogue)
      .filter(([key]) => key.includes('{{'))
      .map(([key, translation]) => {
        const names: string[] = [];
        const quoted = new Set<string>();
        const parts = key.split(PLACEHOLDER);
        const source = parts
          .map((part, index) => {
            if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            names.push(part);
            if (parts[index - 1]?.endsWith('"') && parts[index + 1]?.startsWith('"')) quoted.add(part);
            return '(.+?)';
          })
          .join('');
        return {
          pattern: new RegExp(`^${source}$`, 's'),
          names,
          quoted,
          translation,
          fixed: key.replace(PLACEHOLDER, '').length,
        };
      })
      // The most specific template first: more fixed text wins ('A user named …' over 'A {{noun}} named …').
      .sort((a, b) => b.fixed - a.fixed);
    compiled.set(catalogue, templates);
  }
  return templates;
}

/** A message template ('… {{customer}} …') with its parts filled in: the English text the catalogue keys. */
export function fillMessage(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => String(values[name] ?? ''));
}

/** The message in the catalogue's language; a text the catalogue does not hold stays as it is. */
export function localizeMessage(text: string, catalogue: MessageCatalogue): string {
  return localizeText(text, catalogue, 0);
}

// Parts of parts ('2 invoices and 1 payment' → '1 payment') are as deep as messages go.
const MAX_DEPTH = 3;

function localizeText(text: string, catalogue: MessageCatalogue, depth: number): string {
  const exact = catalogue[text];
  if (exact !== undefined) return exact;
  if (depth > MAX_DEPTH) return text;
  for (const template of templatesOf(catalogue)) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(template.names.map((name, index) => [name, match[index + 1]]));
    return template.translation.replace(PLACEHOLDER, (_, name: string) => {
      const value = values[name] ?? '';
      return template.quoted.has(name) ? value : localizeText(value, catalogue, depth + 1);
    });
  }
  return text;
}

/** Every message of an error body (`message` and each field's) in the catalogue's language. */
export function localizeErrorBody<T extends { message: string; errors?: Record<string, string> }>(
  body: T,
  catalogue: MessageCatalogue,
): T {
  const errors = body.errors
    ? Object.fromEntries(
        Object.entries(body.errors).map(([field, message]) => [field, localizeMessage(message, catalogue)]),
      )
    : undefined;
  return { ...body, message: localizeMessage(body.message, catalogue), ...(errors ? { errors } : {}) };
}
