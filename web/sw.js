// The page's service worker: keeps the page, its module and its icons so the page opens
// and plays with the network off. Each build names its own cache (tools/web.sh writes the
// build's hash over BUILD below), fills it whole before it takes over, and deletes the
// caches of older builds once it has: a page is served from one build, never a mix. A new
// build waits until no tab of the old one is open (no skipWaiting), so an open page never
// fetches a file of another build.
"use strict";
const BUILD = "c7010-BUILD";
const FILES = ["./", "index.html", "c7010_web.wasm", "manifest.webmanifest", "icon-192.png",
               "icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(BUILD).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith("c7010-") && name !== BUILD)
      .map((name) => caches.delete(name)))));
});

// The build's files from its cache (a link's `?level=...` is the same page); anything else
// from the network.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(caches.open(BUILD)
    .then((cache) => cache.match(event.request, { ignoreSearch: true }))
    .then((hit) => hit || fetch(event.request)));
});
