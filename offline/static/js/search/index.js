// The offline search's index and pipeline: the kept index (SearchIndex.export) built once, and
// search() running the stages (search/analyse.js, retrieve.js, choose.js, snippet.js) as the
// server's does. Mirrors almanach/search/index.py (SearchIndex.__init__, _analyse, search).
(function (scope) {
  "use strict";
  var S = scope.KatanSearch = scope.KatanSearch || {};
  var fold = S.fold;
  var words = S.words;
  var cleanQuery = S.cleanQuery;
  var addTo = S.addTo;
  var WORD = S.WORD;
  var SENTENCE_END = S.SENTENCE_END;
  var MAX_RESULTS = 10;
  var SNIPPET_WIDTH = 240;  // weights.py SNIPPET_WIDTH, SNIPPET_MIN: the other results
  var SNIPPET_MIN = 180;
  var ANSWER_WIDTH = 400;  // the first result's (weights.py ANSWER_WIDTH, ANSWER_MIN)
  var ANSWER_MIN = 300;
  var OPENING_CITED = 40;  // index.py OPENING_CITED: a bare name's answer starts at the opening

  // index.py _front_coded undone: each item is the number of letters it shares with the one
  // before (one digit) and the rest.
  function unfront(text) {
    var items = [], previous = "";
    if (!text) return items;
    text.split(" ").forEach(function (item) {
      previous = previous.slice(0, Number(item[0])) + item.slice(1);
      items.push(previous);
    });
    return items;
  }

  function Index(data) {
    this.data = data;
    this.W = data.weights;
    this.stop = new Set(data.stopWords);
    this.questionWords = new Set(data.questionWords);
    this.quantityWords = new Set(data.quantityWords);
    this.kindWords = data.kindWords;
    this.editionWords = new Set(data.editionWords);
    this.expansionWords = new Set(data.expansionWords);
    this.exceptionWords = new Set(data.exceptionWords);
    this.intentAsks = data.intentAsks;
    this.intentHints = Object.keys(data.intentHints).map(function (name) {
      return [name, new Set(data.intentHints[name])];
    });
    data.documents.forEach(function (doc) {  // 0 is a line's usual anchor, odstavec-<n>
      doc.anchors = doc.anchors.map(function (name, n) {
        return name === 0 ? "odstavec-" + (n + 1) : name;
      });
    });
    Object.keys(data.lemmas).forEach(function (word) {  // one lemma is shipped as a string
      if (typeof data.lemmas[word] === "string") data.lemmas[word] = [data.lemmas[word]];
    });
    if (typeof data.words === "string") data.words = unfront(data.words);
    if (typeof data.forms === "string") {  // "21" or "0~family" per word (index.py _form_code)
      data.forms = data.forms.split(" ").map(function (item) {
        return item[1] === "~" ? [Number(item[0]), item.slice(2)]
          : [Number(item[0]), Number(item.slice(1))];
      });
    }
    this.lemmas = data.lemmas;
    this.synonyms = data.synonyms;
    this.words = data.words;
    this.wordNumber = new Map(data.words.map(function (word, i) { return [word, i]; }));
    this.build();
  }

  Object.assign(Index.prototype, S.Analysis, S.Retrieval, S.Choosing, S.Snippets);
  S.Index = Index;

  // Does the question ask about an exception or a special case (index.py _asks_exception)?
  Index.prototype.asksException = function (folded) {
    var words = this.exceptionWords;
    if (folded.some(function (word, i) {
      return words.has(word) && !(word === "kdyz" && i && (folded[i - 1] === "co"
        || folded[i - 1] === "stane"));
    })) return true;
    // A thing for the same thing ("2 ovce za 1 ovci"): a special case too.
    return this.sameForSame(folded) !== null;
  };

  // analyse.py asked_kinds: what kind of answer a question asks for, by its question words.
  Index.prototype.askedKinds = function (list) {
    var self = this;
    var folded = list.map(fold);
    var asks = folded.concat(folded.slice(1).map(function (w, i) { return folded[i] + "_" + w; }));
    var kinds = new Set();
    asks.forEach(function (w) {
      if (Object.prototype.hasOwnProperty.call(self.intentAsks, w)) kinds.add(self.intentAsks[w]);
    });
    folded.forEach(function (w) {
      if (Object.prototype.hasOwnProperty.call(self.kindWords, w)) kinds.add(self.kindWords[w]);
    });
    if (folded.some(function (w) { return self.quantityWords.has(w); })) kinds.add("quantity");
    return kinds;
  };

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
    this.rulingPages = new Set();
    this.broad = new Set();
    this.names = new Map(); // signature -> Set(document)
    this.sections = new Map(); // heading passage -> [passages]
    this.variant = new Set();
    docs.forEach(function (doc, number) {
      if (self.data.variantPages.indexOf(doc.slug) >= 0) self.variant.add(number);
      if (self.data.overviewPages.indexOf(doc.slug) >= 0) self.overview.add(number);
      if (self.data.rulingPages.indexOf(doc.slug) >= 0) self.rulingPages.add(number);
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
      var expansions = new Set(doc.expansions);
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
          // A ruling about an expansion: only a query that names one shows it (index.py).
          expansion: expansions.has(lineNumber),
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
    // Shipped as [text, url, phrasings, cited] (the download's budget); objects from here on.
    this.data.questions = this.data.questions.map(function (row) {
      return Array.isArray(row) ? { text: row[0], url: row[1], phrasings: row[2], cited: row[3] } : row;
    });
    this.data.questions.forEach(function (question, q) {
      if (question.url.charAt(0) === "#") {  // shipped as its anchor on the questions' page
        question.url = self.data.questionBase + question.url;
      }
      var questionKinds = self.askedKinds(words(question.text));
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
        // A phrasing without a question word asks what its question does.
        var kinds = self.askedKinds(words(phrasing));
        self.phrasings.push({ question: q, keys: parts, kinds: kinds.size ? kinds : questionKinds });
      });
      self.cited.push(question.cited.map(function (cited) {
        if (typeof cited !== "number") return cited;
        var info = self.passages[cited];  // a whole passage, shipped as its number
        var text = docs[info.document].text;
        var start = self.analysed[info.document].lineStarts[info.line];
        var stop = text.indexOf("\n", start);
        return [cited, start, stop < 0 ? text.length : stop];
      }));
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
    Object.keys(this.lemmas).sort().forEach(function (word) {  // in index.py's order
      var caps = self.lemmas[word].filter(function (l) { return self.idf.has(l); })
        .map(function (l) { return self.idf.get(l); });
      if (caps.length && self.idf.has(word)) {
        self.idf.set(word, Math.min(self.idf.get(word), Math.max.apply(null, caps)));
      }
    });
  };

  // One document tokenised for its sentences (index.py _analyse, analyse.py _sentences).
  Index.prototype.analyse = function (doc) {
    var self = this;
    var text = doc.text;
    var tokens = [];
    var match;
    var pattern = new RegExp(WORD.source, "gu");
    while ((match = pattern.exec(text)) !== null) {
      var tokenKeys = Array.from(self.keys(match[0].toLowerCase()).keys());
      // start, end, keys, and the keys as one string (a word's identity, snippet.js densest)
      tokens.push([match.index, match.index + match[0].length, new Set(tokenKeys),
        tokenKeys.slice().sort().join(" ")]);
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
    var exception = this.asksException(folded);
    var kinds = this.askedKinds(list);
    var intents = [];
    // Two words may ask together ("na co" → "na_co").
    var asks = folded.concat(folded.slice(1).map(function (w, i) { return folded[i] + "_" + w; }));
    var expansionAsked = asks.some(function (w) { return self.expansionWords.has(w); });
    asks.forEach(function (w) {
      var name = Object.prototype.hasOwnProperty.call(self.intentAsks, w) ? self.intentAsks[w] : "";
      if (name && intents.indexOf(name) < 0) intents.push(name);
    });

    var best = new Map(); // passage -> [score, question]
    var lifted = new Map(); // passage -> the part of its best score a question gave it
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
      var scored = self.score(terms, editionAsked, quantity, intents, boxes, allTerms[0].length > 1,
                              kinds);
      scored.named.forEach(function (n) { namedDocs.add(n); });
      scored.texted.forEach(function (p) { mentions.add(p); });
      scored.result.forEach(function (value, passage) {
        var score = value[0] * weight;
        summed.set(passage, (summed.get(passage) || 0) + score);
        var old = best.get(passage);
        if (!old || score > old[0]) lifted.set(passage, (scored.liftOf.get(passage) || 0) * weight);
        if (!old) best.set(passage, [score, value[1], value[2]]);
        else {  // the best score; every rewrite's words are marked in the snippet
          best.set(passage, [Math.max(score, old[0]), score > old[0] ? value[1] : old[1],
            new Set(Array.from(old[2]).concat(Array.from(value[2])))]);
        }
      });
    });

    var oneWord = Math.max.apply(null, allTerms.map(function (t) { return t.length; })) === 1;
    var byDocument = new Map(); // document -> [score, passage, choice]
    var choices = new Map(); // passage -> how well it answers, within its entry
    best.forEach(function (value, passage) {
      var info = self.passages[passage];
      var score = value[0];
      // A broad page stays behind unless the query is one of its names.
      var broad = self.broad.has(info.document) && !exactlyNamed.has(info.document);
      if (!namedDocs.has(info.document)) {
        if (self.variant.has(info.document) && !editionAsked) score *= W.variant;
        else if (self.overview.has(info.document)) {
          var lift = Math.min(lifted.get(passage) || 0, score);
          score *= W.overview;
          // A question about an exception, lifted by a ruling's players' question: the
          // ruling's lift counts whole (index.py).
          if (exception && self.rulingPages.has(info.document)) {
            score += lift * (W.ruling_exception_lift - W.overview);
          }
        }
      }
      if (info.expansion && !expansionAsked) score *= W.expansion;
      if (broad) score *= W.broad;
      else if (namedDocs.has(info.document)) score *= W.named;
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
    var weights = new Map(); // key -> [rewrite, term, weight] (choose.py _term_weights)
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
      editionAsked: editionAsked, boxes: boxes, expansionAsked: expansionAsked,
    };
    return ranked.slice(0, limit || MAX_RESULTS).map(function (item, rank) {
      var number = item[0];
      var passage = item[2];
      var question = best.get(passage)[1];
      var keys = best.get(passage)[2];
      var opening = !asking && self.namesOnly(number, allTerms);
      if (opening) {  // a bare name: the entry's opening, not a question's quotation
        passage = self.opening(number);
        question = -1;
      } else if (question < 0 && (asking || !oneWord)) {
        passage = self.choose(number, asked, choices, passage);
        if (best.has(passage)) {
          question = best.get(passage)[1];
          keys = new Set(Array.from(keys).concat(Array.from(best.get(passage)[2])));
        }
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
        snippet: self.snippet(number, keys, asked, line, focus, opening,
                              rank ? SNIPPET_WIDTH : ANSWER_WIDTH, rank ? SNIPPET_MIN : ANSWER_MIN,
                              !rank),
        question: focus && self.data.questions[question].url ? self.data.questions[question] : null,
        // The quotation that lifted the passage (Hit.cited): the answer shows its sentence.
        // A bare name's answer starts at the entry's opening (index.py OPENING_CITED).
        cited: focus ? doc.text.slice(focus[1], focus[2])
          : opening ? openingWords(self, number, line) : "",
      };
    });
  };

  // index.py _opening_words: the first OPENING_CITED characters of a line, within the line.
  function openingWords(self, number, line) {
    var start = self.analysed[number].lineStarts[line];
    return self.data.documents[number].text.slice(start, start + OPENING_CITED).split("\n")[0];
  }

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
  S.indexOf = indexOf;
})(self);
