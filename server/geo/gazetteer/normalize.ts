/**
 * Text as the gazetteer compares it: lower case, without diacritics (ä as a, ö as o, å as a, é as e, so a
 * query typed without them still matches), punctuation as spaces, single spaces.
 */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}
