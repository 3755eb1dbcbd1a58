// What every page of the site shares, Datasette's own included (no inline script: the CSP
// allows only the site's own files):
// - "/" puts the cursor in the search box, as on most sites with a search;
// - a "copy citation" button copies "Treachery CR 6.0, 907.8c" and the page's address;
// - the service worker that keeps the pages a judge opened for when the hall has no signal.
"use strict";

document.addEventListener("keydown", (event) => {
  if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
  const search = document.querySelector(".site-search input[type=search]");
  if (search) {
    event.preventDefault();
    search.focus();
    search.select();
  }
});

async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");  // older browsers, plain http
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

document.addEventListener("click", async (event) => {
  const button = event.target.closest(".copy-citation");
  if (!button) return;
  const url = new URL(button.dataset.url || window.location.href, window.location.href).href;
  const text = `${button.dataset.citation} — ${url}`;
  try {
    await copyText(text);
    button.dataset.copied = text;
    button.textContent = "Copied";
  } catch (error) {
    button.textContent = "Select and copy: " + text;
  }
  setTimeout(() => { button.textContent = button.dataset.label || "Copy citation"; }, 2500);
});

if ("serviceWorker" in navigator && document.documentElement.dataset.offline !== "off") {
  const script = document.querySelector("link[rel=manifest]");
  const root = script ? new URL(script.getAttribute("href"), window.location.href).pathname.replace(/manifest\.webmanifest$/, "") : "/";
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(root + "service-worker.js", { scope: root }).catch(() => {});
  });
}

// On the offline page: the pages this device has kept, by their titles (never the styles and
// scripts kept with them), each a link that works offline.
const saved = document.getElementById("saved-pages");
if (saved && "caches" in window) {
  caches.keys().then(async (names) => {
    const pages = new Map();
    for (const name of names.filter((name) => name.startsWith("rulebook-"))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        if (url.pathname.endsWith("/offline") || pages.has(url.pathname + url.search)) continue;
        const response = await cache.match(request);
        if (!response || !(response.headers.get("content-type") || "").startsWith("text/html")) continue;
        const title = ((await response.text()).match(/<title>([^<]*)<\/title>/) || [])[1];
        const label = document.createElement("textarea");
        label.innerHTML = title || decodeURIComponent(url.pathname);  // the title's entities, as text
        pages.set(url.pathname + url.search, label.value.trim());
      }
    }
    if (!pages.size) return;
    saved.replaceChildren(...[...pages].sort((a, b) => a[1].localeCompare(b[1])).map(([href, label]) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = href;
      link.textContent = label;
      item.appendChild(link);
      return item;
    }));
  });
}

// On the offline page: find any entry of the kept rulebook by its number or name, else by words.
const found = document.getElementById("offline-found");
const finder = document.getElementById("offline-find");
if (found && finder) {
  let entries = null;
  const load = async () => {
    if (!entries) entries = (await (await fetch(found.dataset.rulebook)).json()).entries;
    return entries;
  };
  const show = async (query) => {
    const wanted = query.trim().toLowerCase().replace(/^cr\s+/, "");
    if (!wanted) return found.replaceChildren();
    let all;
    try { all = await load(); } catch (error) { return; }
    const words = wanted.split(/\s+/);
    const named = all.filter((entry) => entry.title.toLowerCase() === wanted || entry.title.toLowerCase().startsWith(wanted + " "));
    const starting = all.filter((entry) => !named.includes(entry) && entry.title.toLowerCase().startsWith(wanted));
    const worded = all.filter((entry) => !named.includes(entry) && !starting.includes(entry)
      && words.every((word) => (entry.title + " " + entry.text).toLowerCase().includes(word)));
    found.replaceChildren(...[...named, ...starting, ...worded].slice(0, 30).map((entry) => {
      const item = document.createElement("li");
      const kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = entry.kind + " ";
      const link = document.createElement("a");
      link.href = entry.path;
      link.textContent = entry.title;
      item.append(kind, link);
      return item;
    }));
  };
  const input = finder.querySelector("input[name=q]");
  const asked = new URLSearchParams(window.location.search).get("q");
  if (asked) { input.value = asked; show(asked); }
  finder.addEventListener("submit", (event) => { event.preventDefault(); show(input.value); });
  input.addEventListener("input", () => show(input.value));
}

// On a long comparison: a section closed at first loads its changes when it is opened.
document.addEventListener("toggle", async (event) => {
  const section = event.target;
  if (!(section instanceof HTMLDetailsElement) || !section.open || !section.dataset.fragment) return;
  const body = section.querySelector(".section-body");
  const url = section.dataset.fragment;
  delete section.dataset.fragment;
  try {
    const response = await fetch(url);
    if (response.ok) body.innerHTML = await response.text();
  } catch (error) {
    section.dataset.fragment = url;  // offline: the link in the section still leads to its page
  }
}, true);
