// Searching the kept index without a connection (the offline page and the service worker
// share this). The same ranking as the server's (almanach/search.py, SearchIndex.search): the
// kept index (SearchIndex.export) holds the texts, the lemma table, the synonyms, the
// vocabulary and the ranking's numbers; this script tokenises and scores them in the same
// order, so the first result offline is the first result online. The snippet is simpler: the
// passage around the query's words.
(function (scope) {
  "use strict";
  var MAX_RESULTS = 10;
  var WORD = /\p{Nd}+:\p{Nd}+|[\p{L}\p{N}_]+/gu;
  var SENTENCE_END = /(?<=[.!?…])\s+(?=[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ0-9„"(])/g;
  var SNIPPET_WIDTH = 240;

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
    this.names = new Map(); // signature -> Set(document)
    this.sections = new Map(); // heading passage -> [passages]
    this.variant = new Set();
    docs.forEach(function (doc, number) {
      if (self.data.variantPages.indexOf(doc.slug) >= 0) self.variant.add(number);
      if (self.data.overviewPages.indexOf(doc.slug) >= 0) self.overview.add(number);
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
          edition: editions.has(lineNumber), section: section, figure: false,
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
          self.words.forEach(function (candidate) {
            if (candidate.length < 4) return;
            var d = distance(folded, candidate, budget);
            if (d <= budget) {
              var q = d === 1 ? self.W.typo1 : self.W.typo2;
              keys.set(candidate, Math.max(keys.has(candidate) ? keys.get(candidate) : 0, q));
            }
          });
        }
      }
      return { word: word, keys: keys };
    });
  };


  function add(map, key, value) { map.set(key, (map.has(key) ? map.get(key) : 0) + value); }

  // passage -> [score, question or -1]; and the documents the query names (SearchIndex._score).
  Index.prototype.score = function (terms, editionAsked, quantity, intents, boxes) {
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
      if (phrasingTerms.get(phrasing) < 2) return;
      var info = self.phrasings[phrasing];
      var coverage = phrasingWeight.get(phrasing) / totalWeight;
      var covered = phrasingParts.get(phrasing).size / info.keys.length;
      var value = W.question * score * (coverage * coverage) * (covered * covered);
      if (value > (lifts.has(info.question) ? lifts.get(info.question) : 0)) {
        lifts.set(info.question, value);
      }
    });
    Array.from(lifts.keys()).sort(function (a, b) {
      return lifts.get(b) - lifts.get(a) || a - b;
    }).forEach(function (question) {
      var value = lifts.get(question);
      self.cited[question].forEach(function (cited) {
        var passage = cited[0];
        var current = result.get(passage) || [0, -1];
        if (current[1] >= 0) return;
        var lift = value;
        if (self.passages[passage].edition && !editionAsked) lift *= W.edition;
        result.set(passage, [current[0] + lift, lift >= current[0] ? question : -1]);
      });
    });
    return { result: result, named: named, texted: texted };
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
  Index.prototype.snippet = function (passage, allTerms, focus) {
    var info = this.passages[passage];
    var doc = this.data.documents[info.document];
    var line = info.text;
    var begin = 0;
    var end = line.length;
    if (focus) {
      var lineStart = doc.text.split("\n").slice(0, info.line).join("\n").length
        + (info.line ? 1 : 0);
      begin = Math.max(0, focus[1] - lineStart);
      end = Math.min(line.length, focus[2] - lineStart);
    } else {
      var keys = new Set();
      var self = this;
      allTerms.forEach(function (terms) {
        terms.forEach(function (term) { term.keys.forEach(function (_, k) { keys.add(k); }); });
      });
      var best = -1;
      var start = 0;
      var pieces = line.split(SENTENCE_END);
      pieces.forEach(function (sentence) {
        var count = 0;
        (sentence.match(WORD) || []).forEach(function (word) {
          self.keys(word.toLowerCase()).forEach(function (_, k) { if (keys.has(k)) count += 1; });
        });
        var at = line.indexOf(sentence, start);
        if (count > best) { best = count; begin = at; end = at + sentence.length; }
        start = at + sentence.length;
      });
    }
    while (end - begin < 180 && end < line.length) {
      var next = line.indexOf(". ", end + 1);
      end = next < 0 ? line.length : next + 1;
    }
    var text = line.slice(begin, end);
    if (text.length > SNIPPET_WIDTH) text = text.slice(0, SNIPPET_WIDTH).replace(/\s\S*$/, "");
    var shown = (begin > 0 ? "…" : "") + text.trim() + (begin + text.length < line.length ? "…" : "");
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
    folded.forEach(function (w) {
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
      var scored = self.score(terms, editionAsked, quantity, intents, boxes);
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
    best.forEach(function (value, passage) {
      var info = self.passages[passage];
      var score = value[0];
      if (!namedDocs.has(info.document)) {
        if (self.variant.has(info.document) && !editionAsked) score *= W.variant;
        else if (self.overview.has(info.document)) score *= W.overview;
      }
      if (namedDocs.has(info.document)) score *= W.named;
      if (exactlyNamed.has(info.document) && !asking) score *= W.name_bonus;
      var choice = best.get(passage)[0] ? score * summed.get(passage) / best.get(passage)[0] : score;
      if (oneWord) {
        choice = 1000.0 * (mentions.has(passage) ? 1 : 0) - (passage - self.firstPassage[info.document]);
      }
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
    return ranked.slice(0, limit || MAX_RESULTS).map(function (item) {
      var number = item[0];
      var passage = item[2];
      var question = best.get(passage)[1];
      if (!asking && self.namesOnly(number, allTerms)) passage = self.opening(number);
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
        snippet: self.snippet(passage, allTerms, focus),
        question: focus ? self.data.questions[question] : null,
      };
    });
  };

  // index: the kept JSON (bez-pripojeni/hledani.json); built once per index object.
  scope.offlineSearch = function (data, text, limit) {
    if (!data || !data.documents) return [];
    if (!data._index) {
      Object.defineProperty(data, "_index", { value: new Index(data), enumerable: false });
    }
    return data._index.search(text, limit);
  };
})(self);
