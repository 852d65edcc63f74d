// The offline page: when the service worker shows it for a search (/almanach/hledat/?q=…),
// search the kept index (offline-search.js).
(function () {
  "use strict";
  function item(hit) {
    var li = document.createElement("li");
    var heading = document.createElement("h3");
    var link = document.createElement("a");
    link.href = hit.link;
    link.textContent = hit.headword;
    heading.appendChild(link);
    var snippet = document.createElement("p");
    snippet.className = "search-snippet";
    snippet.textContent = hit.snippet;
    li.appendChild(heading);
    li.appendChild(snippet);
    if (hit.question) {
      var question = document.createElement("p");
      question.className = "search-question";
      var to = document.createElement("a");
      to.href = hit.question.url;
      to.textContent = hit.question.text;
      question.append("Častá otázka: ", to);
      li.appendChild(question);
    }
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
      .then(function (index) { show(section, text, self.offlineSearch(index, text)); })
      .catch(function () { /* the index is not kept either: the page says what works */ });
  });
})();
