// The offline search, stage 3: choosing the passage within an entry by its best sentence.
// Mirrors almanach/search/choose.py (_sentence_scores, _best_sentence, _choose, _opening,
// _names_only, _term_weights).
(function (scope) {
  "use strict";
  var S = scope.KatanSearch = scope.KatanSearch || {};
  var bisectLeft = S.bisectLeft;
  var C = S.Choosing = {};

  C.termWeight = function (term) {
    var self = this;
    var best = 0;
    term.keys.forEach(function (quality, key) {
      if (self.idf.has(key)) best = Math.max(best, self.idf.get(key) * quality);
    });
    return best;
  };

  // sentence -> how well it answers, for one line or the whole entry (choose.py
  // _sentence_scores): the query's rare words, all of them, side by side; the words that only
  // name the entry count less; a figure for "kolik…", a word of the asked kind for "kdy…".
  C.sentenceScores = function (number, asked, line) {
    var self = this;
    var W = this.W;
    var S = this.data.sentence;
    var a = this.analysed[number];
    var low = 0;
    var high = a.tokens.length;
    var doc = this.data.documents[number];
    // On the page of rulings each heading is its ruling's question (choose.py).
    var headings = this.rulingPages.has(number) ? new Set(doc.headings) : new Set();
    if (line !== null) {
      low = bisectLeft(a.tokenStarts, a.lineStarts[headings.has(line - 1) ? line - 1 : line]);
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
    var asides = new Set(doc.asides);
    var expansions = new Set(doc.expansions);
    var boxes = new Map(doc.editions.map(function (item) {
      var found = /\((\d{3})/.exec(item[1]);
      return [item[0], found ? found[1] : ""];
    }));
    // The editions whose words the query uses: a word as typed that this entry has only in
    // that edition's box asks for that box (choose.py _implied_boxes).
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
    // The first sentence under a ruling's question that holds query words is a candidate too.
    var candidates = new Set(found.keys());
    found.forEach(function (_, sentence) {
      var headingLine = a.sentences[sentence][2];
      if (!headings.has(headingLine)) return;
      var under = sentence + 1;
      while (under < a.sentences.length && a.sentences[under][2] === headingLine) under++;
      if (under < a.sentences.length && a.sentences[under][2] === headingLine + 1) {
        candidates.add(under);
      }
    });
    var scores = new Map();
    Array.from(candidates).sort(function (x, y) { return x - y; }).forEach(function (sentence) {
      var sentenceLine = a.sentences[sentence][2];
      if (asides.has(sentenceLine) || (line !== null && sentenceLine !== line)) return;
      var seen = new Map(found.get(sentence) || []);
      var above = sentence - 1;
      if (headings.has(sentenceLine - 1) && (above < 0 || a.sentences[above][2] !== sentenceLine)) {
        for (; above >= 0 && a.sentences[above][2] === sentenceLine - 1; above--) {
          (found.get(above) || new Map()).forEach(function (item, id) {
            var weight = S.heading * item[2];
            if (!seen.has(id) || weight > seen.get(id)[2]) seen.set(id, [item[0], item[1], weight]);
          });
        }
      }
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
      if (expansions.has(sentenceLine) && !asked.expansionAsked) score *= W.expansion;
      if (boxes.has(sentenceLine)) {
        var box = boxes.get(sentenceLine);
        if (box && asked.boxes.has(box)) score *= W.edition_named;
        else if (!asked.editionAsked) score *= implied.has(box) ? W.implied_box : W.edition;
      }
      scores.set(sentence, score);
    });
    return scores;
  };

  C.bestSentence = function (number, asked, line) {
    var best = null;
    var bestScore = 0.0;
    this.sentenceScores(number, asked, line).forEach(function (score, sentence) {
      if (score > bestScore) { best = sentence; bestScore = score; }
    });
    return best;
  };

  // The passage of an entry that answers: its best sentence and the passage's own score.
  C.choose = function (number, asked, choices, passage) {
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

  C.opening = function (number) {
    var self = this;
    var passages = this.documentPassages(number);
    for (var i = 0; i < passages.length; i++) {
      if (self.passages[passages[i]].eligible) return passages[i];
    }
    return passages[0];
  };

  C.namesOnly = function (number, allTerms) {
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
})(self);
