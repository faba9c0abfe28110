// The service worker: keeps one whole build of the site so that, after a first visit, the
// app starts and answers with no network at all.
//
// build.py writes dist/sw.js as this file behind one generated line, `const BUILD = {version,
// name, files, onUse, versioned, csp}`: the build's content hash, the site's name (its caches'
// first word), every file of the site (relative to this script) with its Subresource
// Integrity hash, the files kept only once fetched (a feature's data, megabytes a first visit
// must not download: the calculator's tokenizer), the directories whose names are hashes of
// their contents, and the pages' Content-Security-Policy.  A new deployment changes that
// line, so the browser installs the new worker beside the old:
//
// - install: the new build's files go into a cache of their own.  A file in a versioned
//   directory that an older build of this site already kept is the same file: it is copied
//   from there (an update that changes a script does not download Pyodide's runtime again);
//   any other is fetched, pages revalidated with the server, and checked against its hash,
//   so a half-uploaded deployment or a stale copy on the way fails the install (the browser
//   tries again later) instead of being kept under the new build's name;
// - the new worker then waits until a page that has started asks it to take over (offline.js):
//   taking over at once could hand a page still starting a file of the other build;
// - activate: deletes this site's caches of older builds that no open page still runs.  A page
//   of an older build that stays open after the takeover may still fetch files it had not
//   needed yet (a feature's modules, a retried start): its build's cache stays
//   until no page of that build is open, and is deleted at the first activate or page load
//   after that.  Which build a page runs, it says when asked (offline.js answers with the
//   address of its own script, which only its build's cache holds); a page that does not
//   answer in time (still starting, or busy) may run any build, and keeps them all;
// - fetch: a request for one of the build's files is answered from the active build's cache
//   (a page whatever its query string: the query is state for the page's script); a file of
//   a versioned directory that is not this build's, from an older build's cache that kept it
//   (a page of that build asks for it: under its name it is the same file); the browser
//   handles every other request itself.  A worker's script goes with the pages'
//   Content-Security-Policy in its headers: a worker's policy comes from its script's
//   response, and runtime.js starts the app's worker from worker.js's own URL in a
//   page this service worker controls.
//
// Only this site's own addresses are ever fetched here: the list comes from the build,
// resolved against this script's own URL.

/* global BUILD */

const SCOPE = self.registration.scope;
// Scoped by path too: a documentation site may host more than one copy on one origin.
const CACHE_PREFIX = `${BUILD.name} ${SCOPE} `;
const CACHE_NAME = CACHE_PREFIX + BUILD.version;
const INTEGRITY = new Map(
  Object.entries(BUILD.files).map(([path, integrity]) => [
    new URL(path, self.location.href).href,
    integrity,
  ]),
);

const ON_USE = new Map(
  Object.entries(BUILD.onUse).map(([path, integrity]) => [
    new URL(path, self.location.href).href,
    integrity,
  ]),
);

const VERSIONED = BUILD.versioned.map((directory) => new URL(directory, self.location.href).href);

function isVersioned(url) {
  return VERSIONED.some((directory) => url.startsWith(directory));
}

async function olderBuilds() {
  const names = await caches.keys();
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME);
}

async function keptByOlderBuild(url, older) {
  for (const cacheName of older) {
    const kept = await caches.match(url, { cacheName, ignoreVary: true });
    if (kept) {
      return kept;
    }
  }
  return undefined;
}

async function fetchChecked(url, integrity, cache) {
  // fetch() checks the whole body against `integrity` before it resolves.
  const response = await fetch(new Request(url, { cache, integrity }));
  if (!response.ok) {
    throw new TypeError(`${url}: HTTP ${response.status}`);
  }
  return response;
}

async function download(url, integrity) {
  if (!isVersioned(url)) {
    return fetchChecked(url, integrity, "no-cache"); // a page: always asked for again
  }
  try {
    // Most likely in the browser's HTTP cache: the page has just loaded it.
    return await fetchChecked(url, integrity, "default");
  } catch {
    // A copy kept from a half-finished upload would fail every later install: ask the server.
    return fetchChecked(url, integrity, "reload");
  }
}

async function keepFile(cache, url, integrity, older) {
  const kept = isVersioned(url) ? await keptByOlderBuild(url, older) : undefined;
  await cache.put(url, kept ?? (await download(url, integrity)));
}

