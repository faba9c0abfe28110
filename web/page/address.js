// The address: the state a link carries until Python has read it, Back and Forward within the
// page, and the language links that keep the current state. share.js writes the address.
import { prefillFromAddress } from "./form.js";

const addressListeners = [];
// The query this page last read or wrote: a popstate that keeps it (the skip link's jump to
// #results) is no new address, and must not undo input not yet written into it.
let knownSearch = location.search;
// Until Python has read the link, the address (not the form's text pre-fill) is the state.
let pending = true;

/** Whether the next request sends the address rather than the form. */
export function addressPending() {
  return pending;
}

/** Python has read the link, or the visitor has edited the form: the form is the state. */
export function addressRead() {
  pending = false;
}

/** Modules that read the address themselves (page parameters) read it again here when
 *  Back or Forward changes it without a new load. */
export function onAddressChange(listener) {
  addressListeners.push(listener);
}

/** share.js wrote the current state into the address. */
export function addressWritten() {
  knownSearch = location.search;
}

/** Language links keep the current query string (the shared state) and fragment. */
export function syncLanguageLinks() {
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (
    document.querySelectorAll("[data-language-link]")
  )) {
    link.href = `../${link.dataset.languageLink}/${location.search}${location.hash}`;
  }
}

/** Back or Forward to another entry of this page (the skip link adds one, and the address
 *  follows the form on the entry it is on) changes the address without a new load: read it
 *  as a load does. Whether it was a new address, which the caller then calculates, so that
 *  the form, the results and the address agree again. */
export function followAddress() {
  if (location.search === knownSearch) {
    return false;
  }
  knownSearch = location.search;
  pending = true;
  prefillFromAddress();
  syncLanguageLinks();
  for (const listener of addressListeners) {
    listener();
  }
  return true;
}
