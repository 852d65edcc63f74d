"""Stage 2, retrieving: every passage the query's terms reach, scored (its words, its
heading, its entry's names, the frequent questions that lift it).
Mirrored offline by offline/static/js/search/retrieve.js."""

from collections import Counter, defaultdict

from almanach.search.analyse import _Term
from almanach.search.weights import W


class Retrieval:
    """Scoring passages (a part of SearchIndex)."""

    def _score(self, terms: list[_Term], edition_asked: bool = False, quantity: bool = False,
               intents: frozenset[str] = frozenset(), boxes: frozenset[str] = frozenset(),
               asks: bool = True, cache: dict | None = None,
               kinds: frozenset[str] = frozenset()
               ) -> tuple[dict[int, tuple[float, set[str], int]], set[int], set[int],
                          dict[int, float]]:
        """passage -> (score, matched keys, the question that lifted it or -1); and the
        documents the query names; and the passages whose own words match; and the part of
        each lifted passage's score that a frequent or players' question gave it.

        A term's value in a passage: its own text, plus its section heading's, plus its entry's
        headword and aliases (added in this order; the offline search adds the same way).

        cache: one search's memory of what each term reaches (_reach), shared by the query's
        rewrites, which mostly repeat the same terms. kinds: what the query asks for
        (analyse.asked_kinds)."""
        scores: dict[int, float] = defaultdict(float)
        matched_terms: dict[int, float] = defaultdict(float)
        matched_keys: dict[int, set[str]] = defaultdict(set)
        # phrasing -> [its score, the terms that matched it, their weight, its matched parts
        # as bits], summed over the terms in their order
        phrasings: dict[int, list] = {}
        name_matched: dict[int, set[str]] = defaultdict(set)
        name_scores: dict[int, float] = defaultdict(float)
        texted: set[int] = set()
        total_weight = 0.0
        matchable = 0
        reached: list[tuple[dict[int, list], float]] = []  # per term: its phrasings, weight
        k1 = W["k1"] + 1
        norms = self._norms()
        for term in terms:
            signature = tuple(term.keys.items())
            reach = cache.get(signature) if cache is not None else None
            if reach is None:
                reach = self._reach(term, k1, norms)
                if cache is not None:
                    cache[signature] = reach
            text, head, alias, name_keys, asked, keys_of, touched, term_weight = reach
            for passage, keys in keys_of.items():
                matched_keys[passage] |= keys
            if text or head or alias or asked:
                matchable += 1
            total_weight += term_weight
            texted.update(text)
            found = set(touched)
            for passage, value in touched.items():
                scores[passage] += value
            for number in sorted(head.keys() | alias.keys()):
                name_matched[number] |= name_keys[number]
                value = W["headword"] * head.get(number, 0.0) + W["alias"] * alias.get(number, 0.0)
                # A broad page's names are every land and resource: a word found only among
                # them does not count towards the share of the query a passage holds.
                credit = 0.0 if number in self._broad else W["name_credit"]
                for passage in self._document_passages(number):
                    name_scores[passage] += value
                    if passage not in found:
                        found.add(passage)
                        matched_terms[passage] += credit
            for passage in touched:
                matched_terms[passage] += 1.0
            reached.append((asked, term_weight))
        # A phrasing met by one term only lifts nothing (below): only the others are summed,
        # term by term in their order (a speed-up only).
        if asks:
            counts = Counter()
            for asked, _ in reached:
                counts.update(asked.keys())
            shared = {phrasing for phrasing, count in counts.items() if count > 1}
            for asked, term_weight in reached:
                for phrasing in asked.keys() & shared:
                    value, bits = asked[phrasing]
                    summed = phrasings.get(phrasing)
                    if summed is None:
                        phrasings[phrasing] = [value, 1, term_weight, bits]
                    else:
                        summed[0] += value
                        summed[1] += 1
                        summed[2] += term_weight
                        summed[3] |= bits

        # The entries the query names: all the words of their headword or of an alias.
        named = {
            number for number, keys in name_matched.items()
            if any(parts and all(part & keys for part in parts)
                   for parts in (self._headword_parts[number], *self._alias_parts[number]))
        }
        result: dict[int, tuple[float, set[str], int]] = {}
        lift_of: dict[int, float] = {}
        if not matchable:
            return result, named, texted, lift_of
        # Another edition's words count less, unless the query asks for them; the entry's
        # names count the same for all its passages.
        for passage in sorted(scores.keys() | name_scores.keys()):
            info = self._passages[passage]
            if not info.eligible:
                continue
            own = scores.get(passage, 0.0)
            if info.edition and not edition_asked:
                own *= W["edition"]
            elif info.box and info.box in boxes:  # the edition the query names
                own *= W["edition_named"]
            if quantity and info.figure:  # "kolik…?" wants a passage with a number
                own *= W["quantity"]
            if intents & info.hints:  # "kdy…?" wants a time, "smím…?" a may or must
                own *= W["intent"]
            coverage = matched_terms[passage] / matchable
            score = own + name_scores.get(passage, 0.0)
            keys = matched_keys.get(passage, set())
            if info.document in name_matched:
                keys = keys | name_matched[info.document]
            result[passage] = (score * (0.3 + 0.7 * coverage * coverage), keys, -1)
        # Frequent questions: the query's words in a phrasing, and the phrasing's in the query.
        lifts: dict[int, float] = {}
        for phrasing, (score, term_count, weight_sum, bits) in phrasings.items():
            matched_parts = bits.bit_count()
            if not asks or term_count < 2 or matched_parts < 2:
                continue  # one word names a topic, it does not ask its question
            info = self._phrasings[phrasing]
            coverage = weight_sum / total_weight  # the query's rare words count
            covered = matched_parts / len(info.keys)
            weight = W["question"] if self.questions[info.question].url else W["passage_question"]
            value = weight * score * coverage ** W["question_power"] * (covered * covered)
            if kinds and not kinds & info.kinds:
                if info.kinds:
                    value *= W["kind_mismatch"]  # "kolik…" is not answered by "kam…"
                elif kinds - {"may"}:
                    value *= W["kind_unasked"]  # "kolik…" by "jak se připraví…"
            if value > lifts.get(info.question, 0.0):
                lifts[info.question] = value
        lifted: set[int] = set()
        for question in sorted(lifts, key=lambda q: (-lifts[q], q)):
            value = lifts[question]
            for passage, _, _ in self._cited[question]:
                if passage in lifted:
                    continue  # a closer question lifted it already: one lift per passage
                lifted.add(passage)
                base, keys, _ = result.get(passage, (0.0, set(), -1))
                lift = value
                if self._passages[passage].edition and not edition_asked:
                    lift *= W["edition_lift"]
                result[passage] = (base + lift, keys, question if lift >= base else -1)
                lift_of[passage] = lift
        return result, named, texted, lift_of

    def _reach(self, term: _Term, k1: float, norms: list[float]) -> tuple:
        """What one term reaches, whatever the other terms: its value in each passage's text,
        in each entry's headword and aliases and in each phrasing of a question; the keys it
        matched where; and its value in each passage with the section headings'. Maxima and
        unions, so the order of the keys does not matter. A speed-up only (a query's rewrites
        repeat most terms): retrieve.js works the same out for each rewrite again."""
        text: dict[int, float] = {}
        head: dict[int, float] = {}
        alias: dict[int, float] = {}
        name_keys: dict[int, set[str]] = defaultdict(set)
        asked: dict[int, list] = {}  # phrasing -> [the term's value in it, its parts as bits]
        keys_of: dict[int, set[str]] = defaultdict(set)
        for key, quality in term.keys.items():
            idf = self._idf.get(key)
            if idf is None:
                continue
            weight = idf * quality
            for passage, tf in self._text.get(key, {}).items():
                value = weight * (tf * k1 / (tf + norms[passage]))
                if value > text.get(passage, 0.0):
                    text[passage] = value
                keys_of[passage].add(key)
            for number in self._headword.get(key, ()):
                head[number] = max(head.get(number, 0.0), weight)
                name_keys[number].add(key)
            for number in self._alias.get(key, ()):
                alias[number] = max(alias.get(number, 0.0), weight)
                name_keys[number].add(key)
            for phrasing, bits in self._phrasing_bits.get(key, ()):
                value = asked.get(phrasing)
                if value is None:
                    asked[phrasing] = [weight, bits]
                else:
                    value[0] = max(value[0], weight)
                    value[1] |= bits
        term_weight = max((self._idf[k] * q for k, q in term.keys.items() if k in self._idf),
                          default=0.0)
        touched = {passage: W["text"] * value for passage, value in text.items()}
        for heading, value in text.items():
            for passage in self._sections.get(heading, ()):
                touched[passage] = touched.get(passage, 0.0) + W["heading"] * value
        return text, head, alias, name_keys, asked, keys_of, touched, term_weight

    def _norms(self) -> list[float]:
        """BM25's length norm of every passage (for the weights as they are now)."""
        k1, b = W["k1"], W["b"]
        if self._norm_for != (k1, b):
            self._norm_values = [k1 * (1 - b + b * (p.length / self._avg_length))
                                 for p in self._passages]
            self._norm_for = (k1, b)
        return self._norm_values

    def _document_passages(self, number: int) -> range:
        end = self._first_passage[number + 1] if number + 1 < len(self.documents) else len(
            self._passages)
        return range(self._first_passage[number], end)

