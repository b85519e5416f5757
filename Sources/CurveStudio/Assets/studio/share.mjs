// Share (both hosts): copies a link that opens the curve on screen, as it is now. The payload
// comes from the host, by the one rule of `curvekit share` (the engine's `share-encode` on the
// web host, POST /api/share on the local server); this module only puts it after the page's own
// address. On the web host that is the page's address: the link opens on any copy of the page.
// On the local host it is this studio's address with its token (the link `curvekit design`
// printed, plus the spec), so the link opens here while this studio runs. Unit-tested by
// tests/share.test.mjs.

/**
 * The link for `payload` on this page: `location`'s origin and path, then `#spec=PAYLOAD`; with
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

/**
 * Wires the Share button of `page` in `document` (the page's ctx gives the transport, the current
 * doc, the status line and the test hook's `copied`); `token` is the local studio's, or null.
 */
export function wireShare(document, page, token = null) {
  const button = document.getElementById('share');
  if (button) button.addEventListener('click', () => share(page.ctx, token));
}

/**
 * Copies the link to the current curve; the status line says what happened. Resolves to the link,
 * or null. `location` and `clipboard` are the browser's unless a test gives its own.
 */
export async function share(ctx, token = null, { location = globalThis.location,
  clipboard = globalThis.navigator ? globalThis.navigator.clipboard : null } = {}) {
  const doc = ctx.doc();
  if (!doc || !doc.spec || doc.broken) {
    ctx.panels.setStatus('Nothing to share: this tab holds no curve that loaded', 'bad', undefined, true);
    return null;
  }
  const answer = await ctx.transport.share(doc.index, doc.spec);
  if (answer.status !== 200 || !answer.data || typeof answer.data.payload !== 'string') {
    const why = answer.data && answer.data.error ? answer.data.error : 'HTTP ' + answer.status;
    ctx.panels.setStatus('No link was made: ' + why, 'bad', undefined, true);
    return null;
  }
  const link = shareLink(location, answer.data.payload, token);
  let copied = !!clipboard;
  try {
    if (clipboard) await clipboard.writeText(link);
  } catch (error) {
    copied = false;
  }
  ctx.view.copied = link;
  ctx.panels.setStatus(sharedNote(copied, token, link), copied ? 'good' : '', undefined, true);
  return link;
}
