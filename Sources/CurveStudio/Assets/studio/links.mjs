// Links and pasted text, as the page meets them: which share-link payload an address carries,
// whether pasted text is meant as a spec, what a file is called on the web host, a text as a
// share payload (base64url of its UTF-8 bytes: the encoding of `curvekit share`, so a spec's
// text can travel to the host's one open route), and the link Share copies (the host's payload
// after the page's address). No curve knowledge: the host's reader decides whether a text is a
// spec, and makes the payload of a spec. Unit-tested by tests/links.test.mjs.
import { sharePayload, suggestFileName } from './core.mjs';

/** The share payload an address's fragment carries (`#spec=…`), or null. */
export function linkPayload(hash) {
  return typeof hash === 'string' && hash.startsWith('#') ? sharePayload(hash) : null;
}

/**
 * True when pasted `text` is meant as a spec rather than as a share link or stray words: it
 * starts with `{` (after white space). The host's reader then says whether it is a valid spec.
 */
export function looksLikeSpecText(text) {
  return typeof text === 'string' && /^\s*\{/.test(text);
}

/** The most characters of text opened from a file, a drop or a paste (the share link's limit). */
export const MAX_TEXT = 256 << 10;

/** `text` as base64url without padding (RFC 4648 §5) of its UTF-8 bytes. */
export function base64url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The name a curve opened on the web host goes by (its tab, and its download): a dropped or
 * picked file keeps its own name; anything else is named after the spec (`suggestFileName`).
 */
export function webFileName(sourceName, spec) {
  const name = typeof sourceName === 'string' ? sourceName.split(/[\\/]/).pop() : '';
  if (/\.json$/i.test(name)) return name;
  return suggestFileName(spec && spec.name);
}

/**
 * The link Share copies for `payload` (the host's, by `curvekit share`'s rule) on this page: `location`'s origin and path, then `#spec=PAYLOAD`; with
 * the local studio's `token`, `&token=TOKEN` after it (the fragment never leaves the browser).
 */
export function shareLink(location, payload, token = null) {
  return location.origin + location.pathname + '#spec=' + payload + (token ? '&token=' + token : '');
}

/** What the status line says once the link is copied (`copied`: the clipboard took it). */
export function sharedNote(copied, token, link) {
  if (!copied) return 'Copy this link (the browser refused the clipboard): ' + link;
  return token
    ? 'Link copied: it opens this curve in this studio while curvekit design runs (it carries the studio\'s token; ' +
      'for a hosted studio, use curvekit share --base)'
    : 'Link copied: it opens this curve, as it is now, on this page';
}
