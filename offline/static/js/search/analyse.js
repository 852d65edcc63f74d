// The offline search, stage 1: analysing words and the query. Mirrors almanach/search/analyse.py
// (fold, a word's keys, stop words, the query's rewrites by synonyms, its terms with prefixes
// and typos). The keys of every word of the kept index (its folded form's stem and family,
// its lemmas) come precomputed in the index (SearchIndex.export: "lemmas", "forms"); only a
// word the index never saw (a query's unknown form or typo) is stemmed here, by the same
// suffix tables, shipped in the index too.
(function (scope) {
  "use strict";
  var S = scope.KatanSearch = scope.KatanSearch || {};
  var WORD = /\p{Nd}+:\p{Nd}+|[\p{L}\p{N}_]+/gu;
  var SENTENCE_END = /(?<=[.!?…])\s+(?=[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ0-9„"(])/g;


  function fold(text) {
    return text.toLowerCase().replace(/ß/g, "ss").normalize("NFD").replace(/\p{Mn}/gu, "");
  }

  function words(text) {
    return (text.match(WORD) || []).map(function (word) { return word.toLowerCase(); });
  }

  function cleanQuery(raw, max) {
    if (Array.from(raw).length > max) return "";
    var text = raw.normalize("NFC").replace(/[\p{C}\p{Z}]/gu, " ");
    return text.split(/\s+/).filter(Boolean).join(" ");
  }
  S.WORD = WORD;
  S.SENTENCE_END = SENTENCE_END;
  S.fold = fold;
  S.words = words;
  S.cleanQuery = cleanQuery;

  var A = S.Analysis = {};

  A.stem = function (folded) {
    if (folded.length < 5) return folded;
    var suffixes = this.data.suffixes;
    for (var i = 0; i < suffixes.length; i++) {
      var suffix = suffixes[i];
      if (folded.endsWith(suffix) && folded.length - suffix.length >= 3) {
        return folded.slice(0, folded.length - suffix.length);
      }
    }
    return folded;
  };

  // The word family of a stem (analyse.py _family): one derivational suffix off.
  A.family = function (stem) {
    var diminutives = this.data.diminutives;
    for (var d = 0; d < diminutives.length; d++) {
      var ending = diminutives[d][0];
      if (stem.endsWith(ending) && stem.length - ending.length >= 3) {
        return "~" + stem.slice(0, stem.length - ending.length) + diminutives[d][1];
      }
    }
    var suffixes = this.data.derivational;
    for (var i = 0; i < suffixes.length; i++) {
      var suffix = suffixes[i];
      if (stem.endsWith(suffix)) {
        return "~" + (stem.length - suffix.length >= 4
          ? stem.slice(0, stem.length - suffix.length) : stem);
      }
    }
    return "~" + stem;
  };

  // [stem, family] of a folded word: the server's, shipped with the index's words (export's
  // "forms", one per word of "words": the letters the stem cuts off, then the letters the
  // family cuts off the stem or the family itself); worked out here only for a word the index
  // never saw.
  A.form = function (folded) {
    var number = this.wordNumber.get(folded);
    if (number === undefined) {
      var own = this.stem(folded);
      return [own, this.family(own)];
    }
    var shipped = this.data.forms[number];
    var stem = folded.slice(0, folded.length - shipped[0]);
    return [stem, typeof shipped[1] === "number"
      ? "~" + stem.slice(0, stem.length - shipped[1]) : "~" + shipped[1]];
  };

  A.lemmasOf = function (folded) {
    return Object.prototype.hasOwnProperty.call(this.lemmas, folded) ? this.lemmas[folded] : [];
  };

  // key -> quality, in insertion order like the server's dict.
  A.keys = function (word) {
    var folded = fold(word);
    var keys = new Map([[folded, this.W.exact]]);
    var lemmas = this.lemmasOf(folded);
    for (var i = 0; i < lemmas.length; i++) {
      if (!keys.has(lemmas[i])) keys.set(lemmas[i], this.W.lemma);
    }
    var form = this.form(folded);
    var stem = form[0];
    if (!keys.has(stem)) keys.set(stem, this.W.stem);
    if (this.W.family) {
      var family = form[1];
      if (!keys.has(family)) keys.set(family, this.W.family);
    }
    return keys;
  };

  A.canonical = function (word) {
    var folded = fold(word);
    var lemmas = this.lemmasOf(folded);
    return lemmas.length ? lemmas[0] : folded;
  };

  // The list is explicit (analyse.py STOP_WORDS): a word's lemmas never make it a stop word.
  A.isStop = function (word) {
    return this.stop.has(fold(word));
  };

  A.signature = function (list) {
    var self = this;
    var content = list.filter(function (w) { return !self.isStop(w); });
    if (!content.length) content = list;
    var set = new Set(content.map(function (w) { return self.canonical(w); }));
    return Array.from(set).sort().join(" ");
  };

  S.addTo = addTo;
  function addTo(map, key, value) {
    var list = map.get(key);
    if (!list) map.set(key, (list = new Set()));
    list.add(value);
  }

  function add(map, key, value) { map.set(key, (map.has(key) ? map.get(key) : 0) + value); }
  S.add = add;


  // The words a typo may be one or two edits from: the vocabulary and its stems
  // (index.py _typo_words).
  A.typoWords = function () {
    if (!this.typoList) {
      var self = this;
      var all = new Set(this.words);
      if (this.W.typo_stems) this.words.forEach(function (word) { all.add(self.form(word)[0]); });
      this.typoList = Array.from(all);
    }
    return this.typoList;
  };

  // A word of 3 or 4 letters: only two neighbouring letters swapped or, in 4 letters, one
  // left out reach a word of the index (as analyse.py's _add_short_typos).
  var LETTERS = "abcdefghijklmnopqrstuvwxyz";
  A.shortTypos = function (folded, keys) {
    if (folded.length < 3 || folded.length > 4) return;
    if (!this.typoSet) this.typoSet = new Set(this.typoWords());
    var found = [];
    for (var i = 0; i + 1 < folded.length; i++) {
      found.push(folded.slice(0, i) + folded[i + 1] + folded[i] + folded.slice(i + 2));
    }
    if (folded.length === 4) {
      for (i = 0; i <= folded.length; i++) {
        for (var l = 0; l < LETTERS.length; l++) {
          found.push(folded.slice(0, i) + LETTERS[l] + folded.slice(i));
        }
      }
    }
    var self = this;
    found.forEach(function (word) {
      if (word !== folded && self.typoSet.has(word)) {
        keys.set(word, Math.max(keys.has(word) ? keys.get(word) : 0, self.W.typo1));
      }
    });
  };



  // The position of the thing after "za" that is the thing before it, or null
  // (analyse.py same_for_same).
  A.sameForSame = function (folded) {
    var self = this;
    for (var i = 0; i < folded.length; i++) {
      if (folded[i] !== "za") continue;
      var before = folded.slice(Math.max(i - 2, 0), i).filter(function (w) {
        return !/^[0-9]+$/.test(w);
      }).map(function (w) { return self.stem(w).slice(0, 3); });
      for (var j = i + 1; j < Math.min(i + 3, folded.length); j++) {
        if (!/^[0-9]+$/.test(folded[j]) && before.indexOf(self.stem(folded[j]).slice(0, 3)) >= 0) {
          return j;
        }
      }
    }
    return null;
  };

  A.rewrites = function (list) {
    var self = this;
    var rewrites = [[list, 1.0]];
    var replacedAll = list.slice();
    var offset = 0;
    var i = 0;
    while (i < list.length) {
      for (var n = 3; n >= 1; n--) {
        var chunk = list.slice(i, i + n);
        if (chunk.length < n) continue;
        var byFold = chunk.map(fold).join(" ");
        var byLemma = chunk.map(function (w) { return self.canonical(w); }).join(" ");
        var byFamily = chunk.map(function (w) { return self.form(fold(w))[1]; })
          .join(" ");
        var targets = (Object.prototype.hasOwnProperty.call(this.synonyms, byFold)
          && this.synonyms[byFold].length ? this.synonyms[byFold] : null)
          || (Object.prototype.hasOwnProperty.call(this.synonyms, byLemma)
          && this.synonyms[byLemma].length ? this.synonyms[byLemma] : null)
          || (Object.prototype.hasOwnProperty.call(this.synonyms, byFamily)
          && this.synonyms[byFamily].length ? this.synonyms[byFamily] : null);
        if (targets) {
          targets.forEach(function (target) {
            rewrites.push([list.slice(0, i).concat(target, list.slice(i + n)), self.W.synonym]);
          });
          Array.prototype.splice.apply(replacedAll, [i + offset, n].concat(targets[0]));
          offset += targets[0].length - n;
          i += n - 1;
          break;
        }
      }
      i += 1;
    }
    if (rewrites.length > 2) rewrites.push([replacedAll, this.W.synonym]);
    // "2 ovce za 1 ovci": a thing for the same thing (analyse.py _rewrites).
    var same = this.sameForSame(list.map(fold));
    if (same !== null) {
      rewrites.push([list.slice(0, same).concat(["stejnou", "surovinu"], list.slice(same + 1)),
        this.W.synonym]);
    }
    return rewrites.slice(0, 8);
  };

  function bisectLeft(list, value) {
    var lo = 0;
    var hi = list.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (list[mid] < value) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  function distance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var previous2 = [];
    var previous = [];
    for (var j = 0; j <= b.length; j++) previous.push(j);
    for (var i = 1; i <= a.length; i++) {
      var current = [i];
      var smallest = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] !== b[j - 1] ? 1 : 0;
        var value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          value = Math.min(value, previous2[j - 2] + 1);
        }
        current.push(value);
        if (value < smallest) smallest = value;
      }
      if (smallest > limit) return limit + 1;
      previous2 = previous;
      previous = current;
    }
    return previous[b.length];
  }

  S.bisectLeft = bisectLeft;

  A.terms = function (list, typing) {
    var self = this;
    var content = list.filter(function (w) { return !self.isStop(w); });
    if (!content.length) content = list;
    return content.map(function (word, position) {
      var keys = self.keys(word);
      var folded = fold(word);
      var known = self.idf.has(folded)
        || self.lemmasOf(folded).some(function (l) { return self.idf.has(l); });
      var last = position === content.length - 1;
      if ((last && typing && folded.length >= 2) || folded.length >= 4) {
        var start = bisectLeft(self.words, folded);
        var stop = Math.min(start + 60, self.words.length);
        for (var i = start; i < stop; i++) {
          var candidate = self.words[i];
          if (!candidate.startsWith(folded)) break;
          if (candidate !== folded) {
            var quality = 0.5 + 0.4 * folded.length / candidate.length;
            keys.set(candidate, Math.max(keys.has(candidate) ? keys.get(candidate) : 0, quality));
          }
        }
      }
      if (!known) {
        var budget = folded.length >= 8 ? 2 : folded.length >= 5 ? 1 : 0;
        if (budget) {
          self.typoWords().forEach(function (candidate) {  // words and their stems
            if (candidate.length < 4) return;
            var d = distance(folded, candidate, budget);
            if (d <= budget) {
              var q = d === 1 ? self.W.typo1 : self.W.typo2;
              keys.set(candidate, Math.max(keys.has(candidate) ? keys.get(candidate) : 0, q));
            }
          });
        } else {
          self.shortTypos(folded, keys);
        }
      }
      // Rarity belongs to the word: no key weighs more than the word's own stem is rare.
      var cap = self.W.rarity_cap ? self.idf.get(self.form(folded)[0]) : undefined;
      if (cap !== undefined) {
        keys.forEach(function (quality, key) {
          var idf = self.idf.get(key);
          if (idf !== undefined && idf > cap) keys.set(key, quality * cap / idf);
        });
      }
      return { word: word, keys: keys };
    });
  };

})(self);
