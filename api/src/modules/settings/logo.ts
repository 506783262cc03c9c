import {
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  LOGO_TYPES,
  MAX_LOGO_BYTES,
  type LogoType,
} from '@admin/shared/contract';
import { fieldError } from '../../http/errors';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const LOGO_EXTENSIONS: Record<LogoType, string> = { 'image/png': 'png', 'image/svg+xml': 'svg' };

/**
 * An SVG document: UTF-8 text whose root element is <svg> in the SVG namespace. Entity
 * declarations (entity expansion attacks) and scripts are refused outright; the served file's
 * Content-Security-Policy forbids scripts as well.
 */
function isSvg(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  if (/<!ENTITY|<script/i.test(text)) return false;
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>]*>/i, '')
    .trim();
  const root = /^<svg\b[^>]*>/.exec(body);
  return (
    !!root &&
    /\bxmlns\s*=\s*["']http:\/\/www\.w3\.org\/2000\/svg["']/.test(root[0]) &&
    (/<\/svg>$/.test(body) || /\/>$/.test(root[0]))
  );
}

/** The upload's type, once its bytes are what its Content-Type says; a 400 on the logo field otherwise. */
export function checkedLogo(contentType: string | undefined, bytes: unknown): { type: LogoType; bytes: Buffer } {
  const type = (contentType ?? '').replace(/;.*/s, '').trim().toLowerCase();
  if (!(LOGO_TYPES as readonly string[]).includes(type) || !Buffer.isBuffer(bytes) || bytes.length === 0) {
    throw fieldError('logo', LOGO_TYPE_MESSAGE);
  }
  if (bytes.length > MAX_LOGO_BYTES) throw fieldError('logo', LOGO_SIZE_MESSAGE);
  const valid = type === 'image/png' ? bytes.subarray(0, 8).equals(PNG_SIGNATURE) : isSvg(bytes);
  if (!valid) throw fieldError('logo', LOGO_TYPE_MESSAGE);
  return { type: type as LogoType, bytes };
}