async function keepBuild() {
  const older = await olderBuilds();
  // A build deployed again (a rollback) installs again under the name of its kept cache.
  const keptAlready = await caches.has(CACHE_NAME);
  const cache = await caches.open(CACHE_NAME);
  try {
    await Promise.all(
      [...INTEGRITY].map(([url, integrity]) => keepFile(cache, url, integrity, older)),
    );
    // The tokenizer an older build kept is this build's too when its address is the same.
    await Promise.all(
      [...ON_USE.keys()].map(async (url) => {
        const kept = await keptByOlderBuild(url, older);
        if (kept) {
          await cache.put(url, kept);
        }
      }),
    );
  } catch (error) {
    // Never leave half a build behind under this build's name; a whole one stays.
    if (!keptAlready) {
      await caches.delete(CACHE_NAME);
    }
    throw error;
  }
}

// How long a page has to say which build it runs.
const ANSWER_MS = 2000;

/** The address of the script a page `client` runs (offline.js), or undefined if it does not
 *  answer in time. */
function askBuild(client) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(undefined), ANSWER_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(typeof event.data === "string" ? event.data : undefined);
    };
    client.postMessage("build?", [channel.port2]);
  });
}

/** Deletes the caches of older builds that no open page runs: all of them when every page
 *  runs this build or another without a cache, none when a page does not say which. */
async function dropUnusedBuilds() {
  const older = await olderBuilds();
  if (older.length === 0) {
    return;
  }
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const scripts = await Promise.all(pages.map(askBuild));
  if (scripts.includes(undefined)) {
    return;
  }
  const ofOtherBuilds = scripts.filter((script) => !INTEGRITY.has(script));
  await Promise.all(
    older.map(async (cacheName) => {
      for (const script of ofOtherBuilds) {
        if (await caches.match(script, { cacheName, ignoreVary: true })) {
          return;
        }
      }
      await caches.delete(cacheName);
    }),
  );
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

/** `response` with the pages' Content-Security-Policy, which a worker's script needs to be
 *  held to the pages' policy. */
function withPagesPolicy(response) {
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", BUILD.csp);
  const { status, statusText } = response;
  return new Response(response.body, { status, statusText, headers });
}

async function respond(address, request) {
  // caches.match with a cache name never creates the cache, unlike caches.open.
  const cached = await caches.match(address, { cacheName: CACHE_NAME, ignoreVary: true });
  const response = cached ?? (await fetch(request));
  return request.destination === "worker" ? withPagesPolicy(response) : response;
}

// A versioned directory's name, "<name>-<12 hex digits>/" (site_build/layout.py).
const VERSIONED_NAME = /^[a-z][a-z0-9.-]*-[0-9a-f]{12}\//;

/** Whether `url` is in a versioned directory, of this build or another. */
function inAnyVersionedDirectory(url) {
  return url.startsWith(SCOPE) && VERSIONED_NAME.test(url.slice(SCOPE.length));
}

/** A file of an older build that a page still running it asks for: from that build's cache,
 *  else from the network. */
async function respondForOlderBuild(url, request) {
  for (const cacheName of await olderBuilds()) {
    const kept = await caches.match(url, { cacheName, ignoreVary: true });
    if (kept) {
      return request.destination === "worker" ? withPagesPolicy(kept) : kept;
    }
  }
  return fetch(request);
}

/** A file kept once fetched: from the cache, else fetched, checked and kept, so that counting
 *  works offline after its first use. */
async function respondOnUse(address, integrity) {
  const cached = await caches.match(address, { cacheName: CACHE_NAME, ignoreVary: true });
  if (cached) {
    return cached;
  }
  const response = await download(address, integrity);
  // Kept only while this build's cache stands: a newer build may have dropped it meanwhile.
  if (await caches.has(CACHE_NAME)) {
    const cache = await caches.open(CACHE_NAME);
    await cache.put(address, response.clone());
  }
  return response;
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
  event.waitUntil(dropUnusedBuilds());
});

self.addEventListener("fetch", (event) => {
  const address = event.request.method === "GET" ? buildAddress(event.request) : undefined;
  if (address) {
    event.respondWith(respond(address, event.request));
    if (event.request.mode === "navigate") {
      // A page loads: the pages of an older build may all be gone by now.
      event.waitUntil(dropUnusedBuilds());
    }
    return;
  }
  const url = event.request.method === "GET" ? event.request.url.split("#")[0] : "";
  if (ON_USE.has(url)) {
    event.respondWith(respondOnUse(url, ON_USE.get(url)));
  } else if (inAnyVersionedDirectory(url)) {
    event.respondWith(respondForOlderBuild(url, event.request));
  }
});
