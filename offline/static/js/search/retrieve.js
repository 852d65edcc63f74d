// The offline search, stage 2: retrieving and scoring passages. Mirrors
// almanach/search/retrieve.py (SearchIndex._score, _document_passages).
(function (scope) {
  "use strict";
  var S = scope.KatanSearch = scope.KatanSearch || {};
  var addTo = S.addTo;
  var add = S.add;
  var R = S.Retrieval = {};

  R.documentPassages = function (number) {
    var end = number + 1 < this.firstPassage.length ? this.firstPassage[number + 1]
      : this.passages.length;
    var list = [];
    for (var p = this.firstPassage[number]; p < end; p++) list.push(p);
    return list;
  };
  // passage -> [score, question or -1]; and the documents the query names (SearchIndex._score).
  R.score = function (terms, editionAsked, quantity, intents, boxes, asks, kinds) {
    var self = this;
    var W = this.W;
    var scores = new Map();
    var matchedTerms = new Map();
    var matchedKeys = new Map(); // passage -> the keys it matched
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
            addTo(matchedKeys, passage, key);
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
          if (!found.has(passage)) {  // a broad page's names earn no share of the query
            found.add(passage);
            add(matchedTerms, passage, self.broad.has(number) ? 0.0 : W.name_credit);
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
    var liftOf = new Map(); // passage -> the part of its score a question gave it
    if (!matchable) return { result: result, named: named, texted: texted, liftOf: liftOf };
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
      var keys = new Set(matchedKeys.get(passage) || []);
      if (nameMatched.has(info.document)) nameMatched.get(info.document).forEach(function (k) { keys.add(k); });
      result.set(passage, [score * (0.3 + 0.7 * coverage * coverage), -1, keys]);
    });
    var lifts = new Map();
    phrasingScores.forEach(function (score, phrasing) {
      if (!asks || phrasingTerms.get(phrasing) < 2 || phrasingParts.get(phrasing).size < 2) return;
      var info = self.phrasings[phrasing];
      var coverage = phrasingWeight.get(phrasing) / totalWeight;
      var covered = phrasingParts.get(phrasing).size / info.keys.length;
      var weight = self.data.questions[info.question].url ? W.question : W.passage_question;
      var value = weight * score * Math.pow(coverage, W.question_power) * (covered * covered);
      if (kinds && kinds.size &&
          !Array.from(kinds).some(function (kind) { return info.kinds.has(kind); })) {
        if (info.kinds.size) {
          value *= W.kind_mismatch;  // "kolik…" is not answered by "kam…"
        } else if (Array.from(kinds).some(function (kind) { return kind !== "may"; })) {
          value *= W.kind_unasked;  // "kolik…" by "jak se připraví…"
        }
      }
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
        var current = result.get(passage) || [0, -1, new Set()];
        var lift = value;
        if (self.passages[passage].edition && !editionAsked) lift *= W.edition_lift;
        result.set(passage, [current[0] + lift, lift >= current[0] ? question : -1, current[2]]);
        liftOf.set(passage, lift);
      });
    });
    return { result: result, named: named, texted: texted, liftOf: liftOf };
  };

})(self);
