// The offline page: when the service worker shows it for a search (/almanach/hledat/?q=…),
// search the kept index (js/search/).
(function () {
  "use strict";
  // The results drawn as the server's results page draws them (js/search/answers.js): the
  // first result as the answer, right under the search box; the page's title shrinks to a
  // line that says the answer comes from the kept texts.
  function show(section, index, text, hits) {
    section.classList.add("offline-answering");
    section.querySelector("h1").textContent = "Hledání bez připojení";
    section.querySelector(".offline-missing").hidden = true;
    var box = section.querySelector(".offline-search");
    box.hidden = false;
    var heading = box.querySelector(".offline-query");
    heading.textContent = hits.length
      ? "Uložená hesla pro „" + text + "“"
      : "Pro „" + text + "“ jsme v uložených heslech nic nenašli.";
    heading.classList.toggle("visually-hidden", hits.length > 0);
    // A question about a figure gets the same fact card as on the server (offline-facts.js).
    var card = index.facts && self.KatanFacts ? self.KatanFacts.cardFor(text, index.facts) : null;
    box.querySelector(".offline-results").innerHTML =
      (card ? self.KatanFacts.renderCard(card) : "") + self.offlineResultsHtml(index, hits, text);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var section = document.querySelector("[data-offline-index]");
    var text = (new URLSearchParams(window.location.search).get("q") || "").trim();
    if (!section || !text) return;
    var input = document.getElementById("hledat-q");
    if (input) input.value = text;
    fetch(section.getAttribute("data-offline-index"))
      .then(function (response) { return response.json(); })
      .then(function (index) { show(section, index, text, self.offlineSearch(index, text)); })
      .catch(function () { /* the index is not kept either: the page says what works */ });
  });
})();
