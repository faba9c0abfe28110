// Sharing and embedding: the address bar follows the form, "Copy link", the embed snippet,
// and the compact embed mode (?embed=1) that tells its host page how tall it is and takes
// its theme from it.
//
// Python writes the canonical query of every answer (response.query: machine values,
// defaults left out); this module only puts it into URLs. Every text reaches the page
// through textContent or a form control's value, never as markup.

import { addressWritten, onAddressChange, syncLanguageLinks } from "../address.js";
import { PAUSE_MS, root, strings } from "../page-context.js";
import { onAnswer } from "../requests.js";

// Parameters of the page itself rather than the calculator: the address keeps them.
const PAGE_PARAMS = ["lang", "embed", "panels", "theme"];
const THEMES = new Set(["light", "dark"]);
// What the host's resize script listens for; the message carries the height only.
const HEIGHT_MESSAGE = "rag-chunk-planner:height";
// What the host page may send its frame: {type, theme: "light" | "dark" | null}, null
// following the visitor's preference, as the page does without ?theme=.
const THEME_MESSAGE = "rag-chunk-planner:theme";
// The snippet's frame height before (or without) the resize script: the compact calculator
// on a narrow column, so it is usable without scrolling inside the frame.
const SNIPPET_HEIGHT = 900;

let given = new URLSearchParams(location.search);
// The compact layout is chosen once, by the address the page was loaded with (query-guard.js
// read it before the first paint).
const embedded = "embed" in root.dataset;
const $ = (selector) => document.querySelector(selector);

let query = withoutPageParams(given).toString();
// A long list of counts travels in the fragment, which no server receives: Python writes it
// with the query (calculator/protocol/_list_link.py), and reads the address's fragment with the link.
// Another fragment (the skip link's #results) is the visitor's and stays; `written` is the
// list's fragment this page last put into the address, which a state without one removes.
// The list's fragment starts so (FRAGMENT_KEY in calculator/protocol/_list_link.py; a test keeps them
// equal): the one the page was opened with is the state's until Python has read it.
const LIST_FRAGMENT = "list=";
let fragment = "";
let written = location.hash.startsWith(`#${LIST_FRAGMENT}`) ? location.hash.slice(1) : "";
let addressTimer = 0;
let resizeSource = null;
// The theme the host page last sent (undefined before its first message): from then on it,
// not an older address that Back or Forward returns to, is the theme.
let hostTheme;

function withoutPageParams(params) {
  const rest = new URLSearchParams(params);
  for (const name of PAGE_PARAMS) {
    rest.delete(name);
  }
  return rest;
}

/** This page's address for the current state plus `extra` parameters, without fragment. */
function stateURL(extra) {
  const url = new URL(location.href);
  const params = new URLSearchParams(query);
  for (const [name, value] of extra) {
    params.set(name, value);
  }
  url.search = params.toString();
  url.hash = fragment;
  return url;
}

/** The page parameters of the current address (the first of each, as links are read). */
function pageParams(names) {
  return names.filter((name) => given.has(name)).map((name) => [name, given.get(name)]);
}

const shareURL = () => stateURL(pageParams(PAGE_PARAMS));
const fullPageURL = () => stateURL(pageParams(["lang"]));
const embedURL = () => stateURL([["embed", "1"]]);

// --- the address bar follows the form -----------------------------------------------------

function followForm() {
  clearTimeout(addressTimer);
  addressTimer = 0;
  const next = shareURL();
  const visitors = location.hash.slice(1) === written ? "" : location.hash;
  next.hash = fragment || visitors;
  written = fragment;
  if (next.href !== location.href) {
    history.replaceState(history.state, "", next);
    addressWritten();
  }
  syncLanguageLinks();
}

/** A language link used right after typing must carry the newest state: write it now. */
function followFormBeforeLanguageLink(event) {
  if (
    addressTimer &&
    event.target instanceof Element &&
    event.target.closest("[data-language-link]")
  ) {
    followForm();
  }
}

// --- copying ------------------------------------------------------------------------------

/** The Clipboard API, or else the text selected in its field for the visitor to copy. */
async function copy(field, status, copiedKey, failedKey) {
  status.textContent = "";
  try {
    await navigator.clipboard.writeText(field.value);
    status.textContent = strings[copiedKey];
  } catch {
    field.focus();
    field.select();
    status.textContent = strings[failedKey];
  }
}

// --- the embed snippet --------------------------------------------------------------------

function escapeAttribute(text) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** <iframe> with the current state, then the optional resize script
 *  (web/standalone/embed-host.js). */
