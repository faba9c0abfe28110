// The service worker: keeps one whole build of the site so that, after a first visit, the
// calculator starts and answers with no network at all.
//
// build.py writes dist/sw.js as this file behind one generated line, `const BUILD = {version,
// files}`: the build's content hash, and every file of the site (relative to this script)
// with its Subresource Integrity hash.  A new deployment changes that line, so the browser
// installs the new worker beside the old:
//
// - install: the new build's files go into a cache of their own, revalidated with the server
//   (an unchanged file, Pyodide's 15 MB runtime, costs a 304) and checked against their
//   hashes, so a half-uploaded deployment or a stale copy on the way fails the install (the
//   browser tries again later) instead of being kept under the new build's name;
// - the new worker then waits until a page that has started asks it to take over (app.js):
//   taking over at once could hand a page still starting a file of the other build;
// - activate: deletes this site's caches of older builds;
// - fetch: a request for one of the build's files is answered from the active build's cache
//   (a page whatever its query string: the query is state for the page's script); the
//   browser handles every other request itself.
//
// Only this site's own addresses are ever fetched here: the list comes from the build,
// resolved against this script's own URL.

/* global BUILD */

const SCOPE = self.registration.scope;
// Scoped by path too: a documentation site may host more than one copy on one origin.
const CACHE_PREFIX = `rag-chunk-planner ${SCOPE} `;
const CACHE_NAME = CACHE_PREFIX + BUILD.version;
const INTEGRITY = new Map(
  Object.entries(BUILD.files).map(([path, integrity]) => [new URL(path, self.location.href).href, integrity]),
);

async function keepBuild() {
  const cache = await caches.open(CACHE_NAME);
  const requests = [...INTEGRITY].map(([url, integrity]) => new Request(url, { cache: "no-cache", integrity }));
  await cache.addAll(requests);
}

async function dropOlderBuilds() {
  const names = await caches.keys();
  const older = names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME);
  await Promise.all(older.map((name) => caches.delete(name)));
}

/** The build's own address for a request, or undefined: a page is one whatever its query. */
function buildAddress(request) {
  const url = new URL(request.url);
  url.hash = "";
  if (request.mode === "navigate") {
    url.search = "";
  }
  return INTEGRITY.has(url.href) ? url.href : undefined;
}

async function respond(address, request) {
  // caches.match with a cache name never creates the cache, unlike caches.open.
  const cached = await caches.match(address, { cacheName: CACHE_NAME, ignoreVary: true });
  return cached ?? fetch(request);
}

self.addEventListener("install", (event) => {
  event.waitUntil(keepBuild());
});

self.addEventListener("message", (event) => {
  if (event.data === "activate") {
    self.skipWaiting();
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOlderBuilds());
});

self.addEventListener("fetch", (event) => {
  const address = event.request.method === "GET" ? buildAddress(event.request) : undefined;
  if (address) {
    event.respondWith(respond(address, event.request));
  }
});
