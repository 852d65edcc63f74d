"""Stage 3, choosing the passage: within an entry, the passage whose sentence answers best,
with the passage's own score as a prior; a bare name gets the entry's opening.
Mirrored offline by offline/static/js/search/choose.js."""

from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass, field

from almanach.search.analyse import (
    INTENT_FACTOR,
    QUANTITY_FACTOR,
    _edition_number,
    _Term,
    _Weight,
)
from almanach.search.weights import ADJACENT_BONUS, HEADING_FACTOR, NEXT_SENTENCE_FACTOR, W


@dataclass
class _Asked:
    """What the snippets need to know of the query, worked out once for all hits."""

    weights: dict[str, list[_Weight]]  # key -> the query terms it matches, with weights
    term_counts: list[int]  # terms per rewrite of the query
    quantity: bool  # "kolik…": a figure in a sentence helps
    intents: frozenset[str] = frozenset()  # "kdy…", "smím…", "kam…": see INTENTS
    terms: list[list["_Term"]] = field(default_factory=list)  # per rewrite, its terms
    edition_asked: bool = False
    boxes: frozenset[str] = frozenset()
    expansion_asked: bool = False  # the query names an expansion (analyse.EXPANSION_WORDS)
    # Worked out once per search (a speed-up only): each rewrite's terms' weights, and each
    # entry's implied boxes (_implied_boxes).
    term_weights: list[list[float]] = field(default_factory=list)
    implied: dict[int, set[str]] = field(default_factory=dict)



