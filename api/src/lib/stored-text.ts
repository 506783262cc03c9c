/**
 * A UTF-16 surrogate without its pair. It is not a character, and UTF-8 (the database's encoding)
 * cannot hold it: on the way to the database it becomes U+FFFD, so what is stored is not what
 * was sent.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);

/** `value` as the database stores it: every string's lone surrogates as U+FFFD, at any depth. */
export function asStored<T>(value: T): T {
  if (typeof value === 'string') return value.replace(LONE_SURROGATES, '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(asStored) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [asStored(key), asStored(item)])) as T;
  }
  return value;
}
