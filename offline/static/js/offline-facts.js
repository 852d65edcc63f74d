// Fact cards without a connection: the same matcher as the server's (almanach/facts.py), over
// the same data (almanach.facts.offline_data(): the word classes of almanach/content/fakta.toml
// and every card already built). KatanFacts.cardFor(query, data) returns the card a question
// asks for, or null; each function below mirrors the Python function of the same name, and
// tests/almanach/test_facts_parity.py checks in Node that both pick the same card.
(function (scope) {
  "use strict";
  var MAX_QUERY = 200;  // facts.py MAX_QUERY
  var TOKEN = /[0-9]+:[0-9]+|[a-z0-9]+/g;
  var RATIO_SPACES = /([0-9])[ \t\n\r\f\v]*:[ \t\n\r\f\v]*([0-9])/g;

  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/\p{Mn}/gu, "");
  }

  function tokens(query) {
    return fold(query).replace(RATIO_SPACES, "$1:$2").match(TOKEN) || [];
  }

  // One letter changed, two neighbours swapped, or one letter missing or extra.
  function near(a, b) {
    if (a === b) return true;
    var la = a.length, lb = b.length, i;
    if (la === lb) {
      i = 0;
      while (a[i] === b[i]) i++;
      if (a.slice(i + 1) === b.slice(i + 1)) return true;
      return i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] &&
        a.slice(i + 2) === b.slice(i + 2);
    }
    if (Math.abs(la - lb) !== 1) return false;
    var short = la < lb ? a : b, long = la < lb ? b : a;
    i = 0;
    while (i < short.length && short[i] === long[i]) i++;
    return short.slice(i) === long.slice(i + 1);
  }

  function partMatches(token, stem, prefix, typos) {
    if (prefix ? token.startsWith(stem) : token === stem) return true;
    var size = stem.length;
    if (!typos || !prefix || size < 5 || token.charAt(0) !== stem.charAt(0)) return false;
    if (token.length >= size && near(token.slice(0, size), stem)) return true;
    if (size < 6) return false;
    return [size - 1, size + 1].some(function (n) {
      return token.length >= n && near(token.slice(0, n), stem);
    });
  }

  // Does the question trade a thing of this class for the same thing ("1 rudu za 1 rudu")?
  function swapped(words, ofToken, kind, word) {
    for (var j = 0; j < words.length; j++) {
      if (words[j] !== word) continue;
      for (var i = Math.max(j - 2, 0); i < j; i++) {
        if (!ofToken[i].has(kind)) continue;
        for (var k = j + 1; k < Math.min(j + 3, words.length); k++) {
          if (ofToken[k].has(kind) && words[i].slice(0, 3) === words[k].slice(0, 3)) return true;
        }
      }
    }
    return false;
  }

  function Matcher(data) {
    var parts = this.parts = [];
    var partIds = new Map();
    var single = this.single = new Map();
    var multi = this.multi = [];
    data.words.forEach(function (entry, rank) {
      var name = entry[0];
      entry[1].forEach(function (pattern) {
        var ids = pattern.split(/\s+/).filter(Boolean).map(function (word) {
          var prefix = word.endsWith("*");
          var stem = word.replace(/\*+$/, "");
          var key = stem + (prefix ? "*" : "");
          if (!partIds.has(key)) {
            partIds.set(key, parts.length);
            parts.push([stem, prefix]);
          }
          return partIds.get(key);
        });
        if (ids.length === 1) {
          if (!single.has(ids[0])) single.set(ids[0], []);
          single.get(ids[0]).push([rank, name]);
        } else {
          multi.push([rank, name, ids, new Set(ids)]);
        }
      });
    });
    var byLetter = this.byLetter = new Map();
    parts.forEach(function (part, pid) {
      var letter = part[0].charAt(0);
      if (!byLetter.has(letter)) byLetter.set(letter, []);
      byLetter.get(letter).push(pid);
    });
    this.facts = data.facts.map(function (fact) {
      return {
        fact: fact,
        when: fact.when.map(function (alt) { return alt; }),
        unless: fact.unless,
        only: fact.only === null || fact.only === undefined ? null : new Set(fact.only),
      };
    });
    this.groups = (data.groups || []).map(function (group) { return [group[0], group[1]]; });
    this.swaps = (data.swaps || []).map(function (swap) {
      return [swap[0], swap[1]["class"], swap[1].word];
    });
    this.numberWords = data.numberWords;
    this.cache = new Map();
  }

  // The parts a token matches; with a typo only when it matches none as written.
  Matcher.prototype.tokenParts = function (token) {
    var found = this.cache.get(token);
    if (found) return found;
    var parts = this.parts;
    var candidates = this.byLetter.get(token.charAt(0)) || [];
    var exact = candidates.filter(function (pid) {
      return partMatches(token, parts[pid][0], parts[pid][1], false);
    });
    found = new Set(exact.length ? exact : candidates.filter(function (pid) {
      return partMatches(token, parts[pid][0], parts[pid][1], true);
    }));
    this.cache.set(token, found);
    return found;
  };

  Matcher.prototype.classesOf = function (words) {
    var self = this;
    var parts = words.map(function (word) { return self.tokenParts(word); });
    var never = this.parts.length + 1000;
    var consumedAt = words.map(function () { return never; });
    var present = new Set();
    var ofToken = words.map(function () { return new Set(); });
    var seen = new Set();
    parts.forEach(function (found) { found.forEach(function (pid) { seen.add(pid); }); });
    this.multi.forEach(function (item) {
      var rank = item[0], name = item[1], ids = item[2], needed = item[3];
      var all = true;
      needed.forEach(function (pid) { if (!seen.has(pid)) all = false; });
      if (!all) return;
      var k = ids.length;
      for (var i = 0; i + k <= words.length; i++) {
        var ok = true;
        for (var j = 0; j < k; j++) {
          if (consumedAt[i + j] !== never || !parts[i + j].has(ids[j])) { ok = false; break; }
        }
        if (!ok) continue;
        present.add(name);
        for (j = 0; j < k; j++) {
          consumedAt[i + j] = rank;
          ofToken[i + j].add(name);
        }
      }
    });
    parts.forEach(function (found, i) {
      found.forEach(function (pid) {
        (self.single.get(pid) || []).forEach(function (entry) {
          if (entry[0] <= consumedAt[i]) {
            present.add(entry[1]);
            ofToken[i].add(entry[1]);
          }
        });
      });
    });
    this.groups.forEach(function (group) {
      var count = group[1].filter(function (name) { return present.has(name); }).length;
      if (count >= 2) present.add(group[0]);
    });
    this.swaps.forEach(function (swap) {
      if (swapped(words, ofToken, swap[1], swap[2])) present.add(swap[0]);
    });
    return { present: present, ofToken: ofToken };
  };

  // The first number the question names that the card has an answer for.
  Matcher.prototype.numberIn = function (words, variants) {
    for (var i = 0; i < words.length; i++) {
      var word = words[i], key = null;
      if (/^[0-9]+$/.test(word)) {
        key = word.replace(/^0+/, "");
      } else {
        for (var k = 0; k < this.numberWords.length; k++) {
          if (word.startsWith(this.numberWords[k][0])) {
            key = String(this.numberWords[k][1]);
            break;
          }
        }
      }
      if (key !== null && Object.prototype.hasOwnProperty.call(variants, key)) return key;
    }
    return null;
  };

  Matcher.prototype.factFor = function (query) {
    if (Array.from(query).length > MAX_QUERY) return null;
    var words = tokens(query);
    if (!words.length) return null;
    var found = this.classesOf(words);
    var present = found.present;
    for (var f = 0; f < this.facts.length; f++) {
      var item = this.facts[f];
      var asked = item.when.some(function (alt) {
        return alt.every(function (name) { return present.has(name); });
      });
      if (!asked) continue;
      if (item.unless.some(function (name) { return present.has(name); })) continue;
      if (item.only && found.ofToken.some(function (classes) {
        var shared = false;
        classes.forEach(function (name) { if (item.only.has(name)) shared = true; });
        return !shared;
      })) continue;
      return item.fact;
    }
    return null;
  };

  var matchers = new WeakMap();

  function matcherFor(data) {
    var matcher = matchers.get(data);
    if (!matcher) {
      matcher = new Matcher(data);
      matchers.set(data, matcher);
    }
    return matcher;
  }

  // The card answering the question ({id, title, answer, rows, quote, slug, link,
  // sourceLabel}), or null when it does not ask for a fact.
  function cardFor(query, data) {
    if (typeof query !== "string" || !data || !data.facts) return null;
    var matcher = matcherFor(data);
    var fact = matcher.factFor(query);
    if (!fact) return null;
    var card = Object.assign({}, fact.card);
    if (fact.variants && Object.keys(fact.variants).length) {
      var number = matcher.numberIn(tokens(query), fact.variants);
      if (number !== null) card.answer = fact.variants[number];
    }
    return card;
  }

  function escape(text) {
    return String(text).replace(/[&<>"']/g, function (ch) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" }[ch];
    });
  }

  // The card as almanach/templates/almanach/_fact_card.html renders it.
  function renderCard(card) {
    var rows = "";
    if (card.rows && card.rows.length) {
      // As FactCard.table_is_answer: a table that only gives context folds away.
      var folded = card.answer.slice(-1) !== ":";
      rows = (folded ? '<details class="fact-more"><summary>Celá tabulka</summary>\n' : "") +
        '<table class="fact-rows">\n<tbody>\n' + card.rows.map(function (row) {
          return '<tr><th scope="row">' + escape(row[0]) + "</th><td>" + escape(row[1]) +
            "</td></tr>";
        }).join("\n") + "\n</tbody>\n</table>\n" + (folded ? "</details>\n" : "");
    }
    return '<section class="box fact-card" aria-labelledby="fakt-' + escape(card.id) + '">\n' +
      '<h2 class="box-label" id="fakt-' + escape(card.id) + '">' + escape(card.title) +
      "</h2>\n" +
      '<p class="fact-answer">' + escape(card.answer) + "</p>\n" + rows +
      '<blockquote class="fact-quote" cite="' + escape(card.link) + '"><p>„' +
      escape(card.quote) + "“</p></blockquote>\n" +
      '<p class="fact-source"><a href="' + escape(card.link) + '">' +
      escape(card.sourceLabel) + "</a></p>\n</section>";
  }

  scope.KatanFacts = { cardFor: cardFor, renderCard: renderCard, tokens: tokens };
})(typeof window !== "undefined" ? window : globalThis);
