// Searching the kept index without a connection (the offline page and the service worker
// share this). The same ranking as the server's (almanach/search.py, SearchIndex.search): the
// kept index (SearchIndex.export) holds the texts, the lemma table, the synonyms, the
// vocabulary and the ranking's numbers; this script tokenises and scores them in the same
// order, so the first result offline is the first result online. The snippet is built around
// the same sentence (the one that answers), with its neighbours and, for the first result, the
// paragraphs that follow; it is cut more simply.
(function (scope) {
  "use strict";
  var MAX_RESULTS = 10;
  var WORD = /\p{Nd}+:\p{Nd}+|[\p{L}\p{N}_]+/gu;
  var SENTENCE_END = /(?<=[.!?…])\s+(?=[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ0-9„"(])/g;
  var SNIPPET_WIDTH = 240;  // search.py SNIPPET_WIDTH, SNIPPET_MIN: the other results
  var SNIPPET_MIN = 180;
  var ANSWER_WIDTH = 400;  // the first result's (search.py ANSWER_WIDTH, ANSWER_MIN)
  var ANSWER_MIN = 300;

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

  function Index(data) {
    this.data = data;
    this.W = data.weights;
    this.stop = new Set(data.stopWords);
    this.questionWords = new Set(data.questionWords);
    this.quantityWords = new Set(data.quantityWords);
    this.editionWords = new Set(data.editionWords);
    this.intentAsks = data.intentAsks;
    this.intentHints = Object.keys(data.intentHints).map(function (name) {
      return [name, new Set(data.intentHints[name])];
    });
    this.lemmas = data.lemmas;
    this.synonyms = data.synonyms;
    this.words = data.words;
    this.build();
  }

  Index.prototype.stem = function (folded) {
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

  // The word family of a stem (search.py _family): one derivational suffix off.
  Index.prototype.family = function (stem) {
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

  Index.prototype.lemmasOf = function (folded) {
    return Object.prototype.hasOwnProperty.call(this.lemmas, folded) ? this.lemmas[folded] : [];
  };

  // key -> quality, in insertion order like the server's dict.
  Index.prototype.keys = function (word) {
    var folded = fold(word);
    var keys = new Map([[folded, this.W.exact]]);
    var lemmas = this.lemmasOf(folded);
    for (var i = 0; i < lemmas.length; i++) {
      if (!keys.has(lemmas[i])) keys.set(lemmas[i], this.W.lemma);
    }
    var stem = this.stem(folded);
    if (!keys.has(stem)) keys.set(stem, this.W.stem);
    if (this.W.family) {
      var family = this.family(stem);
      if (!keys.has(family)) keys.set(family, this.W.family);
    }
    return keys;
  };

  Index.prototype.canonical = function (word) {
    var folded = fold(word);
    var lemmas = this.lemmasOf(folded);
    return lemmas.length ? lemmas[0] : folded;
  };

  Index.prototype.isStop = function (word) {
    var folded = fold(word);
    if (this.stop.has(folded)) return true;
    var self = this;
    return this.lemmasOf(folded).some(function (lemma) { return self.stop.has(lemma); });
  };

  Index.prototype.signature = function (list) {
    var self = this;
    var content = list.filter(function (w) { return !self.isStop(w); });
    if (!content.length) content = list;
    var set = new Set(content.map(function (w) { return self.canonical(w); }));
    return Array.from(set).sort().join(" ");
  };

  function addTo(map, key, value) {
    var list = map.get(key);
    if (!list) map.set(key, (list = new Set()));
    list.add(value);
  }

  Index.prototype.build = function () {
    var self = this;
    var docs = this.data.documents;
    this.passages = [];
    this.firstPassage = [];
    this.text = new Map(); // key -> Map(passage -> count)
    this.headword = new Map(); // key -> Set(document)
    this.alias = new Map();
    this.headwordParts = [];
    this.aliasParts = [];
    this.overview = new Set();
    this.broad = new Set();
    this.names = new Map(); // signature -> Set(document)
    this.sections = new Map(); // heading passage -> [passages]
    this.variant = new Set();
    docs.forEach(function (doc, number) {
      if (self.data.variantPages.indexOf(doc.slug) >= 0) self.variant.add(number);
      if (self.data.overviewPages.indexOf(doc.slug) >= 0) self.overview.add(number);
      if (self.data.broadPages.indexOf(doc.slug) >= 0) self.broad.add(number);
      [doc.headword].concat(doc.aliases).forEach(function (name) {
        addTo(self.names, self.signature(words(name)), number);
      });
      var parts = [];
      words(doc.headword).forEach(function (word) {
        var keys = self.keys(word);
        keys.forEach(function (_, key) { addTo(self.headword, key, number); });
        if (!self.isStop(word)) parts.push(new Set(keys.keys()));
      });
      self.headwordParts.push(parts);
      var aliasParts = [];
      doc.aliases.forEach(function (alias) {
        var content = [];
        words(alias).forEach(function (word) {
          var keys = self.keys(word);
          keys.forEach(function (_, key) { addTo(self.alias, key, number); });
          if (!self.isStop(word)) content.push(new Set(keys.keys()));
        });
        if (content.length) aliasParts.push(content);
      });
      self.aliasParts.push(aliasParts);
      var asides = new Set(doc.asides);
      var headings = new Set(doc.headings);
      var editions = new Map(doc.editions.map(function (item) {
        var number = /\((\d{3})/.exec(item[1]);
        return [item[0], number ? number[1] : ""];
      }));
      self.firstPassage.push(self.passages.length);
      var section = -1;
      doc.text.split("\n").forEach(function (line, lineNumber) {
        var passage = self.passages.length;
        if (headings.has(lineNumber)) section = passage;
        self.passages.push({
          document: number, line: lineNumber, length: 0, text: line,
          eligible: !asides.has(lineNumber) && line.trim().length > 0,
          edition: editions.has(lineNumber), heading: headings.has(lineNumber),
          section: section, figure: false,
          hints: new Set(), box: editions.has(lineNumber) ? editions.get(lineNumber) : "",
        });
        if (section >= 0 && passage !== section) {
          if (!self.sections.has(section)) self.sections.set(section, []);
          self.sections.get(section).push(passage);
        }
        (line.match(WORD) || []).forEach(function (token) {
          var info = self.passages[passage];
          info.length += 1;
          if (/^\p{Nd}/u.test(token)) info.figure = true;
          var foldedToken = fold(token);
          self.intentHints.forEach(function (item) {
            if (item[1].has(foldedToken)) info.hints.add(item[0]);
          });
          self.keys(token.toLowerCase()).forEach(function (_, key) {
            var postings = self.text.get(key);
            if (!postings) self.text.set(key, (postings = new Map()));
            postings.set(passage, (postings.get(passage) || 0) + 1);
          });
        });
      });
    });

    this.nameKeys = docs.map(function (_, number) {
      var keys = new Set();
      self.headwordParts[number].forEach(function (part) {
        part.forEach(function (key) { keys.add(key); });
      });
      self.aliasParts[number].forEach(function (alias) {
        alias.forEach(function (part) { part.forEach(function (key) { keys.add(key); }); });
      });
      return keys;
    });
    this.abbreviations = new Set(this.data.abbreviations);
    this.analysed = docs.map(function (doc) { return self.analyse(doc); });

    this.phrasings = [];
    this.phrasingIndex = new Map();
    this.cited = [];
    this.data.questions.forEach(function (question, q) {
      [question.text].concat(question.phrasings).forEach(function (phrasing) {
        var parts = words(phrasing).filter(function (w) { return !self.isStop(w); })
          .map(function (w) { return new Set(self.keys(w).keys()); });
        if (!parts.length) return;
        parts.forEach(function (part, i) {
          part.forEach(function (key) {
            if (!self.phrasingIndex.has(key)) self.phrasingIndex.set(key, new Map());
            var byPhrasing = self.phrasingIndex.get(key);
            if (!byPhrasing.has(self.phrasings.length)) byPhrasing.set(self.phrasings.length, []);
            byPhrasing.get(self.phrasings.length).push(i);
          });
        });
        self.phrasings.push({ question: q, keys: parts });
      });
      self.cited.push(question.cited);
    });

    var total = this.passages.length;
    var sum = 0;
    this.passages.forEach(function (p) { sum += p.length; });
    this.avgLength = sum / Math.max(total, 1);
    var W = this.W;
    this.norms = this.passages.map(function (p) {
      return W.k1 * (1 - W.b + W.b * (p.length / self.avgLength));
    });
    var df = new Map();
    this.text.forEach(function (postings, key) { df.set(key, (df.get(key) || 0) + postings.size); });
    [this.headword, this.alias].forEach(function (table) {
      table.forEach(function (numbers, key) { df.set(key, (df.get(key) || 0) + numbers.size); });
    });
    this.phrasingIndex.forEach(function (_, key) { if (!df.has(key)) df.set(key, 1); });
    this.idf = new Map();
    df.forEach(function (count, key) {
      self.idf.set(key, Math.log(1 + (total - count + 0.5) / (count + 0.5)));
    });
    Object.keys(this.lemmas).forEach(function (word) {
      var caps = self.lemmas[word].filter(function (l) { return self.idf.has(l); })
        .map(function (l) { return self.idf.get(l); });
      if (caps.length && self.idf.has(word)) {
        self.idf.set(word, Math.min(self.idf.get(word), Math.max.apply(null, caps)));
      }
    });
  };

  // One document tokenised for its sentences (search.py _analyse and _sentences).
  Index.prototype.analyse = function (doc) {
    var self = this;
    var text = doc.text;
    var tokens = [];
    var match;
    var pattern = new RegExp(WORD.source, "gu");
    while ((match = pattern.exec(text)) !== null) {
      tokens.push([match.index, match.index + match[0].length,
        new Set(self.keys(match[0].toLowerCase()).keys())]);
    }
    var sentences = [];
    var lineStarts = [];
    var offset = 0;
    text.split("\n").forEach(function (line, number) {
      lineStarts.push(offset);
      var start = 0;
      var end = new RegExp(SENTENCE_END.source, "g");
      var found;
      while ((found = end.exec(line)) !== null) {
        var before = line.slice(start, found.index).match(WORD) || [];
        var last = before.length ? before[before.length - 1] : "";
        if (last && (/^\p{Nd}+$/u.test(last) || self.abbreviations.has(fold(last)))) continue;
        sentences.push([offset + start, offset + found.index, number]);
        start = found.index + found[0].length;
      }
      sentences.push([offset + start, offset + line.length, number]);
      offset += line.length + 1;
    });
    var tokenSentence = [];
    var current = 0;
    tokens.forEach(function (token) {
      while (sentences[current][1] <= token[0]) current += 1;
      tokenSentence.push(current);
    });
    var positions = new Map();
    tokens.forEach(function (token, index) {
      token[2].forEach(function (key) {
        if (!positions.has(key)) positions.set(key, []);
        positions.get(key).push(index);
      });
    });
    var figures = [];
    var hints = sentences.map(function () { return new Set(); });
    tokens.forEach(function (token, index) {
      var word = text.slice(token[0], token[1]);
      if (/^\p{Nd}/u.test(word)) figures.push(index);
      var folded = fold(word);
      self.intentHints.forEach(function (item) {
        if (item[1].has(folded)) hints[tokenSentence[index]].add(item[0]);
      });
    });
    var examples = new Set();
    text.split("\n").forEach(function (line, number) {
      if (/^[–\s]*Příklad(?![\p{L}\p{N}_])/u.test(line)) examples.add(number);
    });
    var cards = new Set();
    doc.anchors.forEach(function (name, number) {
      if (name.indexOf("karta-") === 0 || name.indexOf("texty-karet") === 0) cards.add(number);
    });
    return {
      examples: examples, cards: cards,
      tokens: tokens, tokenStarts: tokens.map(function (t) { return t[0]; }),
      sentences: sentences, tokenSentence: tokenSentence, positions: positions,
      figures: figures, lineStarts: lineStarts, hints: hints,
    };
  };

  // The words a typo may be one or two edits from: the vocabulary and its stems
  // (search.py _typo_words).
  Index.prototype.typoWords = function () {
    if (!this.typoList) {
      var self = this;
      var all = new Set(this.words);
      if (this.W.typo_stems) this.words.forEach(function (word) { all.add(self.stem(word)); });
      this.typoList = Array.from(all);
    }
    return this.typoList;
  };

  // A word of 3 or 4 letters: only two neighbouring letters swapped or, in 4 letters, one
  // left out reach a word of the index (as search.py's _add_short_typos).
  var LETTERS = "abcdefghijklmnopqrstuvwxyz";
  Index.prototype.shortTypos = function (folded, keys) {
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

  Index.prototype.documentPassages = function (number) {
    var end = number + 1 < this.firstPassage.length ? this.firstPassage[number + 1]
      : this.passages.length;
    var list = [];
    for (var p = this.firstPassage[number]; p < end; p++) list.push(p);
    return list;
  };

  Index.prototype.rewrites = function (list) {
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
        var byFamily = chunk.map(function (w) { return self.family(self.stem(fold(w))); })
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

  Index.prototype.terms = function (list, typing) {
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
      var cap = self.W.rarity_cap ? self.idf.get(self.stem(folded)) : undefined;
      if (cap !== undefined) {
        keys.forEach(function (quality, key) {
          var idf = self.idf.get(key);
          if (idf !== undefined && idf > cap) keys.set(key, quality * cap / idf);
        });
      }
      return { word: word, keys: keys };
    });
  };


  function add(map, key, value) { map.set(key, (map.has(key) ? map.get(key) : 0) + value); }

  // passage -> [score, question or -1]; and the documents the query names (SearchIndex._score).
  Index.prototype.score = function (terms, editionAsked, quantity, intents, boxes, asks) {
    var self = this;
    var W = this.W;
    var scores = new Map();
    var matchedTerms = new Map();
    var phrasingScores = new Map();
    var phrasingTerms = new Map();
    var phrasingParts = new Map();
    var nameMatched = new Map();
    var nameScores = new Map();
    var texted = new Set();
    var phrasingWeight = new Map();
    var totalWeight = 0;
    var matchable = 0;
    var k1 = W.k1 + 1;
    terms.forEach(function (term) {
      var text = new Map();
      var head = new Map();
      var alias = new Map();
      var nameKeys = new Map();
      var asked = new Map();
      term.keys.forEach(function (quality, key) {
        if (!self.idf.has(key)) return;
        var weight = self.idf.get(key) * quality;
        var postings = self.text.get(key);
        if (postings) {
          postings.forEach(function (tf, passage) {
            var value = weight * (tf * k1 / (tf + self.norms[passage]));
            if (value > (text.has(passage) ? text.get(passage) : 0)) text.set(passage, value);
          });
        }
        (self.headword.get(key) || []).forEach(function (number) {
          head.set(number, Math.max(head.has(number) ? head.get(number) : 0, weight));
          addTo(nameKeys, number, key);
        });
        (self.alias.get(key) || []).forEach(function (number) {
          alias.set(number, Math.max(alias.has(number) ? alias.get(number) : 0, weight));
          addTo(nameKeys, number, key);
        });
        var phrasings = self.phrasingIndex.get(key);
        if (phrasings) {
          phrasings.forEach(function (parts, phrasing) {
            asked.set(phrasing, Math.max(asked.has(phrasing) ? asked.get(phrasing) : 0, weight));
            if (!phrasingParts.has(phrasing)) phrasingParts.set(phrasing, new Set());
            parts.forEach(function (i) { phrasingParts.get(phrasing).add(i); });
          });
        }
      });
      if (text.size || head.size || alias.size || asked.size) matchable += 1;
      var termWeight = 0;
      term.keys.forEach(function (quality, key) {
        if (self.idf.has(key)) termWeight = Math.max(termWeight, self.idf.get(key) * quality);
      });
      totalWeight += termWeight;
      var touched = new Map();
      text.forEach(function (value, passage) {
        texted.add(passage);
        touched.set(passage, W.text * value);
      });
      var found = new Set(touched.keys());
      text.forEach(function (value, heading) {
        (self.sections.get(heading) || []).forEach(function (passage) {
          add(touched, passage, W.heading * value);
          found.add(passage);
        });
      });
      touched.forEach(function (value, passage) { add(scores, passage, value); });
      var numbers = Array.from(new Set(Array.from(head.keys()).concat(Array.from(alias.keys()))))
        .sort(function (a, b) { return a - b; });
      numbers.forEach(function (number) {
        nameKeys.get(number).forEach(function (key) { addTo(nameMatched, number, key); });
        var value = W.headword * (head.has(number) ? head.get(number) : 0)
          + W.alias * (alias.has(number) ? alias.get(number) : 0);
        self.documentPassages(number).forEach(function (passage) {
          add(nameScores, passage, value);
          if (!found.has(passage)) {
            found.add(passage);
            add(matchedTerms, passage, W.name_credit);
          }
        });
      });
      touched.forEach(function (_, passage) { add(matchedTerms, passage, 1.0); });
      asked.forEach(function (value, phrasing) {
        add(phrasingScores, phrasing, value);
        add(phrasingTerms, phrasing, 1);
        add(phrasingWeight, phrasing, termWeight);
      });
    });

    var named = new Set();
    nameMatched.forEach(function (keys, number) {
      var names = [self.headwordParts[number]].concat(self.aliasParts[number]);
      var covered = names.some(function (parts) {
        return parts.length > 0 && parts.every(function (part) {
          return Array.from(part).some(function (key) { return keys.has(key); });
        });
      });
      if (covered) named.add(number);
    });
    var result = new Map();
    if (!matchable) return { result: result, named: named, texted: texted };
    var passages = Array.from(new Set(Array.from(scores.keys()).concat(Array.from(nameScores.keys()))))
      .sort(function (a, b) { return a - b; });
    passages.forEach(function (passage) {
      var info = self.passages[passage];
      if (!info.eligible) return;
      var own = scores.has(passage) ? scores.get(passage) : 0;
      if (info.edition && !editionAsked) own *= W.edition;
      else if (info.box && boxes.has(info.box)) own *= W.edition_named;
      if (quantity && info.figure) own *= W.quantity;
      if (intents.some(function (name) { return info.hints.has(name); })) own *= W.intent;
      var coverage = matchedTerms.get(passage) / matchable;
      var score = own + (nameScores.has(passage) ? nameScores.get(passage) : 0);
      result.set(passage, [score * (0.3 + 0.7 * coverage * coverage), -1]);
    });
    var lifts = new Map();
    phrasingScores.forEach(function (score, phrasing) {
      if (!asks || phrasingTerms.get(phrasing) < 2 || phrasingParts.get(phrasing).size < 2) return;
      var info = self.phrasings[phrasing];
      var coverage = phrasingWeight.get(phrasing) / totalWeight;
      var covered = phrasingParts.get(phrasing).size / info.keys.length;
      var weight = self.data.questions[info.question].url ? W.question : W.passage_question;
      var value = weight * score * Math.pow(coverage, W.question_power) * (covered * covered);
      if (value > (lifts.has(info.question) ? lifts.get(info.question) : 0)) {
        lifts.set(info.question, value);
      }
    });
    var lifted = new Set();
    Array.from(lifts.keys()).sort(function (a, b) {
      return lifts.get(b) - lifts.get(a) || a - b;
    }).forEach(function (question) {
      var value = lifts.get(question);
      self.cited[question].forEach(function (cited) {
        var passage = cited[0];
        if (lifted.has(passage)) return; // a closer question lifted it already
        lifted.add(passage);
        var current = result.get(passage) || [0, -1];
        var lift = value;
        if (self.passages[passage].edition && !editionAsked) lift *= W.edition_lift;
        result.set(passage, [current[0] + lift, lift >= current[0] ? question : -1]);
      });
    });
    return { result: result, named: named, texted: texted };
  };

  Index.prototype.termWeight = function (term) {
    var self = this;
    var best = 0;
    term.keys.forEach(function (quality, key) {
      if (self.idf.has(key)) best = Math.max(best, self.idf.get(key) * quality);
    });
    return best;
  };

  // sentence -> how well it answers, for one line or the whole entry (search.py
  // _sentence_scores): the query's rare words, all of them, side by side; the words that only
  // name the entry count less; a figure for "kolik…", a word of the asked kind for "kdy…".
  Index.prototype.sentenceScores = function (number, asked, line) {
    var self = this;
    var W = this.W;
    var S = this.data.sentence;
    var a = this.analysed[number];
    var low = 0;
    var high = a.tokens.length;
    if (line !== null) {
      low = bisectLeft(a.tokenStarts, a.lineStarts[line]);
      high = line + 1 < a.lineStarts.length ? bisectLeft(a.tokenStarts, a.lineStarts[line + 1])
        : a.tokens.length;
    }
    var names = this.nameKeys[number];
    var factors = asked.terms.map(function (terms) {
      return terms.map(function (term) {
        var named = false;
        term.keys.forEach(function (_, key) { if (names.has(key)) named = true; });
        return named ? W.name_term : 1.0;
      });
    });
    var totals = asked.terms.map(function (terms, r) {
      var rest = 0;
      var all = 0;
      terms.forEach(function (term, t) {
        if (factors[r][t] === 1.0) rest += self.termWeight(term);
      });
      if (rest) return rest;
      terms.forEach(function (term) { all += self.termWeight(term); });
      return all;
    });
    var matched = new Map(); // token -> Map("r,t" -> [r, t, weight])
    asked.weights.forEach(function (targets, key) {
      var positions = a.positions.get(key);
      if (!positions) return;
      var from = bisectLeft(positions, low);
      var to = bisectLeft(positions, high);
      for (var i = from; i < to; i++) {
        var index = positions[i];
        if (!matched.has(index)) matched.set(index, new Map());
        var matches = matched.get(index);
        targets.forEach(function (target) {
          var weight = target[2] * factors[target[0]][target[1]];
          var id = target[0] + "," + target[1];
          if (!matches.has(id) || weight > matches.get(id)[2]) {
            matches.set(id, [target[0], target[1], weight]);
          }
        });
      }
    });
    function ordered(map) {
      return Array.from(map.values()).sort(function (x, y) { return x[0] - y[0] || x[1] - y[1]; });
    }
    var found = new Map(); // sentence -> Map("r,t" -> [r, t, weight])
    var bonus = new Map();
    Array.from(matched.keys()).sort(function (x, y) { return x - y; }).forEach(function (index) {
      var sentence = a.tokenSentence[index];
      if (!found.has(sentence)) found.set(sentence, new Map());
      var seen = found.get(sentence);
      var previous = matched.get(index - 1) || new Map();
      ordered(matched.get(index)).forEach(function (item) {
        var id = item[0] + "," + item[1];
        if (!seen.has(id) || item[2] > seen.get(id)[2]) seen.set(id, item);
        var before = previous.get(item[0] + "," + (item[1] - 1));
        if (before) {
          bonus.set(sentence, (bonus.get(sentence) || 0) + S.adjacent * Math.min(item[2], before[2]));
        }
      });
    });
    var figures = new Set();
    if (asked.quantity) a.figures.forEach(function (i) { figures.add(a.tokenSentence[i]); });
    var doc = this.data.documents[number];
    var asides = new Set(doc.asides);
    var boxes = new Map(doc.editions.map(function (item) {
      var found = /\((\d{3})/.exec(item[1]);
      return [item[0], found ? found[1] : ""];
    }));
    // The editions whose words the query uses: a word as typed that this entry has only in
    // that edition's box asks for that box (search.py _implied_boxes).
    var implied = new Set();
    var held = new Map(); // typed term -> the lines that hold it
    asked.weights.forEach(function (targets, key) {
      var positions = a.positions.get(key);
      if (!positions) return;
      var typed = targets.filter(function (target) { return target[0] === 0; });
      if (!typed.length) return;
      positions.forEach(function (index) {
        var where = a.sentences[a.tokenSentence[index]][2];
        typed.forEach(function (target) {
          if (!held.has(target[1])) held.set(target[1], new Set());
          held.get(target[1]).add(where);
        });
      });
    });
    held.forEach(function (lines) {
      var all = Array.from(lines);
      if (all.length && all.every(function (l) { return boxes.has(l); })) {
        all.forEach(function (l) { implied.add(boxes.get(l)); });
      }
    });
    var scores = new Map();
    Array.from(found.keys()).sort(function (x, y) { return x - y; }).forEach(function (sentence) {
      var sentenceLine = a.sentences[sentence][2];
      if (asides.has(sentenceLine) || (line !== null && sentenceLine !== line)) return;
      var seen = new Map(found.get(sentence));
      var following = sentence + 1;
      if (following < a.sentences.length && a.sentences[following][2] === sentenceLine
          && found.has(following)) {
        found.get(following).forEach(function (item, id) {
          if (!seen.has(id)) seen.set(id, [item[0], item[1], S.next * item[2]]);
        });
      }
      var byRewrite = new Map();
      var shares = new Map();
      ordered(seen).forEach(function (item) {
        var r = item[0];
        byRewrite.set(r, (byRewrite.get(r) || 0) + item[2]);
        var allNamed = factors[r].every(function (f) { return f !== 1.0; });
        if (factors[r][item[1]] === 1.0 || allNamed) shares.set(r, (shares.get(r) || 0) + item[2]);
      });
      var score = -Infinity;
      byRewrite.forEach(function (weight, r) {
        var share = totals[r] ? Math.min(1.0, (shares.get(r) || 0) / totals[r]) : 0;
        var value = totals[r] ? weight * (0.4 + 0.6 * share * share) : 0.0;
        if (value > score) score = value;
      });
      score += bonus.get(sentence) || 0;
      if (figures.has(sentence)) score *= S.quantity;
      // A lead-in's next sentence may say what was asked without naming it again: its kind
      // counts for the lead-in too. One that names it can answer by itself.
      var hints = a.hints[sentence];
      if (following < a.sentences.length && a.sentences[following][2] === sentenceLine
          && !found.has(following)) {
        hints = new Set(Array.from(hints).concat(Array.from(a.hints[following])));
      }
      if (asked.intents.some(function (name) { return hints.has(name); })) {
        score *= S.intent;
      }
      if (a.examples.has(sentenceLine)) score *= W.example;
      if (a.cards.has(sentenceLine)) score *= W.card;
      if (boxes.has(sentenceLine)) {
        var box = boxes.get(sentenceLine);
        if (box && asked.boxes.has(box)) score *= W.edition_named;
        else if (!asked.editionAsked) score *= implied.has(box) ? W.implied_box : W.edition;
      }
      scores.set(sentence, score);
    });
    return scores;
  };

  Index.prototype.bestSentence = function (number, asked, line) {
    var best = null;
    var bestScore = 0.0;
    this.sentenceScores(number, asked, line).forEach(function (score, sentence) {
      if (score > bestScore) { best = sentence; bestScore = score; }
    });
    return best;
  };

  // The passage of an entry that answers: its best sentence and the passage's own score.
  Index.prototype.choose = function (number, asked, choices, passage) {
    var self = this;
    var scores = this.sentenceScores(number, asked, null);
    if (!scores.size) return passage;
    var top = Math.max.apply(null, Array.from(scores.values()));
    var first = this.firstPassage[number];
    var priorTop = 0.0;
    this.documentPassages(number).forEach(function (p) {
      priorTop = Math.max(priorTop, choices.has(p) ? choices.get(p) : 0.0);
    });
    var sentences = this.analysed[number].sentences;
    var best = passage;
    var bestValue = -1.0;
    scores.forEach(function (score, sentence) {
      var candidate = first + sentences[sentence][2];
      if (!self.passages[candidate].eligible) return;
      var prior = priorTop > 0 ? (choices.has(candidate) ? choices.get(candidate) : 0) / priorTop : 0;
      var value = score / top + self.W.prior * prior;
      if (value > bestValue) { best = candidate; bestValue = value; }
    });
    return best;
  };

  Index.prototype.opening = function (number) {
    var self = this;
    var passages = this.documentPassages(number);
    for (var i = 0; i < passages.length; i++) {
      if (self.passages[passages[i]].eligible) return passages[i];
    }
    return passages[0];
  };

  Index.prototype.namesOnly = function (number, allTerms) {
    var headword = new Set();
    this.headwordParts[number].forEach(function (part) {
      part.forEach(function (key) { headword.add(key); });
    });
    return allTerms.some(function (terms) {
      return terms.length > 0 && terms.every(function (term) {
        return Array.from(term.keys.keys()).some(function (key) { return headword.has(key); });
      });
    });
  };

  // The passage around the query's words: its sentence holding most of them (or the quotation
  // of a frequent question), another edition's label first.
  Index.prototype.snippet = function (passage, allTerms, focus, asked, width, minimum, follow) {
    var info = this.passages[passage];
    var doc = this.data.documents[info.document];
    var line = info.text;
    var begin = 0;
    var end = line.length;
    var analysed = this.analysed[info.document];
    if (focus) {
      var lineStart = analysed.lineStarts[info.line];
      begin = Math.max(0, focus[1] - lineStart);
      end = Math.min(line.length, focus[2] - lineStart);
    } else {  // the sentence that answers best (search.py _best_sentence), or the line's first
      var chosen = asked ? this.bestSentence(info.document, asked, info.line) : null;
      if (chosen === null) {
        chosen = analysed.sentences.findIndex(function (s) { return s[2] === info.line; });
      }
      begin = analysed.sentences[chosen][0] - analysed.lineStarts[info.line];
      end = analysed.sentences[chosen][1] - analysed.lineStarts[info.line];
    }
    while (end - begin < minimum && end < line.length) {
      var next = line.indexOf(". ", end + 1);
      end = next < 0 ? line.length : next + 1;
    }
    // The passage said all it has after the answer: the sentences before it come along up to
    // the minimum (search.py _snippet).
    var lineOffset = analysed.lineStarts[info.line];
    var before = analysed.sentences.findIndex(function (s) {
      return s[2] === info.line && s[1] - lineOffset > begin;
    }) - 1;
    while (end - begin < minimum && before >= 0 && analysed.sentences[before][2] === info.line
           && end - (analysed.sentences[before][0] - lineOffset) <= width) {
      begin = analysed.sentences[before][0] - lineOffset;
      before -= 1;
    }
    var text = line.slice(begin, end);
    if (text.length > width) text = text.slice(0, width).replace(/\s\S*$/, "");
    var shown = (begin > 0 ? "…" : "") + text.trim() + (begin + text.length < line.length ? "…" : "");
    // A short line that a list follows: the list items come along, as much as fits (after
    // an item: the items that follow it).
    var after = passage + 1;
    while (begin + text.length >= line.length && shown.length < minimum
           && after < this.passages.length && this.passages[after].document === info.document
           && this.passages[after].text.indexOf("– ") === 0
           && shown.length + 1 + this.passages[after].text.length <= width) {
      shown += " " + this.passages[after].text;
      after += 1;
    }
    // The first result, the answer (search.py _follow): a passage that ends early goes on into
    // the paragraphs after it in the entry's own text, whole sentences as long as they fit;
    // never into a heading or the site's words, nor into or out of another edition's box.
    var own = function (item) {
      return item.document === info.document && item.eligible && !item.edition && !item.heading;
    };
    if (follow && own(info) && shown.slice(-1) !== "…") {
      var full = true;
      while (full && after < this.passages.length && own(this.passages[after])) {
        var parts = this.passages[after].text.trim().split(SENTENCE_END);
        for (var i = 0; i < parts.length; i++) {
          if (shown.length + 1 + parts[i].length > width) {
            if (i > 0) shown += "…";
            full = false;
            break;
          }
          shown += " " + parts[i];
        }
        after += 1;
      }
    }
    var label = "";
    doc.editions.forEach(function (item) { if (item[0] === info.line) label = item[1]; });
    if (label && !(begin === 0 && line.indexOf(label) === 0)) shown = label + ": " + shown;
    return shown;
  };

  Index.prototype.search = function (raw, limit) {
    var self = this;
    var W = this.W;
    var query = cleanQuery(raw, this.data.maxQueryLength);
    var list = words(query);
    if (!list.length) return [];
    var typing = !/\s$/.test(raw);
    var folded = list.map(fold);
    var editionAsked = folded.some(function (w) { return self.editionWords.has(w); });
    var boxes = new Set();
    folded.forEach(function (w) {
      if (Object.prototype.hasOwnProperty.call(self.data.editionNames, w)) {
        boxes.add(self.data.editionNames[w]);
      }
    });
    var quantity = folded.some(function (w) { return self.quantityWords.has(w); });
    var asking = folded.some(function (w) { return self.questionWords.has(w); });
    var intents = [];
    // Two words may ask together ("na co" → "na_co").
    var asks = folded.concat(folded.slice(1).map(function (w, i) { return folded[i] + "_" + w; }));
    asks.forEach(function (w) {
      var name = Object.prototype.hasOwnProperty.call(self.intentAsks, w) ? self.intentAsks[w] : "";
      if (name && intents.indexOf(name) < 0) intents.push(name);
    });

    var best = new Map(); // passage -> [score, question]
    var summed = new Map(); // passage -> its scores over rewrites
    var allTerms = [];
    var namedDocs = new Set();
    var mentions = new Set();
    var exactlyNamed = new Set();
    this.rewrites(list).forEach(function (item) {
      var rewrite = item[0];
      var weight = item[1];
      var terms = self.terms(rewrite, typing);
      allTerms.push(terms);
      if (allTerms[0].length && terms.length > allTerms[0].length) {
        weight *= allTerms[0].length / terms.length;
      }
      (self.names.get(self.signature(rewrite)) || new Set()).forEach(function (n) {
        exactlyNamed.add(n);
      });
      var scored = self.score(terms, editionAsked, quantity, intents, boxes, allTerms[0].length > 1);
      scored.named.forEach(function (n) { namedDocs.add(n); });
      scored.texted.forEach(function (p) { mentions.add(p); });
      scored.result.forEach(function (value, passage) {
        var score = value[0] * weight;
        summed.set(passage, (summed.get(passage) || 0) + score);
        var old = best.get(passage);
        if (!old) best.set(passage, [score, value[1]]);
        else best.set(passage, [Math.max(score, old[0]), score > old[0] ? value[1] : old[1]]);
      });
    });

    var oneWord = Math.max.apply(null, allTerms.map(function (t) { return t.length; })) === 1;
    var byDocument = new Map(); // document -> [score, passage, choice]
    var choices = new Map(); // passage -> how well it answers, within its entry
    best.forEach(function (value, passage) {
      var info = self.passages[passage];
      var score = value[0];
      if (!namedDocs.has(info.document)) {
        if (self.variant.has(info.document) && !editionAsked) score *= W.variant;
        else if (self.overview.has(info.document)) score *= W.overview;
        else if (self.broad.has(info.document)) score *= W.broad;
      }
      if (namedDocs.has(info.document)) score *= W.named;
      if (exactlyNamed.has(info.document) && !asking) score *= W.name_bonus;
      var choice = best.get(passage)[0] ? score * summed.get(passage) / best.get(passage)[0] : score;
      if (oneWord) {
        choice = 1000.0 * (mentions.has(passage) ? 1 : 0) - (passage - self.firstPassage[info.document]);
      }
      choices.set(passage, choice);
      var current = byDocument.get(info.document);
      if (!current) {
        byDocument.set(info.document, [score, passage, choice]);
        return;
      }
      if (choice > current[2] || (choice === current[2] && passage < current[1])) {
        current = [current[0], passage, choice];
      }
      byDocument.set(info.document, [Math.max(score, current[0]), current[1], current[2]]);
    });
    if (!byDocument.size) return [];
    var top = 0;
    byDocument.forEach(function (value) { top = Math.max(top, value[0]); });
    var ranked = [];
    byDocument.forEach(function (value, number) {
      if (value[0] >= top * W.cutoff) ranked.push([number, value[0], value[1]]);
    });
    ranked.sort(function (a, b) { return b[1] - a[1] || a[0] - b[0]; });
    var weights = new Map(); // key -> [rewrite, term, weight] (search.py _term_weights)
    allTerms.forEach(function (terms, r) {
      terms.forEach(function (term, t) {
        term.keys.forEach(function (quality, key) {
          if (!self.idf.has(key)) return;
          if (!weights.has(key)) weights.set(key, []);
          weights.get(key).push([r, t, self.idf.get(key) * quality]);
        });
      });
    });
    var asked = {
      weights: weights, terms: allTerms, quantity: quantity, intents: intents,
      editionAsked: editionAsked, boxes: boxes,
    };
    return ranked.slice(0, limit || MAX_RESULTS).map(function (item, rank) {
      var number = item[0];
      var passage = item[2];
      var question = best.get(passage)[1];
      var opening = !asking && self.namesOnly(number, allTerms);
      if (opening) {  // a bare name: the entry's opening, not a question's quotation
        passage = self.opening(number);
        question = -1;
      } else if (question < 0 && (asking || !oneWord)) {
        passage = self.choose(number, asked, choices, passage);
        if (best.has(passage)) question = best.get(passage)[1];
      }
      var focus = null;
      if (question >= 0) {
        focus = self.cited[question].filter(function (c) { return c[0] === passage; })[0] || null;
      }
      var doc = self.data.documents[number];
      var line = self.passages[passage].line;
      var anchor = line < doc.anchors.length ? doc.anchors[line] : "";
      return {
        slug: doc.slug, headword: doc.headword, url: doc.url, line: line, anchor: anchor,
        link: doc.url + "?zvyraznit=" + encodeURIComponent(query).replace(/%20/g, "+")
          + (anchor ? "#" + anchor : ""),
        snippet: self.snippet(passage, allTerms, focus, opening ? null : asked,
                              rank ? SNIPPET_WIDTH : ANSWER_WIDTH, rank ? SNIPPET_MIN : ANSWER_MIN,
                              !rank),
        question: focus && self.data.questions[question].url ? self.data.questions[question] : null,
      };
    });
  };

  // --- Drawing the results: the answer first (almanach/answers.py, search.html) ----------
  // Each result's answering sentence, short, the query's words in <mark>, the words that
  // answer in <mark class="answer-word">; the first result as the answer, the others as their
  // headword and one sentence. The same steps as answers.py, on the plain snippet.
  var FIRST_LIMIT = 300;  // answers.py FIRST_LIMIT, OTHER_LIMIT
  var OTHER_LIMIT = 160;
  var YES_NO_WORDS = new Set("musim musi musime musite musis mam mame ma".split(" "));
  var NUMBER_WORDS = new Set(("jeden jedna jedno jednu jednoho jedne jednom dva dve dvou dvema " +
    "tri trech trem tremi ctyri ctyr ctyrech pet peti sest sesti sedm sedmi osm osmi devet " +
    "devieti deset deseti jedenact dvanact patnact dvacet polovinu polovina poloviny polovic " +
    "dvakrat trikrat jednou zadny zadna zadne zadnou nic vsechny vsech vsechno").split(" "));
  var EXTRA_HINTS = {
    may: new Set("ano ne musi nemusi nesmi nikdy vzdy kdykoli kdykoliv".split(" ")),
    when: new Set(["jen", "pouze"]),
  };
  var LIMITING_WORDS = new Set("jen pouze teprve az ihned kdykoli kdykoliv".split(" "));
  var LIMITED_PHRASE = 3;
  var ADJECTIVE_ENDINGS = ["i", "y", "a", "e", "ich", "ych", "im", "ym"];
  var NOT_COUNTED = new Set("a i nebo az ze do za na v ve s se k ke o u po pri kdyz".split(" "));
  var ANSWER_SENTENCE_END =
    /(?<=[.!?…])\s+(?=[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ0-9„"(–])|\s+(?=– [A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ])/g;
  var ABBREVIATIONS = new Set("tj např max min viz str atd resp cca tzn tzv apod č".split(" "));
  var CLAUSE_END = /[,.;:!?…–()„“"]/;
  var EDITION_LABEL = /^(Jiné vydání \([^)]*\)): /;

  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (ch) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[ch];
    });
  }

  function tokens(text, begin, end) {  // [start, end, word] of the words in text[begin:end]
    var found = [];
    var pattern = new RegExp(WORD.source, "gu");
    var match;
    while ((match = pattern.exec(text)) !== null) {
      if (match.index >= begin && match.index + match[0].length <= end) {
        found.push([match.index, match.index + match[0].length, match[0]]);
      }
    }
    return found;
  }

  Index.prototype.askedKinds = function (query) {
    var self = this;
    var folded = words(query).map(fold);
    var asks = folded.concat(folded.slice(1).map(function (w, i) { return folded[i] + "_" + w; }));
    var kinds = new Set();
    asks.forEach(function (w) {
      if (Object.prototype.hasOwnProperty.call(self.intentAsks, w)) kinds.add(self.intentAsks[w]);
    });
    if (folded.some(function (w) { return self.quantityWords.has(w); })) kinds.add("quantity");
    if (folded.some(function (w) { return YES_NO_WORDS.has(w); })) kinds.add("may");
    return kinds;
  };

  Index.prototype.answersKind = function (folded, kinds) {
    if (kinds.has("quantity") && (/^\d/.test(folded) || NUMBER_WORDS.has(folded))) return true;
    var hints = new Map(this.intentHints);
    return Array.from(kinds).some(function (kind) {
      return (hints.has(kind) && hints.get(kind).has(folded))
        || (EXTRA_HINTS[kind] && EXTRA_HINTS[kind].has(folded));
    });
  };

  function counted(word) {
    var folded = fold(word);
    return folded.length > 1 && /^\p{L}+$/u.test(folded) && !NOT_COUNTED.has(folded);
  }

  // The words in text[begin:end] that answer what the question asks (answers.py _answer_spans).
  Index.prototype.answerSpans = function (text, begin, end, kinds) {
    if (!kinds.size) return [];
    var list = tokens(text, begin, end);
    var spans = [];
    for (var index = 0; index < list.length; index++) {
      var word = list[index];
      var folded = fold(word[2]);
      if (!this.answersKind(folded, kinds)) continue;
      var stop = word[1];
      if (LIMITING_WORDS.has(folded)) {
        var last = index;
        while (last + 1 < list.length && last - index < LIMITED_PHRASE
               && !CLAUSE_END.test(text.slice(list[last][1], list[last + 1][0]))) last += 1;
        stop = list[last][1];
        index = last;
      } else if (kinds.has("quantity") && /^\d/.test(folded)) {
        var taken = 0;
        while (index + 1 < list.length && taken < 2
               && text.slice(list[index][1], list[index + 1][0]) === " "
               && counted(list[index + 1][2])) {
          index += 1;
          taken += 1;
          stop = list[index][1];
          var next = fold(list[index][2]);
          if (!ADJECTIVE_ENDINGS.some(function (e) { return next.endsWith(e); })) break;
        }
      }
      spans.push([word[0], stop]);
    }
    return spans;
  };

  function answerSentences(text) {  // answers.py _sentences
    var spans = [];
    var start = 0;
    var pattern = new RegExp(ANSWER_SENTENCE_END.source, "g");
    var match;
    while ((match = pattern.exec(text)) !== null) {
      var before = text.slice(start, match.index).match(WORD) || [];
      var last = before.length ? before[before.length - 1] : "";
      if (last && text.charAt(match.index - 1) === "." && (/^\d+$/.test(last)
          || ABBREVIATIONS.has(fold(last)))) continue;
      spans.push([start, match.index]);
      start = match.index + match[0].length;
    }
    spans.push([start, text.length]);
    return spans.filter(function (s) { return text.slice(s[0], s[1]).replace(/[ …]/g, ""); });
  }

  function marked(text, begin, end, marks, answering) {  // answers.py _marked
    var level = [];
    for (var i = begin; i < end; i++) level.push(0);
    [[marks, 1], [answering, 2]].forEach(function (pair) {
      pair[0].forEach(function (span) {
        for (var j = Math.max(span[0], begin); j < Math.min(span[1], end); j++) {
          level[j - begin] = Math.max(level[j - begin], pair[1]);
        }
      });
    });
    var html = "";
    for (var a = 0; a < level.length;) {
      var b = a;
      while (b < level.length && level[b] === level[a]) b += 1;
      var piece = escapeHtml(text.slice(begin + a, begin + b));
      if (level[a] === 2) piece = '<mark class="answer-word">' + piece + "</mark>";
      else if (level[a] === 1) piece = "<mark>" + piece + "</mark>";
      html += piece;
      a = b;
    }
    return html;
  }

  // {html, source}: the answering sentence of a result's snippet and, while they fit in limit
  // characters, the sentences after and before it (answers.py answer()).
  Index.prototype.answer = function (snippet, query, limit) {
    var self = this;
    var source = "";
    var label = EDITION_LABEL.exec(snippet);
    var text = snippet;
    if (label) {
      source = label[1];
      text = snippet.slice(label[0].length);
    }
    var queryKeys = words(query).map(function (w) { return new Set(self.keys(w).keys()); });
    var wanted = new Set();
    this.terms(words(query), false).forEach(function (term) {
      term.keys.forEach(function (_, key) { wanted.add(key); });
    });
    var marks = tokens(text, 0, text.length).filter(function (token) {
      return Array.from(self.keys(token[2].toLowerCase()).keys()).some(function (key) {
        return wanted.has(key);
      });
    });
    var kinds = this.askedKinds(query);
    var sentences = answerSentences(text);
    if (!sentences.length) return { html: "", source: source };
    var scores = sentences.map(function (span) {
      var held = new Set();
      marks.forEach(function (m) {
        if (m[0] < span[0] || m[1] > span[1]) return;
        var keys = Array.from(self.keys(m[2].toLowerCase()).keys());
        var n = queryKeys.findIndex(function (set) {
          return keys.some(function (key) { return set.has(key); });
        });
        held.add(n >= 0 ? "#" + n : fold(m[2]));
      });
      return held.size + (self.answerSpans(text, span[0], span[1], kinds).length ? 0.75 : 0);
    });
    var chosen = 0;
    scores.forEach(function (score, i) { if (score > scores[chosen]) chosen = i; });
    var begin = sentences[chosen][0];
    var end = sentences[chosen][1];
    if (end - begin > limit) {  // a long sentence: the part with the most marked words
      var best = begin;
      var bestCount = -1;
      [begin].concat(marks.filter(function (m) { return m[0] >= begin && m[1] <= end; })
        .map(function (m) { return Math.max(begin, m[0] - 30); })).forEach(function (start) {
        var count = marks.filter(function (m) {
          return m[0] >= begin && m[1] <= end && m[0] >= start && m[0] < start + limit - 10;
        }).length;
        if (count > bestCount) { best = start; bestCount = count; }
      });
      if (best > begin) {
        var space = text.lastIndexOf(" ", best);
        best = space >= begin ? space + 1 : best;
      }
      var stop = Math.min(end, best + limit);
      if (stop < end) {
        var gap = text.lastIndexOf(" ", stop - 1);
        stop = gap > best ? gap : stop;
      }
      begin = best;
      end = stop;
    } else {
      var first = chosen;
      var last = chosen;
      while (last + 1 < sentences.length && sentences[last + 1][1] - begin <= limit) {
        last += 1;
        end = sentences[last][1];
      }
      while (first > 0 && end - sentences[first - 1][0] <= limit) {
        first -= 1;
        begin = sentences[first][0];
      }
    }
    var key = [Math.max(begin, sentences[chosen][0]), Math.min(end, sentences[chosen][1])];
    var answering = this.answerSpans(text, key[0], key[1], kinds);
    var pieces = [marked(text, begin, key[0], marks, answering),
                  marked(text, key[0], key[1], marks, answering),
                  marked(text, key[1], end, marks, answering)];
    if (pieces[0].trim() || pieces[2].trim()) {
      pieces[1] = '<span class="answer-sentence">' + pieces[1] + "</span>";
    }
    var html = pieces.join("").trim();
    var plain = text.slice(begin, end).trim();
    if (text.slice(0, begin).replace(/[ –]/g, "") && plain.charAt(0) !== "…") html = "…" + html;
    if (text.slice(end).trim() && !/[….!?:]$/.test(plain)) html += "…";
    return { html: html, source: source };
  };

  function answerHtml(answer) {
    return (answer.source ? '<span class="snippet-source">' + escapeHtml(answer.source)
      + ":</span> " : "") + answer.html;
  }

  // The results page's list (almanach/search.html): the first result as the answer.
  Index.prototype.resultsHtml = function (hits, query) {
    var self = this;
    return hits.map(function (hit, rank) {
      var answer = answerHtml(self.answer(hit.snippet, query, rank ? OTHER_LIMIT : FIRST_LIMIT));
      var heading = '<h2><a href="' + escapeHtml(hit.link) + '">' + escapeHtml(hit.headword)
        + "</a></h2>";
      var question = hit.question && rank === 0 ? '<p class="search-question">Častá otázka: '
        + '<a href="' + escapeHtml(hit.question.url) + '">' + escapeHtml(hit.question.text)
        + "</a></p>" : "";
      return (rank ? "<li>" : '<li class="search-answer">') + heading
        + '<p class="search-snippet">' + answer + "</p>" + question + "</li>";
    }).join("");
  };

  // The suggestions' list items (almanach/search.html#suggestions): one sentence per hit.
  Index.prototype.suggestionsHtml = function (hits, query) {
    var self = this;
    return hits.map(function (hit) {
      return '<li><a href="' + escapeHtml(hit.link) + '"><span class="suggest-headword">'
        + escapeHtml(hit.headword) + '</span> <span class="suggest-snippet">'
        + answerHtml(self.answer(hit.snippet, query, OTHER_LIMIT)) + "</span></a></li>";
    }).join("");
  };

  function indexOf(data) {
    if (!data._index) {
      Object.defineProperty(data, "_index", { value: new Index(data), enumerable: false });
    }
    return data._index;
  }

  // index: the kept JSON (bez-pripojeni/hledani.json); built once per index object.
  scope.offlineSearch = function (data, text, limit) {
    if (!data || !data.documents) return [];
    return indexOf(data).search(text, limit);
  };
  // The results drawn as the server draws them: offlineResultsHtml for the results page's
  // <ol class="search-results">, offlineSuggestionsHtml for the suggestions' <ul>.
  scope.offlineResultsHtml = function (data, hits, text) {
    return indexOf(data).resultsHtml(hits, cleanQuery(text, data.maxQueryLength));
  };
  scope.offlineSuggestionsHtml = function (data, hits, text) {
    return indexOf(data).suggestionsHtml(hits, cleanQuery(text, data.maxQueryLength));
  };
})(self);
