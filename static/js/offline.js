// The offline page: when the service worker shows it for a search (/almanach/hledat/?q=…),
// search the kept index with simple matching: every query word must begin a word of the
// entry; a word in the headword or an alias counts more than one in the text.
(function () {
  "use strict";
  var MAX_RESULTS = 10;

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function words(text) {
    return fold(text).split(/[^0-9a-z]+/).filter(function (word) { return word.length > 1; });
  }

  function begins(haystack, word) {
    return (" " + haystack).indexOf(" " + word) !== -1;
  }

  function score(entry, query) {
    var total = 0;
    for (var i = 0; i < query.length; i++) {
      if (begins(entry.names, query[i])) total += 3;
      else if (begins(entry.words, query[i])) total += 1;
      else return 0;
    }
    return total;
  }

  function search(entries, text) {
    var query = words(text);
    if (!query.length) return [];
    return entries
      .map(function (entry, order) { return { entry: entry, score: score(entry, query), order: order }; })
      .filter(function (hit) { return hit.score > 0; })
      .sort(function (a, b) { return b.score - a.score || a.order - b.order; })
      .slice(0, MAX_RESULTS)
      .map(function (hit) { return hit.entry; });
  }

  function item(entry) {
    var li = document.createElement("li");
    var heading = document.createElement("h3");
    var link = document.createElement("a");
    link.href = entry.url;
    link.textContent = entry.headword;
    heading.appendChild(link);
    var snippet = document.createElement("p");
    snippet.className = "search-snippet";
    snippet.textContent = entry.snippet;
    li.appendChild(heading);
    li.appendChild(snippet);
    return li;
  }

  function show(section, text, hits) {
    section.querySelector("h1").textContent = "Hledání bez připojení";
    section.querySelector(".offline-missing").hidden = true;
    var box = section.querySelector(".offline-search");
    box.hidden = false;
    box.querySelector(".offline-query").textContent = hits.length
      ? "Uložená hesla pro „" + text + "“"
      : "Pro „" + text + "“ jsme v uložených heslech nic nenašli.";
    var list = box.querySelector(".offline-results");
    list.textContent = "";
    hits.forEach(function (entry) { list.appendChild(item(entry)); });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var section = document.querySelector("[data-offline-index]");
    var text = (new URLSearchParams(window.location.search).get("q") || "").trim();
    if (!section || !text) return;
    var input = document.getElementById("hledat-q");
    if (input) input.value = text;
    fetch(section.getAttribute("data-offline-index"))
      .then(function (response) { return response.json(); })
      .then(function (index) { show(section, text, search(index.entries, text)); })
      .catch(function () { /* the index is not kept either: the page says what works */ });
  });
})();
