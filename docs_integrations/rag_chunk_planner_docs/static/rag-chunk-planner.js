// RAG chunk planner in documentation pages (rag-chunk-planner-docs): turns each placeholder
// the Sphinx directive or the MkDocs fence wrote into the calculator's frame.
//
// - Lazy: a frame gets its address (and so starts Python) only as it nears the viewport, or
//   on a click of its button when the embed has `prompt`.
// - Sized to its content: the page's height message (the protocol of
//   web/standalone/embed-host.js).  Not CSS's `frame-sizing: content-height`: Chromium
//   measures the content at the width the frame had when it loaded, so a frame made narrower
//   afterwards (a phone turned, a sidebar shown) would cut the calculator off.
// - Themed like the docs when `theme: auto`: the theme the docs show when the frame starts is
//   in its address; a later switch is sent to the loaded frame as a message, which the page
//   applies and keeps in its address.
// - A classic script, so that docs opened from file:// (where module workers cannot start)
//   still say why there is no calculator.
// - Started on each page Material's instant navigation shows (its `document$`), else once
//   the page is parsed.
(() => {
  const HEIGHT_MESSAGE = "rag-chunk-planner:height";
  const THEME_MESSAGE = "rag-chunk-planner:theme";
  // The clamp of web/standalone/embed-host.js: no page can make a frame tiny or endless, and
  // the tallest embed (every panel, on a phone) fits.
  const MIN_HEIGHT = 200;
  const MAX_HEIGHT = 20000;
  // The frame's height until the calculator says its own, as the page's embed snippet has it.
  const START_HEIGHT = 900;
  // How near the viewport a frame starts: Python takes a few seconds to start.
  const NEAR_VIEWPORT = "800px 0px";
  const HOLDER = "[data-rag-chunk-planner]";
  const FRAME = "iframe[data-rag-chunk-planner-frame]";
  const frames = () =>
    /** @type {NodeListOf<HTMLIFrameElement>} */ (document.querySelectorAll(FRAME));

  /** The theme the docs show, or null where they follow the visitor's preference (the
   *  frame then follows it by itself).  Material: body[data-md-color-scheme] ("slate" is its
   *  dark scheme); Furo: body[data-theme]; PyData: html[data-theme]; any other theme that
   *  declares its color-scheme; Alabaster and the like declare none. */
  function docsTheme() {
    const body = document.body;
    const root = document.documentElement;
    const material = body?.getAttribute("data-md-color-scheme");
    if (material) {
      return material === "slate" ? "dark" : "light";
    }
    for (const element of [body, root]) {
      const theme = element?.dataset.theme;
      if (theme === "dark" || theme === "light") {
        return theme;
      }
    }
    const declared = body ? getComputedStyle(body).colorScheme : "";
    if (declared === "dark" || declared === "light") {
      return declared;
    }
    return null;
  }

  function themeFor(holder) {
    const fixed = holder.dataset.theme;
    return fixed === "light" || fixed === "dark" ? fixed : docsTheme();
  }

  function frameAddress(holder, theme) {
    const url = new URL(holder.dataset.src, document.baseURI);
    if (theme) {
      url.searchParams.set("theme", theme);
    }
    return url.href;
  }

  // --- starting frames ------------------------------------------------------------------

  const nearViewport =
    "IntersectionObserver" in window
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (entry.isIntersecting) {
                nearViewport.unobserve(entry.target);
                load(entry.target);
              }
            }
          },
          { rootMargin: NEAR_VIEWPORT },
        )
      : null;

  function makeFrame(holder) {
    const frame = document.createElement("iframe");
    frame.dataset.ragChunkPlannerFrame = "";
    frame.title = holder.dataset.title || "";
    frame.setAttribute("loading", "lazy");
    frame.setAttribute("allow", "clipboard-write");
    // Through the CSSOM, which a docs site's Content-Security-Policy allows where it refuses
    // inline style attributes.
    const fixed = Number(holder.dataset.height);
    frame.style.height = `${Number.isFinite(fixed) && fixed > 0 ? fixed : START_HEIGHT}px`;
    frame.addEventListener("load", () => afterLoad(frame));
    holder.append(frame);
    holder.dataset.state = "framed";
    return frame;
  }

  function load(frame) {
    const holder = frame.closest(HOLDER);
    if (!holder || frame.getAttribute("src")) {
      return;
    }
    const theme = themeFor(holder);
    frame.dataset.sentTheme = theme || "";
    frame.src = frameAddress(holder, theme);
  }

  function afterLoad(frame) {
    if (!frame.getAttribute("src")) {
      return; // the empty document a frame has before its address
    }
    frame.dataset.loaded = "";
    // A switch of the docs' theme while the frame was loading.
    sendTheme(frame);
  }

  function setUp(holder) {
    holder.dataset.state = "ready";
    if (location.protocol === "file:") {
      const note = document.createElement("p");
      note.className = "rag-chunk-planner-note";
      note.setAttribute("role", "note");
      note.textContent = holder.dataset.fileNote || "";
      holder.prepend(note);
      return;
    }
    if (holder.hasAttribute("data-prompt")) {
      const start = document.createElement("button");
      start.type = "button";
      start.className = "rag-chunk-planner-start";
      start.textContent = holder.dataset.prompt || "";
      start.addEventListener("click", () => {
        start.remove();
        const frame = makeFrame(holder);
        load(frame);
        frame.focus();
      });
      holder.prepend(start);
      return;
    }
    const frame = makeFrame(holder);
    if (nearViewport) {
      nearViewport.observe(frame);
    } else {
      load(frame);
    }
  }

  let warned = false;

  function start() {
    const holders = document.querySelectorAll(`${HOLDER}:not([data-state])`);
    if (holders.length && location.protocol === "file:" && !warned) {
      warned = true;
      console.warn(
        "RAG chunk planner: the calculator cannot start in documentation opened from a file " +
          "(file://): browsers do not start module workers there. Serve the folder over HTTP, " +
          "e.g. python3 -m http.server.",
      );
    }
    for (const holder of holders) {
      setUp(holder);
    }
  }

  // --- the height the page reports --------------------------------------------------------

  function autoHeight(frame) {
    return frame.closest(HOLDER)?.dataset.height === "auto";
  }

  addEventListener("message", (event) => {
    const data = event.data;
    if (data?.type !== HEIGHT_MESSAGE || !Number.isFinite(data.height)) {
      return;
    }
    for (const frame of frames()) {
      if (frame.contentWindow !== event.source) {
        continue;
      }
      const src = frame.getAttribute("src");
      if (src && event.origin === new URL(src, document.baseURI).origin && autoHeight(frame)) {
        const height = Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, data.height));
        frame.style.height = `${Math.round(height)}px`;
      }
      return;
    }
  });

  // --- following the docs' theme ----------------------------------------------------------

  /** The docs' theme to a loaded frame that follows them, when it is not the one the frame
   *  has (in its address, or sent last).  Before the frame's load, a message would reach the
   *  empty document it has until then: the load sends it. */
  function sendTheme(frame) {
    const holder = frame.closest(HOLDER);
    const src = frame.getAttribute("src");
    if (!holder || !src || holder.dataset.theme !== "auto" || !("loaded" in frame.dataset)) {
      return;
    }
    const theme = docsTheme();
    if ((theme || "") === frame.dataset.sentTheme) {
      return;
    }
    frame.dataset.sentTheme = theme || "";
    const origin = new URL(src, document.baseURI).origin;
    frame.contentWindow?.postMessage({ type: THEME_MESSAGE, theme }, origin);
  }

  function followTheme() {
    for (const frame of frames()) {
      sendTheme(frame);
    }
  }

  const themeWatch = new MutationObserver(followTheme);
  function watchTheme() {
    const attributes = ["data-theme", "data-md-color-scheme", "class", "style"];
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: attributes });
    if (document.body) {
      themeWatch.observe(document.body, { attributes: true, attributeFilter: attributes });
    }
  }
  matchMedia("(prefers-color-scheme: dark)").addEventListener?.("change", followTheme);

  // --- start ------------------------------------------------------------------------------

  function onPage() {
    watchTheme();
    start();
  }

  const material = /** @type {any} */ (window).document$;
  if (material && typeof material.subscribe === "function") {
    material.subscribe(onPage); // Material: the first page, and each one instant navigation shows
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", onPage, { once: true });
  } else {
    onPage();
  }
})();
