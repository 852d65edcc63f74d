// The offline search, stage 4: the snippet, cut as the server cuts it (the passage's best
// sentence with its neighbours, a quotation's sentences, an entry's opening; the first result
// takes more along and goes on into the paragraphs that follow). Mirrors
// almanach/search/snippet.py (_snippet, _follow, _window, _densest) step by step, so the
// offline snippet is the server's to the character (tests/almanach/test_search_parity_node.py).
(function (scope) {
  "use strict";
  var S = scope.KatanSearch = scope.KatanSearch || {};
  var bisectLeft = S.bisectLeft;
  var SNIPPET_WIDTH = 240;  // weights.py SNIPPET_WIDTH, SNIPPET_MIN
  var SNIPPET_MIN = 180;
  var RULING_OPENING = "Rozhodnutí mimo almanach: ";  // weights.py RULING_OPENING
  var P = S.Snippets = {};

  // Python's text.rfind(sub, start, end) for a one-character sub.
  function rfind(text, sub, start, end) {
    var found = text.lastIndexOf(sub, end - 1);
    return found >= start && found + sub.length <= end ? found : -1;
  }

  function collapse(text) {  // " ".join(text.split())
    return text.split(/\s+/).filter(Boolean).join(" ");
  }

  function intersects(set, other) {
    var found = false;
    set.forEach(function (key) { if (!found && other.has(key)) found = true; });
    return found;
  }

  // The plain snippet: keys are the matched keys (for a long sentence's window), asked the
  // query's analysis, line the passage, focus a quotation's [passage, begin, end] or null.
  P.snippet = function (number, keys, asked, line, focus, opening, width, minimum, follow) {
    var text = this.data.documents[number].text;
    var analysed = this.analysed[number];
    var sentences = analysed.sentences;
    var inLine = [];
    sentences.forEach(function (s, i) { if (s[2] === line) inLine.push(i); });
    var first;
    var last;
    var chosen;
    if (focus) {  // the quotation's sentences; of a long one, its best sentence
      var inside = inLine.filter(function (i) {
        return sentences[i][1] > focus[1] && sentences[i][0] < focus[2];
      });
      if (!inside.length) inside = inLine.slice(0, 1);
      first = inside[0];
      last = inside[inside.length - 1];
      if (sentences[last][1] - sentences[first][0] > width) {
        chosen = this.bestSentence(number, asked, line);
        first = last = inside.indexOf(chosen) >= 0 ? chosen : inside[0];
      }
    } else {
      chosen = opening ? null : this.bestSentence(number, asked, line);
      first = last = chosen !== null ? chosen : inLine[0];
    }
    var begin = sentences[first][0];
    var end = sentences[last][1];
    var space;
    if (end - begin > width && !focus) {
      var window = this.window(number, first, keys, width);
      begin = window[0];
      end = window[1];
    } else if (end - begin > width) {  // a long quotation: its start
      space = rfind(text, " ", begin, begin + width);
      end = space > begin ? space : begin + width;
    }
    while (end - begin < SNIPPET_MIN) {
      var after = last + 1 < sentences.length && sentences[last + 1][2] === line;
      var before = first > 0 && sentences[first - 1][2] === line;
      if (after && sentences[last + 1][1] - begin <= SNIPPET_WIDTH) {
        last += 1;
        end = sentences[last][1];
      } else if (before && end - sentences[first - 1][0] <= SNIPPET_WIDTH) {
        first -= 1;
        begin = sentences[first][0];
      } else {
        if (after && !focus) {  // the next sentence's start, as much as fits
          space = rfind(text, " ", end + 1, begin + SNIPPET_WIDTH);
          end = space > end ? space : end;
        }
        break;
      }
    }
    // The first result, the answer: the sentences that follow in its passage, as many as fit.
    while (end - begin < minimum && last + 1 < sentences.length
           && sentences[last + 1][2] === line && sentences[last + 1][1] - begin <= width) {
      last += 1;
      end = sentences[last][1];
    }
    // Its passage said all it has after the answer: the sentences before it come along.
    while (end - begin < minimum && first > 0 && sentences[first - 1][2] === line
           && end - sentences[first - 1][0] <= width) {
      first -= 1;
      begin = sentences[first][0];
    }
    // A short line that a list follows: the list items come along, as much as fits.
    while (end - begin < minimum && text.startsWith("\n– ", end)) {
      var following = text.indexOf("\n", end + 1);
      following = following < 0 ? text.length : following;
      if (following - begin > width) break;
      end = following;
    }
    // A ruling (the site's words) opens with its short answer: a snippet of its summary
    // starts there, with the chosen sentence as far as it fits.
    var openingAt = text.lastIndexOf("\n", begin - 1) + 1;
    if (begin === 0) openingAt = 0;
    var ruling = text.startsWith(RULING_OPENING, openingAt);  // the answer whole: no follow
    // A sentence too far on to fit with the opening is shown by itself.
    if (begin > openingAt && ruling && end - openingAt <= width) {
      first = inLine[0];
      begin = openingAt;
    }
    if (follow && !ruling) end = this.follow(number, line, sentences, begin, end, width);
    var lineStart = text.lastIndexOf("\n", begin - 1) + 1;
    if (begin === 0) lineStart = 0;
    var lineEnd = text.indexOf("\n", end);
    var prefix = text.slice(lineStart, begin).trim() ? "…" : "";
    var edition = "";
    this.data.documents[number].editions.forEach(function (item) {
      if (item[0] === line) edition = item[1];
    });
    if (begin === lineStart && text.startsWith(edition, lineStart)) edition = "";
    var suffix = text.slice(end, lineEnd < 0 ? text.length : lineEnd).trim() ? "…" : "";
    var plain = collapse(prefix + text.slice(begin, end) + suffix);
    return edition ? edition + ": " + plain : plain;
  };

  // The first result: a passage shown to its end goes on into the paragraphs after it, whole
  // sentences as long as they fit, only within the entry's own text (snippet.py _follow).
  P.follow = function (number, line, sentences, begin, end, width) {
    var self = this;
    var text = this.data.documents[number].text;
    var first = this.firstPassage[number];
    function own(n) {
      var info = self.passages[first + n];
      return info.eligible && !info.edition && info.section !== first + n;
    }
    var lineEnd = text.indexOf("\n", end);
    if (!own(line) || text.slice(end, lineEnd < 0 ? text.length : lineEnd).trim()) return end;
    var starts = sentences.map(function (s) { return s[0]; });
    var last = bisectLeft(starts, end) - 1;  // the passage's last sentence
    while (last + 1 < sentences.length && sentences[last + 1][1] - begin <= width) {
      var following = sentences[last + 1][2];
      if (following !== sentences[last][2]
          && !(following === sentences[last][2] + 1 && own(following))) break;
      last += 1;
    }
    return Math.max(end, sentences[last][1]);
  };

  // A long sentence: the part of it with the most matched words (snippet.py _window).
  P.window = function (number, sentence, keys, width) {
    var analysed = this.analysed[number];
    var text = this.data.documents[number].text;
    var sBegin = analysed.sentences[sentence][0];
    var sEnd = analysed.sentences[sentence][1];
    var tokens = analysed.tokens;
    var hits = [];
    tokens.forEach(function (token, i) {
      if (token[0] >= sBegin && token[1] <= sEnd && intersects(token[2], keys)) hits.push(i);
    });
    var start = sBegin;
    if (hits.length) {
      var spans = densest(tokens, hits, width);
      var best = spans[0];
      spans.forEach(function (span) { if (span[1] > best[1]) best = span; });
      start = tokens[best[0]][0];
    }
    var begin = Math.max(sBegin, start - 40);
    if (begin > sBegin) {
      var space = rfind(text, " ", sBegin, begin + 1);
      begin = space >= 0 && start - space < 80 ? space + 1 : begin;
    }
    var end = Math.min(sEnd, begin + width);
    if (end < sEnd) {
      var gap = rfind(text, " ", begin, end);
      end = gap > begin ? gap : end;
    }
    return [begin, end];
  };

  // For each matched token: how many distinct matched words (their key sets) follow it
  // within width characters (snippet.py _densest).
  function densest(tokens, hits, width) {
    var spans = [];
    hits.forEach(function (firstHit, i) {
      var limit = tokens[firstHit][0] + width - 60;
      var seen = new Set();
      for (var j = i; j < hits.length; j++) {
        var index = hits[j];
        if (tokens[index][1] > limit) break;
        seen.add(tokens[index][3]);
      }
      spans.push([firstHit, seen.size]);
    });
    return spans;
  }
})(self);