class Choosing:
    """Choosing the passage and its sentence (a part of SearchIndex)."""

    def _term_weights(self, all_terms: list[list[_Term]]) -> dict[str, list[_Weight]]:
        """key -> (rewrite, term, weight) for every query term that the key matches."""
        weights: dict[str, list[_Weight]] = defaultdict(list)
        for r, terms in enumerate(all_terms):
            for t, term in enumerate(terms):
                for key, quality in term.keys.items():
                    if key in self._idf:
                        weights[key].append((r, t, self._idf[key] * quality))
        return weights

    def _sentence_scores(self, number: int, asked: _Asked, line: int | None = None
                         ) -> dict[int, float]:
        """sentence -> how well it answers the query, for the sentences of one passage (line)
        or of the whole entry: the rare words of the query, all of them, side by side; the
        words that only name the entry count less (every sentence of it is about that);
        a figure for "kolik…", a word of the asked kind for "kdy…", "smím…", "kam…"."""
        analysed = self._analysed[number]
        starts = analysed.line_starts
        document = self.documents[number]
        # On the page of rulings each heading is the question its ruling answers: its words
        # count for the ruling's first sentence, the short answer ("Smíte.").
        questions = document.headings if number in self._ruling_pages else frozenset()
        if line is None:
            low, high = 0, len(analysed.tokens)
        else:
            low = bisect_left(analysed.tokens, (starts[line - 1 if line - 1 in
                                                       questions else line],))
            high = bisect_left(analysed.tokens, (starts[line + 1],)) if line + 1 < len(
                starts) else len(analysed.tokens)
        names = self._name_keys[number]
        factors = [[W["name_term"] if term.keys.keys() & names else 1.0 for term in terms]
                   for terms in asked.terms]
        # The share of the query a sentence holds is the share of the words that do not
        # name the entry (of all of them when they all do).
        if not asked.term_weights:
            asked.term_weights = [[self._term_weight(t) for t in terms] for terms in asked.terms]
        totals = []
        for fs, weights in zip(factors, asked.term_weights, strict=True):
            rest = sum(w for f, w in zip(fs, weights, strict=True) if f == 1.0)
            totals.append(rest or sum(weights))
        matched: dict[int, dict[tuple[int, int], float]] = defaultdict(dict)
        for key in analysed.keys.intersection(asked.weights):
            targets = [((r, t), weight * factors[r][t]) for r, t, weight in asked.weights[key]]
            positions = analysed.positions[key]
            for index in positions[bisect_left(positions, low):bisect_left(positions, high)]:
                matches = matched[index]
                for term, weight in targets:
                    if weight > matches.get(term, 0.0):
                        matches[term] = weight
        found: dict[int, dict[tuple[int, int], float]] = defaultdict(dict)
        bonus: dict[int, float] = defaultdict(float)
        for index in sorted(matched):
            sentence = analysed.token_sentence[index]
            seen = found[sentence]
            previous = matched.get(index - 1, {})
            for (r, t), weight in sorted(matched[index].items()):
                if weight > seen.get((r, t), 0.0):
                    seen[(r, t)] = weight
                if (r, t - 1) in previous:
                    bonus[sentence] += ADJACENT_BONUS * min(weight, previous[(r, t - 1)])
        figures = {analysed.token_sentence[i] for i in analysed.figures if asked.quantity}
        asides = document.asides
        boxes = dict(document.editions)
        if number not in asked.implied:
            asked.implied[number] = self._implied_boxes(number, asked, boxes)
        implied = asked.implied[number]
        # The first sentence under a ruling's question that holds query words is a candidate
        # too, with the question's words.
        candidates = set(found)
        for sentence in found:
            if analysed.sentences[sentence][2] in questions:
                under = sentence + 1
                while under < len(analysed.sentences) and analysed.sentences[under][
                        2] == analysed.sentences[sentence][2]:
                    under += 1
                if under < len(analysed.sentences) and analysed.sentences[under][
                        2] == analysed.sentences[sentence][2] + 1:
                    candidates.add(under)
        scores = {}
        for sentence in sorted(candidates):
            sentence_line = analysed.sentences[sentence][2]
            if sentence_line in asides or (line is not None and sentence_line != line):
                continue
            # A short sentence often answers with the next one ("…je zloděj. Na začátku hry
            # stojí na poušti."): its words count too, at half weight.
            seen = dict(found.get(sentence, {}))
            above = sentence - 1
            if sentence_line - 1 in questions and (
                    above < 0 or analysed.sentences[above][2] != sentence_line):
                while above >= 0 and analysed.sentences[above][2] == sentence_line - 1:
                    for term, weight in found.get(above, {}).items():
                        seen[term] = max(seen.get(term, 0.0), HEADING_FACTOR * weight)
                    above -= 1
            following = sentence + 1
            if following < len(analysed.sentences) and analysed.sentences[following][
                    2] == sentence_line:
                for term, weight in found.get(following, {}).items():
                    seen.setdefault(term, NEXT_SENTENCE_FACTOR * weight)
            by_rewrite: dict[int, float] = defaultdict(float)
            shares: dict[int, float] = defaultdict(float)
            for (r, t), weight in sorted(seen.items()):  # in one order, as offline
                by_rewrite[r] += weight
                if factors[r][t] == 1.0 or all(f != 1.0 for f in factors[r]):
                    shares[r] += weight
            score = max(
                weight * (0.4 + 0.6 * min(1.0, shares[r] / totals[r]) ** 2) if totals[r] else 0.0
                for r, weight in by_rewrite.items()
            ) + bonus[sentence]
            if sentence in figures:
                score *= QUANTITY_FACTOR
            # A lead-in's next sentence may say what was asked without naming it again
            # ("Dřevo se těží z lesů. Je zapotřebí k budování…"): its kind counts for the
            # lead-in too. One that names it can answer by itself.
            hints = analysed.hints[sentence]
            if following < len(analysed.sentences) and analysed.sentences[following][
                    2] == sentence_line and following not in found:
                hints = hints | analysed.hints[following]
            if asked.intents & hints:
                score *= INTENT_FACTOR
            if sentence_line in analysed.examples:  # an example shows a rule, it rarely says it
                score *= W["example"]
            if sentence_line in analysed.cards:  # a card's text: the entry's own words first
                score *= W["card"]
            if sentence_line in document.expansions and not asked.expansion_asked:
                score *= W["expansion"]  # a ruling about an expansion, not asked about
            if sentence_line in boxes:
                box = _edition_number(boxes[sentence_line])
                if box and box in asked.boxes:
                    score *= W["edition_named"]
                elif not asked.edition_asked:
                    score *= W["implied_box"] if box in implied else W["edition"]
            scores[sentence] = score
        return scores

    def _implied_boxes(self, number: int, asked: _Asked, boxes: dict[int, str]) -> set[str]:
        """The editions whose words the query uses: a word as typed that this entry has only
        in that edition's box ("osada" in the 004 glossary's) asks for that box."""
        analysed = self._analysed[number]
        lines: dict[int, set[int]] = defaultdict(set)  # typed term -> the lines that hold it
        for key in analysed.keys.intersection(asked.weights):
            terms = [t for r, t, _ in asked.weights[key] if r == 0]
            if not terms:
                continue
            for index in analysed.positions[key]:
                line = analysed.sentences[analysed.token_sentence[index]][2]
                for t in terms:
                    lines[t].add(line)
        implied = set()
        for held in lines.values():
            if held and all(line in boxes for line in held):
                implied.update(_edition_number(boxes[line]) for line in held)
        return implied

    def _term_weight(self, term: _Term) -> float:
        return max((self._idf[k] * q for k, q in term.keys.items() if k in self._idf),
                   default=0.0)

    def _best_sentence(self, number: int, asked: _Asked, line: int) -> int | None:
        """The sentence of a passage (line) that answers best (ties: the earlier one)."""
        scores = self._sentence_scores(number, asked, line)
        best, best_score = None, 0.0
        for sentence, score in scores.items():
            if score > best_score:
                best, best_score = sentence, score
        return best

    def _choose(self, number: int, asked: _Asked, choices: dict[int, float],
                passage: int) -> int:
        """The passage of an entry that answers: its best sentence, and how well the passage
        as a whole matched (the prior), together."""
        scores = self._sentence_scores(number, asked)
        if not scores:
            return passage
        top = max(scores.values())
        first = self._first_passage[number]
        prior_top = max((choices.get(p, 0.0) for p in self._document_passages(number)),
                        default=0.0)
        sentences = self._analysed[number].sentences
        best, best_value = passage, -1.0
        for sentence, score in scores.items():
            candidate = first + sentences[sentence][2]
            if not self._passages[candidate].eligible:
                continue
            prior = choices.get(candidate, 0.0) / prior_top if prior_top > 0 else 0.0
            value = score / top + W["prior"] * prior
            if value > best_value:
                best, best_value = candidate, value
        return best

    def _opening(self, number: int) -> int:
        passages = self._document_passages(number)
        return next((p for p in passages if self._passages[p].eligible), passages.start)

    def _names_only(self, number: int, all_terms: list[list[_Term]]) -> bool:
        """Does the query (as typed or rewritten) only name this entry, every word of it a
        word of the headword ("zlodeje", "nejvěčší vojsko", "přís")? Then the entry's opening
        is the answer, not some sentence that happens to repeat the name."""
        headword = set().union(*self._headword_parts[number]) if self._headword_parts[
            number] else set()
        return any(
            terms and all(term.keys.keys() & headword for term in terms) for terms in all_terms
        )

