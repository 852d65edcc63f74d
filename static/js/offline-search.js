// Searching the kept index without a connection (the offline page and the service worker
// share this): every query word must begin a word of the entry; a word of the headword counts
// most, then one of an alias, then one in the text. Simpler than the server's search, and pages say so.
(function (scope) {
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
      if (begins(fold(entry.headword), query[i])) total += 5;
      else if (begins(entry.names, query[i])) total += 3;
      else if (begins(entry.words, query[i])) total += 1;
      else return 0;
    }
    return total;
  }

  scope.offlineSearch = function (entries, text, limit) {
    var query = words(text);
    if (!query.length) return [];
    return entries
      .map(function (entry, order) { return { entry: entry, score: score(entry, query), order: order }; })
      .filter(function (hit) { return hit.score > 0; })
      .sort(function (a, b) { return b.score - a.score || a.order - b.order; })
      .slice(0, limit || MAX_RESULTS)
      .map(function (hit) { return hit.entry; });
  };
})(self);
