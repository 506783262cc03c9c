import arabicAreaMessages from '@admin/shared/contract/areas/locales/ar.json';
import arabicCoreMessages from '@admin/shared/contract/locales/ar.json';
import {
  languageOfHeader,
  localizeErrorBody,
  type ErrorBody,
  type Language,
  type MessageCatalogue,
} from '@admin/shared/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Error answers speak the language of the request's Accept-Language: the messages are written in
 * English where they arise and translated on the way out by the contract's 'messages' catalogue,
 * the one the browser's forms use (its core part, which the host ships, and the areas' part, which
 * each area ships). English answers go out exactly as written.
 */
const CATALOGUES: Record<Language, MessageCatalogue | undefined> = {
  en: undefined,
  ar: { ...arabicCoreMessages, ...arabicAreaMessages },
};

export function languageOfRequest(request: FastifyRequest): Language {
  return languageOfHeader(request.headers['accept-language']);
}

/** `message` and every `errors` value in `language`. */
export function localizedError<T extends ErrorBody>(body: T, language: Language): T {
  const catalogue = CATALOGUES[language];
  return catalogue ? localizeErrorBody(body, catalogue) : body;
}

/**
 * The headers of an answer whose words depend on Accept-Language: a cache keeps one copy per
 * language, and the caller learns which language it got.
 */
export function languageHeaders(language: Language, vary: unknown): Record<string, string> {
  const varies = String(vary ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!varies.some((name) => name.toLowerCase() === 'accept-language' || name === '*')) varies.push('Accept-Language');
  return { vary: varies.join(', '), 'content-language': language };
}

/** Sets the language headers on a reply. */
export function markLanguage(reply: FastifyReply, language: Language): void {
  reply.headers(languageHeaders(language, reply.getHeader('vary')));
}
