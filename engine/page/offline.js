// Offline use: the service worker (sw.js) keeps this build once the page has started.

/** Tells the service worker which build this page runs, when it asks (sw.js keeps an older
 *  build's cache while a page of it is open): the address of this script, which only this
 *  build's cache holds.  In a frame too, where the site's service worker may serve the page. */
function answerWhichBuild() {
  try {
    const container = navigator.serviceWorker;
    container?.addEventListener("message", (event) => {
      if (event.data === "build?") {
        event.ports[0]?.postMessage(import.meta.url);
      }
    });
    container?.startMessages();
  } catch {
    // A document with an opaque origin (a sandboxed frame) may not even ask.
  }
}

answerWhichBuild();

/** Keep this build for offline use (sw.js at the site's root, one directory above this file's
 *  versioned one: build.py), once Python has started so that it never competes with the
 *  start. Not in a frame: an embedding site's visitors would download the whole build for a
 *  copy they don't open. Without service workers (an insecure origin, a browser that blocks
 *  them) the page works as before, online. */
export async function keepForOffline() {
  try {
    if (window.self !== window.top || !("serviceWorker" in navigator)) {
      return;
    }
    const registration = await navigator.serviceWorker.register(
      new URL("../sw.js", import.meta.url),
    );
    activateNewBuilds(registration);
  } catch {
    // Offline use is a bonus; the calculator works without it.
  }
}

/** A newer build, once kept, waits (sw.js) so that no page still starting gets a file of it;
 *  this page has started, so it lets the new build take over for the next visit. */
function activateNewBuilds(registration) {
  registration.waiting?.postMessage("activate");
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && registration.active) {
        worker.postMessage("activate");
      }
    });
  });
}
