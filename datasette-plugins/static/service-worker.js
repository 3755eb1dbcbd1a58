// rulebook's service worker: the site as a judge has used it stays readable with no signal.
// Served at /service-worker.js by rulebook/web/views/offline.py, which fills in the build's
// cache name, the site's root and the pages kept from the start (home, search, checker, the
// offline page, the styles, scripts and fonts every page uses, and the whole current rulebook).
// Offline, an address never opened but in the rulebook (any current rule, FAQ entry, glossary entry
// or card) is drawn from the kept rulebook; anything else answers with the offline page.
"use strict";
const CACHE = "__CACHE__";
const ROOT = "__ROOT__";
const SHELLS = __SHELLS__;
const OFFLINE = ROOT + "offline";
const RULEBOOK = ROOT + "offline/rulebook.json";
const APP_CSS = "__APP_CSS__";

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

let rulebook = null;  // the kept rulebook, read from the cache once: {entries, aliases, byPath}

async function keptRulebook() {
  if (!rulebook) {
    const response = await caches.match(RULEBOOK);
    if (!response) return null;
    const found = await response.json();
    found.byPath = new Map(found.entries.map((entry, index) => [entry.path, index]));
    rulebook = found;
  }
  return rulebook;
}

function escaped(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function entryPage(entry) {
  const textClass = entry.kind === "rule" ? "rule-text" : "note-text";
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escaped(entry.title)} · rulebook (offline)</title>
<link rel="stylesheet" href="${APP_CSS}"><link rel="stylesheet" href="${ROOT}rulebook-static/site.css">
<link rel="stylesheet" href="${ROOT}rulebook-static/rulebook.css"></head>
<body class="rulebook"><div class="not-footer"><div class="site-header"><a class="site-name" href="${ROOT}">rulebook</a>
<form class="site-search" action="${ROOT}offline" method="get" role="search"><input type="search" name="q" aria-label="Find in the rulebook kept offline" placeholder="A rule number, a card, words">
<button type="submit">Find</button></form></div><section class="content" id="content">
<p class="notice offline-copy">Offline: from the rulebook kept on this device (${escaped(entry.document)}).</p>
<p class="kind">${escaped(entry.kind)} · ${escaped(entry.document)}</p><h1>${entry.number ? `<span class="number">${escaped(entry.number)}</span>${escaped(entry.title.slice(entry.number.length))}` : escaped(entry.title)}</h1>
<div class="${textClass}">${escaped(entry.text)}</div></section></div></body></html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}

async function fromRulebook(url) {
  const found = await keptRulebook();
  if (!found) return null;
  const path = decodeURIComponent(url.pathname);
  const index = found.byPath.has(path) ? found.byPath.get(path) : found.aliases[path];
  return index === undefined ? null : entryPage(found.entries[index]);
}

async function offlineAnswer(request) {
  if (request.mode === "navigate" || (request.headers.get("accept") || "").includes("text/html")) {
    const drawn = await fromRulebook(new URL(request.url));
    if (drawn) return drawn;
    return caches.match(OFFLINE).then((page) => page || new Response("Offline: this page was not saved on this device.", { status: 503 }));
  }
  return new Response(JSON.stringify({ error: "Offline: this address was not saved on this device." }), {
    status: 503,
    headers: { "content-type": "application/json" },
  });
}
