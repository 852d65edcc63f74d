// The offline results drawn answer first, as the server draws them: each result's answering
// sentence, the words that answer marked. Mirrors almanach/answers.py (and the markup of
// almanach/templates/almanach/search.html).
(function (scope) {
  "use strict";
  var S = scope.KatanSearch = scope.KatanSearch || {};
  var fold = S.fold;
  var words = S.words;
  var cleanQuery = S.cleanQuery;
  var WORD = S.WORD;
  var indexOf = S.indexOf;
  var N = S.Answers = {};

  // --- Drawing the results: the answer first (almanach/answers.py, search.html) ----------
  // Each result's answering sentence, short, the query's words in <mark>, the words that
  // answer in <mark class="answer-word">; the first result as the answer, the others as their
  // headword and one sentence. The same steps as answers.py, on the plain snippet.
  var FIRST_LIMIT = 300;  // answers.py FIRST_LIMIT, OTHER_LIMIT
  var OTHER_LIMIT = 160;
  var RULING_OPENING = "Rozhodnutí mimo almanach: ";  // answers.py RULING_OPENING, LEAD_LIMIT
  var LEAD_LIMIT = 130;  // never more than half of the answer's limit
  var CITED_PREFIX = 40;  // answers.py CITED_PREFIX: a quotation is found by its start
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

  N.answersKind = function (folded, kinds) {
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
  N.answerSpans = function (text, begin, end, kinds) {
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

  function rulingVerdict(text, sentence) {  // answers.py _verdict
    var stops = [":", "."].map(function (c) {
      var at = text.indexOf(c, sentence[0]);
      return at >= 0 && at < sentence[1] ? at : -1;
    }).filter(function (at) { return at >= 0; });
    if (!stops.length) return null;
    var stop = Math.min.apply(null, stops);
    if (text.slice(sentence[0], stop).split(/\s+/).filter(Boolean).length > 3) return null;
    return [sentence[0], stop];
  }

  // The sentences of the snippet that a question's quotation covers (answers.py
  // _cited_sentences()): none when the snippet does not hold its start.
  function citedSentences(text, sentences, cited) {
    var quotation = (cited || "").split(/\s+/).filter(Boolean).join(" ");
    var at = quotation ? text.indexOf(quotation.slice(0, CITED_PREFIX)) : -1;
    if (at < 0) return [];
    var stop = at + quotation.length;
    var inside = [];
    sentences.forEach(function (span, i) { if (span[1] > at && span[0] < stop) inside.push(i); });
    return inside;
  }

  // {html, source}: the answering sentence of a result's snippet and, while they fit in limit
  // characters, the sentences after and before it (answers.py answer()); cited, the
  // quotation of the question that led to the snippet: its sentence is the answer.
  N.answer = function (snippet, query, limit, cited) {
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
    var ruling = text.indexOf(RULING_OPENING) === 0;
    if (ruling) {  // the site's ruling: the headword says so; its first sentence answers
      var cut = RULING_OPENING.length;
      text = text.slice(cut);
      marks = marks.filter(function (m) { return m[0] >= cut; }).map(function (m) {
        return [m[0] - cut, m[1] - cut, m[2]];
      });
    }
    var kinds = this.askedKinds(words(query));  // index.js, as analyse.py asked_kinds
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
    var candidates = citedSentences(text, sentences, cited);
    if (!candidates.length) candidates = sentences.map(function (_, i) { return i; });
    var chosen = candidates[0];
    candidates.forEach(function (i) { if (scores[i] > scores[chosen]) chosen = i; });
    var lead = null;  // a ruling's short answer, kept before the sentence chosen
    if (ruling && chosen > 0 && sentences[0][1] - sentences[0][0] <= Math.min(LEAD_LIMIT, Math.floor(limit / 2))) {
      lead = sentences[0];
      limit -= lead[1] - lead[0] + 1;
    } else if (ruling) {  // too long to stand before another sentence: it is the answer
      chosen = 0;
    }
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
    if (lead) {
      answering.push(lead);
    } else if (ruling) {  // its verdict ("Musíte", "Nesmí", "Ano, smíte"), as answers.py
      var verdict = rulingVerdict(text, sentences[0]);
      if (verdict && begin <= verdict[0] && verdict[1] <= end) answering.push(verdict);
    }
    var pieces = [marked(text, begin, key[0], marks, answering),
                  marked(text, key[0], key[1], marks, answering),
                  marked(text, key[1], end, marks, answering)];
    if (pieces[0].trim() || pieces[2].trim()) {
      pieces[1] = '<span class="answer-sentence">' + pieces[1] + "</span>";
    }
    var html = pieces.join("").trim();
    var plain = text.slice(begin, end).trim();
    var headStart = lead && begin > lead[0] ? lead[1] : 0;
    if (text.slice(headStart, begin).replace(/[ –]/g, "") && plain.charAt(0) !== "…") {
      html = "…" + html;
    }
    if (text.slice(end).trim() && !/[….!?:]$/.test(plain)) html += "…";
    if (lead && begin > lead[0]) {
      html = marked(text, lead[0], lead[1], marks, answering) + " " + html;
    }
    return { html: html, source: source };
  };

  function answerHtml(answer) {
    return (answer.source ? '<span class="snippet-source">' + escapeHtml(answer.source)
      + ":</span> " : "") + answer.html;
  }

  // The results page's list (almanach/search.html): the first result as the answer.
  N.resultsHtml = function (hits, query) {
    var self = this;
    return hits.map(function (hit, rank) {
      var answer = answerHtml(self.answer(hit.snippet, query, rank ? OTHER_LIMIT : FIRST_LIMIT,
                                          hit.cited));
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
  N.suggestionsHtml = function (hits, query) {
    var self = this;
    return hits.map(function (hit) {
      return '<li><a href="' + escapeHtml(hit.link) + '"><span class="suggest-headword">'
        + escapeHtml(hit.headword) + '</span> <span class="suggest-snippet">'
        + answerHtml(self.answer(hit.snippet, query, OTHER_LIMIT, hit.cited)) + "</span></a></li>";
    }).join("");
  };

  // <ol class="search-results">, offlineSuggestionsHtml for the suggestions' <ul>.
  Object.assign(S.Index.prototype, N);

  scope.offlineResultsHtml = function (data, hits, text) {
    return indexOf(data).resultsHtml(hits, cleanQuery(text, data.maxQueryLength));
  };
  scope.offlineSuggestionsHtml = function (data, hits, text) {
    return indexOf(data).suggestionsHtml(hits, cleanQuery(text, data.maxQueryLength));
  };
})(self);