function snippet() {
  const attributes = [
    ["src", embedURL().href],
    ["title", strings["embed.iframe_title"]],
    ["width", "100%"],
    ["height", String(SNIPPET_HEIGHT)],
    ["loading", "lazy"],
    ["allow", "clipboard-write"],
    ["style", "border: 0"],
  ].map(([name, value]) => `${name}="${escapeAttribute(value)}"`);
  const frame = `<iframe ${attributes.join(" ")}></iframe>`;
  return resizeSource ? `${frame}\n<script>\n${resizeSource}</script>\n` : `${frame}\n`;
}

async function loadResizeSource() {
  try {
    const response = await fetch(new URL("./embed-host.js", import.meta.url));
    resizeSource = response.ok ? await response.text() : null;
  } catch {
    resizeSource = null; // the snippet works without it, at its fixed height
  }
  showLinks();
}

// --- painting -----------------------------------------------------------------------------

function showLinks() {
  $("[data-share-link]").value = shareURL().href;
  $("[data-embed-snippet]").value = snippet();
  $("[data-open-full]").href = fullPageURL().href;
}

/** How the link carries a long list, said where it is not exactly as typed. */
function sayListLink(form) {
  const note = $("[data-list-link-note]");
  const key = {
    sorted: "share.list_sorted",
    rounded: "share.list_rounded",
    too_long: "share.list_too_long",
  }[form];
  note.hidden = !key;
  note.textContent = key ? strings[key] : "";
}

function onStateChange(response) {
  sayListLink(response.list_link);
  // The links show the query already unless it changed (the page parameters and the resize
  // script, the rest of what they hold, repaint them where they change).
  if (response.query !== query || response.fragment !== fragment) {
    query = response.query;
    fragment = response.fragment;
    showLinks();
  }
  clearTimeout(addressTimer);
  addressTimer = setTimeout(followForm, PAUSE_MS.address);
}

/** Back or Forward changed the address in place: its page parameters and state now count,
 *  and a pending rewrite of the address for the previous state must not overwrite it. */
function followAddress() {
  clearTimeout(addressTimer);
  addressTimer = 0;
  given = new URLSearchParams(location.search);
  query = withoutPageParams(given).toString();
  // Until Python has read the address again, its list's fragment is the state's.
  fragment = written = location.hash.startsWith(`#${LIST_FRAGMENT}`) ? location.hash.slice(1) : "";
  if (hostTheme !== undefined && given.get("theme") !== hostTheme) {
    keepHostTheme();
    followForm();
  }
  applyTheme();
  showLinks();
}

function applyTheme() {
  const theme = given.get("theme");
  if (THEMES.has(theme)) {
    root.dataset.theme = theme;
  } else {
    delete root.dataset.theme;
  }
}

// --- embed mode ---------------------------------------------------------------------------

/** The host page sizes its frame from this; nothing but the height is sent. */
function postHeight() {
  const height = Math.ceil(document.body.getBoundingClientRect().height);
  window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, "*");
}

/** The host's theme as the address's `theme`, as ?theme= would give it. */
function keepHostTheme() {
  if (hostTheme) {
    given.set("theme", hostTheme);
  } else {
    given.delete("theme");
  }
}

/** The host page's theme: applied at once and written into the address (replaced, not
 *  pushed), so that a reload keeps it and Back or Forward does not undo it.  Only the page
 *  that embeds this one is heard; it may be of any origin, as the snippet's host is. */
function followHostTheme(event) {
  const data = event.data;
  if (event.source !== window.parent || data?.type !== THEME_MESSAGE) {
    return;
  }
  if (data.theme !== null && !THEMES.has(data.theme)) {
    return;
  }
  hostTheme = data.theme;
  keepHostTheme();
  applyTheme();
  followForm();
  showLinks();
}

function startEmbedMode() {
  if (window.parent === window) {
    return;
  }
  window.addEventListener("message", followHostTheme);
  new ResizeObserver(postHeight).observe(document.body);
  window.addEventListener("load", postHeight);
  onAnswer(() => requestAnimationFrame(postHeight));
}

// --- start --------------------------------------------------------------------------------

function start() {
  applyTheme();
  if (embedded) {
    startEmbedMode();
  }
  showLinks();
  onAnswer(onStateChange);
  onAddressChange(followAddress);
  for (const type of ["pointerdown", "focusin", "click"]) {
    document.addEventListener(type, followFormBeforeLanguageLink, true);
  }
  $("[data-copy-link]").addEventListener("click", () =>
    copy($("[data-share-link]"), $("[data-share-status]"), "share.copied", "share.copy_failed"),
  );
  $("[data-copy-snippet]").addEventListener("click", () =>
    copy($("[data-embed-snippet]"), $("[data-embed-status]"), "embed.copied", "embed.copy_failed"),
  );
  if (!embedded) {
    loadResizeSource();
  }
}

start();
