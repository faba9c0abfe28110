// The service worker: keeps one whole build of the site so that, after a first visit, the
// calculator starts and answers with no network at all.
//
// build.py writes dist/sw.js as this file behind one generated line, `const BUILD = {version,
// files}`: the build's content hash and every file of the site, relative to this script.
// A new deployment changes that line, so the browser installs the new worker beside the old:
//
// - install: the new build's files go into a cache of their own, revalidated against the
//   server, so an unchanged file (Pyodide's 15 MB runtime) costs a 304, not a download;
// - activate: takes over at once and deletes this site's caches of older builds;
// - fetch: a request for one of the build's files is answered from the active build's cache
//   (a page whatever its query string: the query is state for the page's script), anything
//   else goes to the network untouched.
//
// Every page load is thus served whole from one build; a visit that finds a new deployment
// still gets the build it has, and the next one gets the new build.  Only this site's own
// addresses are ever fetched here: the list comes from the build, resolved against this
// script's own URL, and requests outside the scope pass through to the browser.

/* global BUILD */

const SCOPE = self.registration.scope;
// Scoped by path too: a documentation site may host more than one copy on one origin.
const CACHE_PREFIX = `rag-chunk-planner ${SCOPE} `;
const CACHE_NAME = CACHE_PREFIX + BUILD.version;
const FILES = BUILD.files.map((path) => new URL(path, self.location.href).href);

async function keepBuild() {
  const cache = await caches.open(CACHE_NAME);
  // "no-cache": revalidate with the server, so no stale HTTP-cached copy of an older build
  // slips into this build's cache.
  await cache.addAll(FILES.map((url) => new Request(url, { cache: "no-cache" })));
}

async function dropOlderBuilds() {
  const names = await caches.keys();
  const older = names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME);
  await Promise.all(older.map((name) => caches.delete(name)));
}

/** The active build's copy of a file; a page whatever its query string, which is state for
 *  the page's script rather than another document. */
async function cachedCopy(request) {
  const cache = await caches.open(CACHE_NAME);
  return cache.match(request, { ignoreSearch: request.mode === "navigate" });
}

async function respond(request) {
  return (await cachedCopy(request)) ?? fetch(request);
}

self.addEventListener("install", (event) => {
  event.waitUntil(keepBuild().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOlderBuilds());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method === "GET" && request.url.startsWith(SCOPE)) {
    event.respondWith(respond(request));
  }
});
