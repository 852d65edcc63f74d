// Almanach Katanu offline: the whole Almanach is kept on install, the example game's pages
// once visited, and every kept page is refreshed whenever it is read online. Served from the site's root by offline/views.py, which writes in the version:
// a deploy is a new worker with a new cache, and the old cache is deleted.
"use strict";

var VERSION = "__VERSION__";
var CACHE = "almanach-katanu-" + VERSION;
var PRECACHE_URL = "__PRECACHE_URL__";
// The kept list itself, under an address the site does not answer: a page that fetches the
// list online must not overwrite it (the Cache API ignores a "#fragment", so that is no key).
var SETTINGS_KEY = PRECACHE_URL + "/nastaveni";
var STATIC_URL = "__STATIC_URL__";
var NETWORK_PATIENCE_MS = 4000;
var SEARCH_PAGE = "__SEARCH_PAGE__";
var SEARCH_INDEX = "__SEARCH_INDEX__";
// The offline search, its stages in order (offline/views.py SEARCH_SCRIPTS).
importScripts(__SEARCH_SCRIPTS__);

self.addEventListener("install", function (event) {
  event.waitUntil(
    fetch(PRECACHE_URL, { cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error("precache list " + response.status);
        return response.json();
      })
      .then(function (list) {
        return caches.open(CACHE).then(function (cache) {
          var requests = list.urls.map(function (url) { return new Request(url, { cache: "reload" }); });
          return cache.addAll(requests).then(function () {
            return cache.put(SETTINGS_KEY, new Response(JSON.stringify(list), {
              headers: { "Content-Type": "application/json" }
            }));
          });
        });
      })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf("almanach-katanu-") === 0 && name !== CACHE;
        }).map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

function settings(cache) {
  return cache.match(SETTINGS_KEY).then(function (hit) { return hit ? hit.json() : null; });
}

function keepsVisited(list, url) {
  return Boolean(list) && list.keep_visited.some(function (prefix) {
    return url.pathname.indexOf(prefix) === 0;
  });
}

// Offline, a search shows the offline page, whose script searches the kept index.
function offlineAnswer(cache, list) {
  if (!list) return Response.error();
  return cache.match(list.offline_page).then(function (page) { return page || Response.error(); });
}

// Pages: the network first, so a reader online always gets the current page, and what is kept
// is refreshed; the kept copy when the network fails or keeps us waiting (a poor signal at the
// table). Static files have their hash in the name: the kept copy is always right.
self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // htmx fragments share URLs with full pages: never keep them; site.js falls back to a
  // full page load when one fails offline. Search suggestions come from the kept index.
  if (request.headers.get("HX-Request")) {
    if (url.pathname === SEARCH_PAGE) {
      event.respondWith(fetch(request).catch(function () { return suggestionsOffline(url); }));
    }
    return;
  }
  event.respondWith(caches.open(CACHE).then(function (cache) {
    if (url.pathname.indexOf(STATIC_URL) === 0) {
      return cache.match(request).then(function (kept) { return kept || fetch(request); });
    }
    return Promise.all([keptCopy(cache, request, url), settings(cache)])
      .then(function (found) { return networkFirst(cache, request, url, found[0], found[1]); });
  }));
});

// A search result links to its entry with the words to mark (?zvyraznit=…#odstavec-3):
// offline that is the kept entry, without the marks.
function keptCopy(cache, request, url) {
  return cache.match(request, { ignoreVary: true }).then(function (kept) {
    if (kept || !url.searchParams.has("zvyraznit")) return kept;
    return cache.match(url.origin + url.pathname, { ignoreVary: true });
  });
}

function networkFirst(cache, request, url, kept, list) {
  var network = fetch(request).then(function (response) {
    var marked = url.searchParams.has("zvyraznit");
    var keep = (kept && !marked) || (request.mode === "navigate" && keepsVisited(list, url));
    if (response.ok && keep) cache.put(request, response.clone());
    return response;
  });
  if (!kept) {
    return network.catch(function (error) {
      if (request.mode !== "navigate") throw error;
      return offlineAnswer(cache, list);
    });
  }
  var patience = new Promise(function (resolve) {
    setTimeout(function () { resolve(kept); }, NETWORK_PATIENCE_MS);
  });
  return Promise.race([network.catch(function () { return kept; }), patience]);
}

// The same markup as the server's suggestions (almanach/search.html#suggestions), drawn by
// the offline search (js/search/answers.js): one answering sentence per hit.
function suggestionsOffline(url) {
  return caches.open(CACHE)
    .then(function (cache) { return cache.match(SEARCH_INDEX); })
    .then(function (kept) { return kept ? kept.json() : null; })
    .then(function (index) {
      var text = url.searchParams.get("q") || "";
      var hits = self.offlineSearch(index, text, 6);
      var body = '<div class="suggest-box"><p class="suggest-message">Bez připojení: ' +
        "hledáme v uložených heslech.</p>" +
        (hits.length ? '<ul class="suggest-list">' + self.offlineSuggestionsHtml(index, hits, text)
          + "</ul>"
          : "<p>V uložených heslech jsme nic nenašli.</p>") + "</div>";
      return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
}
