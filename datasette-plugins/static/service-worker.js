// rulebook's service worker: the site as a judge has used it stays readable with no signal.
// Served at /service-worker.js by rulebook/web/views/offline.py, which fills in the build's
// cache name, the site's root and the pages kept from the start (home, search, checker, the
// offline page and the styles, scripts and fonts every page uses).
"use strict";
const CACHE = "__CACHE__";
const ROOT = "__ROOT__";
const SHELLS = __SHELLS__;
const OFFLINE = ROOT + "offline";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELLS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("rulebook-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
});

function isStatic(url) {
  return url.pathname.startsWith(ROOT + "rulebook-static/") || url.pathname.startsWith(ROOT + "-/static");
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || !url.pathname.startsWith(ROOT)) return;
  if (isStatic(url)) {  // styles, scripts and fonts: the cached copy, else the network
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request).then((response) => keep(request, response))));
    return;
  }
  // pages and their JSON: the network first, so a judge online always sees the current build;
  // offline, the copy kept when it was last opened, else the offline page saying so
  event.respondWith(
    fetch(request)
      .then((response) => keep(request, response))
      .catch(() => caches.match(request).then((hit) => hit || offlineAnswer(request)))
  );
});

function keep(request, response) {
  if (response.ok && response.type === "basic") {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

function offlineAnswer(request) {
  if (request.mode === "navigate" || (request.headers.get("accept") || "").includes("text/html")) {
    return caches.match(OFFLINE).then((page) => page || new Response("Offline: this page was not saved on this device.", { status: 503 }));
  }
  return new Response(JSON.stringify({ error: "Offline: this address was not saved on this device." }), {
    status: 503,
    headers: { "content-type": "application/json" },
  });
}
