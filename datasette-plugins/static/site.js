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

// On the offline page: the pages this device has kept, each a link that works offline.
const saved = document.getElementById("saved-pages");
if (saved && "caches" in window) {
  caches.keys().then(async (names) => {
    const pages = new Map();
    for (const name of names.filter((name) => name.startsWith("rulebook-"))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        if (!url.pathname.includes("-static") && !url.pathname.endsWith(".json") && !url.pathname.endsWith("/offline")) {
          pages.set(url.pathname + url.search, decodeURIComponent(url.pathname + url.search));
        }
      }
    }
    if (!pages.size) return;
    saved.replaceChildren(...[...pages].sort().map(([href, label]) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = href;
      link.textContent = label;
      item.appendChild(link);
      return item;
    }));
  });
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
