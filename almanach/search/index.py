"""The index: built once from Documents (and the frequent questions), it runs the stages
(analyse.py, retrieve.py, choose.py, snippet.py) in search(); export() is what the offline
search ships. Mirrored offline by offline/static/js/search/index.js."""

import difflib
import math
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from html import unescape

from almanach.czech import fold
from almanach.markup import anchor
from almanach.search.analyse import (
    _ABBREVIATIONS,
    _CARD_ANCHORS,
    _EXAMPLE,
    _SUFFIXES,
    _WORD,
    DERIVATIONAL,
    DIMINUTIVES,
    EDITION_NAMES,
    EDITION_WORDS,
    EXCEPTION_WORDS,
    EXPANSION_WORDS,
    INTENT_ASKS,
    INTENT_FACTOR,
    INTENT_HINTS,
    KIND_WORDS,
    MAX_QUERY_LENGTH,
    QUANTITY_FACTOR,
    QUANTITY_WORDS,
    QUESTION_WORDS,
    STOP_WORDS,
    Analysis,
    _deletes,
    _edition_number,
    _family,
    _lemma,
    _sentences,
    _stem,
    _Term,
    _words,
    asked_kinds,
    clean_query,
    load_synonyms,
    same_for_same,
)
from almanach.search.choose import Choosing, _Asked
from almanach.search.documents import Document, Hit, Question, Results, Rulings
from almanach.search.retrieve import Retrieval
from almanach.search.snippet import Snippets
from almanach.search.weights import (
    ADJACENT_BONUS,
    ANSWER_MIN,
    ANSWER_WIDTH,
    BROAD_PAGES,
    HEADING_FACTOR,
    NEXT_SENTENCE_FACTOR,
    OVERVIEW_PAGES,
    RULING_PAGES,
    SNIPPET_MIN,
    SNIPPET_WIDTH,
    VARIANT_PAGES,
    W,
)


@dataclass
class _Analysed:
    """One document, tokenised once at build time (for its snippets)."""

    tokens: list[tuple[int, int, frozenset[str]]]  # text words: start, end, keys
    sentences: list[tuple[int, int, int]]  # start, end, line (passage) number
    token_sentence: list[int]  # the sentence of each token
    keys: frozenset[str]  # every key of the text
    positions: dict[str, list[int]]  # key -> the tokens that have it
    figures: list[int]  # the tokens that are numbers
    line_starts: list[int]  # the offset of each line in the text
    hints: list[frozenset[str]] = field(default_factory=list)  # per sentence: its intents
    examples: frozenset[int] = frozenset()  # the lines that are examples ("Příklad: …")
    cards: frozenset[int] = frozenset()  # the lines that are a card's text


@dataclass
class _Passage:
    document: int
    line: int
    length: int  # words
    eligible: bool  # can be a result (not a heading or the site's own words)
    edition: bool  # in another edition's box
    section: int  # the passage of its sub-heading, or -1
    figure: bool = False  # holds a number
    hints: frozenset[str] = frozenset()  # the intents (INTENTS) its words answer
    box: str = ""  # the number of the edition whose box it is in ("001"), if it is


@dataclass
class _Phrasing:
    question: int
    keys: list[set[str]]  # per content word
    # What kind of answer it asks for (asked_kinds); a phrasing without a question word asks
    # what its question does.
    kinds: frozenset[str] = frozenset()



class SearchIndex(Analysis, Retrieval, Choosing, Snippets):
    def __init__(self, documents: Iterable[Document], synonyms: dict[str, list[str]] | None = None,
                 questions: Iterable[Question] = (), rulings: Rulings | None = None):
        self.documents = list(documents)
        self.rulings = rulings
        self.questions = list(questions)
        synonyms = load_synonyms() if synonyms is None else synonyms

        # Lemmas first: a word's keys are the same wherever it occurs, query included.
        self._lemmas: dict[str, list[str]] = {}
        seen: dict[str, set[str]] = defaultdict(set)
        for text in self._all_texts(synonyms):
            for word in _words(text):
                seen[fold(word)].add(_lemma(word))
        for folded, lemmas in seen.items():
            lemmas.discard(folded)
            if lemmas:
                self._lemmas[folded] = sorted(lemmas)

        self._synonyms: dict[tuple[str, ...], list[list[str]]] = {}
        for phrase, targets in synonyms.items():
            self._add_synonym(phrase, targets)

        self._passages: list[_Passage] = []
        self._first_passage: list[int] = []  # per document
        self._text: dict[str, dict[int, int]] = defaultdict(dict)  # key -> passage -> count
        self._headword: dict[str, set[int]] = defaultdict(set)  # key -> documents
        self._alias: dict[str, set[int]] = defaultdict(set)
        self._headword_parts: list[list[set[str]]] = []
        self._alias_parts: list[list[list[set[str]]]] = []
        self._names: dict[frozenset[str], set[int]] = defaultdict(set)  # see _signature
        self._name_keys: list[set[str]] = []  # per document: the keys of its names' words
        self._words: set[str] = set()  # folded words and lemmas: targets of prefixes and typos
        self._indexed: dict[str, dict[str, float]] = {}  # while building: see _index_word
        self._analysed: list[_Analysed] = []
        self._variant = {n for n, d in enumerate(self.documents) if d.slug in VARIANT_PAGES}
        self._overview = {n for n, d in enumerate(self.documents) if d.slug in OVERVIEW_PAGES}
        self._broad = {n for n, d in enumerate(self.documents) if d.slug in BROAD_PAGES}
        self._ruling_pages = {n for n, d in enumerate(self.documents) if d.slug in RULING_PAGES}
        self._sections: dict[int, list[int]] = defaultdict(list)  # heading -> its passages
        for number, document in enumerate(self.documents):
            self._analyse(number, document)
        # The passages of rulings about an expansion: only a query that names one shows them.
        self._expansion = {self._first_passage[number] + line
                           for number, document in enumerate(self.documents)
                           for line in document.expansions}

        # Frequent questions: each phrasing is a small text of its own.
        self._phrasings: list[_Phrasing] = []
        # key -> phrasing -> the phrasing's parts the key matches, as bits: scoring only ORs
        # integers.
        phrasing_bits: dict[str, dict[int, int]] = defaultdict(dict)
        self._cited: list[list[tuple[int, int, int]]] = []  # per question: passage, begin, end
        passage_at = {(p.document, p.line): i for i, p in enumerate(self._passages)}
        slugs = {d.slug: n for n, d in enumerate(self.documents)}
        for q, question in enumerate(self.questions):
            question_kinds = asked_kinds(_words(question.text))
            for phrasing in (question.text, *question.phrasings):
                parts = [set(self._index_word(w)) for w in _words(phrasing) if not self._is_stop(w)]
                if not parts:
                    continue
                number = len(self._phrasings)
                for i, part in enumerate(parts):
                    for key in part:
                        by_phrasing = phrasing_bits[key]
                        by_phrasing[number] = by_phrasing.get(number, 0) | 1 << i
                kinds = asked_kinds(_words(phrasing)) or question_kinds
                self._phrasings.append(_Phrasing(q, parts, kinds))
            cited = []
            for slug, quotation in question.answers:
                where = self._find(slugs.get(slug), quotation)
                if where:
                    line, begin = where
                    cited.append((passage_at[(slugs[slug], line)], begin, begin + len(quotation)))
            self._cited.append(cited)
        del self._indexed
        self._phrasing_bits: dict[str, list[tuple[int, int]]] = {
            key: list(by_phrasing.items()) for key, by_phrasing in phrasing_bits.items()
        }

        total = len(self._passages)
        self._avg_length = sum(p.length for p in self._passages) / max(total, 1)
        self._norm_for: tuple[float, float] | None = None
        self._norm_values: list[float] = []
        self._idf: dict[str, float] = {}
        df: dict[str, int] = defaultdict(int)
        for key, postings in self._text.items():
            df[key] += len(postings)
        for table in (self._headword, self._alias):
            for key, numbers in table.items():
                df[key] += len(numbers)
        for key in phrasing_bits:
            df.setdefault(key, 1)
        for key, count in df.items():
            self._idf[key] = math.log(1 + (total - count + 0.5) / (count + 0.5))
        # Rarity belongs to the word, not to its form: "vesnicemi" is rare, "vesnice" is not.
        # In the words' order (a lemma may be a capped word itself), as the offline search.
        for word, lemmas in sorted(self._lemmas.items()):
            caps = [self._idf[lemma] for lemma in lemmas if lemma in self._idf]
            if caps and word in self._idf:
                self._idf[word] = min(self._idf[word], max(caps))
        self._sorted_words = sorted(self._words)
        self._typo_index: dict[str, set[str]] = defaultdict(set)
        # A typo may also be one edit from a word's stem ("pasvin" from "pastvin-a").
        self._typo_words = sorted(self._words | {_stem(w) for w in self._words} if W[
            "typo_stems"] else self._words)
        self._typo_targets = set(self._typo_words)
        for word in self._typo_words:
            if len(word) >= 4:
                for variant in _deletes(word, 2 if len(word) >= 6 else 1):
                    self._typo_index[variant].add(word)

    # --- building -------------------------------------------------------------------

    def _all_texts(self, synonyms: dict[str, list[str]]) -> Iterable[str]:
        for document in self.documents:
            yield document.headword
            yield from document.aliases
            yield document.text
        for question in self.questions:
            if question.url:  # a passage's players' questions bring no word forms of their own
                yield question.text
                yield from question.phrasings
        for phrase, targets in synonyms.items():
            yield phrase
            yield from ([targets] if isinstance(targets, str) else targets)
        yield " ".join(STOP_WORDS)

    def _add_synonym(self, phrase: str, targets: str | list[str]) -> None:
        words = _words(phrase)
        if not words:
            return
        targets = [targets] if isinstance(targets, str) else targets
        rewrites = [_words(target) for target in targets]
        for key in (tuple(fold(w) for w in words), tuple(self._canonical(w) for w in words),
                    tuple(_family(_stem(fold(w))) for w in words)):
            self._synonyms.setdefault(key, [])
            self._synonyms[key] += [r for r in rewrites if r and r not in self._synonyms[key]]

    def _index_word(self, word: str) -> dict[str, float]:
        """A word of the indexed texts: its keys (read, never changed, by the caller), its
        forms noted as targets of prefixes and typos. Worked out once per word while the
        index is built (a text repeats its words: 22,000 occurrences, 6,000 words)."""
        keys = self._indexed.get(word)
        if keys is None:
            keys = self._indexed[word] = self.keys(word)
            folded = fold(word)
            self._words.add(folded)
            self._words.update(self._lemmas.get(folded, ()))
        return keys

    def _analyse(self, number: int, document: Document) -> None:
        for name in (document.headword, *document.aliases):
            self._names[self._signature(_words(name))].add(number)
        headword_parts = []
        for word in _words(document.headword):
            keys = self._index_word(word)
            for key in keys:
                self._headword[key].add(number)
            if not self._is_stop(word):
                headword_parts.append(set(keys))
        self._headword_parts.append(headword_parts)
        alias_parts = []
        for alias in document.aliases:
            content = []
            for word in _words(alias):
                keys = self._index_word(word)
                for key in keys:
                    self._alias[key].add(number)
                if not self._is_stop(word):
                    content.append(set(keys))
            if content:
                alias_parts.append(content)
        self._alias_parts.append(alias_parts)
        self._name_keys.append(set().union(*headword_parts, *(p for a in alias_parts for p in a)))

        text = document.text
        lines = text.split("\n")
        line_starts = []
        offset = 0
        for line in lines:
            line_starts.append(offset)
            offset += len(line) + 1
        editions = {line: _edition_number(label) for line, label in document.editions}
        first_passage = len(self._passages)
        self._first_passage.append(first_passage)
        section = -1
        line_passage = []
        for line_number, line in enumerate(lines):
            passage = len(self._passages)
            line_passage.append(passage)
            if line_number in document.headings:
                section = passage
            eligible = line_number not in document.asides and bool(line.strip())
            self._passages.append(_Passage(number, line_number, 0, eligible,
                                           line_number in editions, section,
                                           box=editions.get(line_number, "")))
            if section >= 0 and passage != section:
                self._sections[section].append(passage)

        tokens = []
        for match in _WORD.finditer(text):
            keys = self._index_word(match.group().lower())
            tokens.append((match.start(), match.end(), frozenset(keys)))
        line_of_token = 0
        for start, end, keys in tokens:
            while line_of_token + 1 < len(line_starts) and line_starts[line_of_token + 1] <= start:
                line_of_token += 1
            passage = line_passage[line_of_token]
            self._passages[passage].length += 1
            if text[start].isdigit():
                self._passages[passage].figure = True
            hinted = [n for n, words in INTENT_HINTS.items() if fold(text[start:end]) in words]
            if hinted:
                self._passages[passage].hints |= frozenset(hinted)
            for key in keys:
                postings = self._text[key]
                postings[passage] = postings.get(passage, 0) + 1

        sentences = _sentences(text)
        token_sentence = []
        current = 0
        for start, _, _ in tokens:
            while sentences[current][1] <= start:
                current += 1
            token_sentence.append(current)
        positions: dict[str, list[int]] = defaultdict(list)
        for index, (_, _, keys) in enumerate(tokens):
            for key in keys:
                positions[key].append(index)
        figures = [i for i, (start, _, _) in enumerate(tokens) if text[start].isdigit()]
        hints: list[set[str]] = [set() for _ in sentences]
        for (start, end, _), sentence in zip(tokens, token_sentence, strict=True):
            folded = fold(text[start:end])
            hints[sentence].update(n for n, words in INTENT_HINTS.items() if folded in words)
        examples = frozenset(n for n, line in enumerate(lines) if _EXAMPLE.match(line))
        self._analysed.append(_Analysed(tokens, sentences, token_sentence, frozenset(positions),
                                        dict(positions), figures, line_starts,
                                        [frozenset(h) for h in hints], examples,
                                        frozenset(n for n, name in enumerate(document.anchors)
                                                  if name.startswith(_CARD_ANCHORS))))

    def _find(self, number: int | None, quotation: str) -> tuple[int, int] | None:
        """(line, offset in the text) of a quotation in a document's plain text."""
        if number is None:
            return None
        text = self.documents[number].text
        begin = text.find(quotation)
        if begin < 0:
            return None
        return text.count("\n", 0, begin), begin

    def export(self) -> dict:
        """Everything the offline search (offline/static/js/search/) needs to rank exactly as
        search() does: the texts (it tokenises them the same way), the lemma table, the
        synonyms, the vocabulary with each word's stem and family ("forms", so the browser
        never re-derives them) and the ranking's numbers."""
        base = next((q.url.split("#")[0] for q in self.questions if "#" in q.url), "")
        return {
            "weights": W,
            "variantPages": list(VARIANT_PAGES),
            "overviewPages": list(OVERVIEW_PAGES),
            "broadPages": list(BROAD_PAGES),
            "stopWords": sorted(STOP_WORDS),
            "questionWords": sorted(QUESTION_WORDS),
            "quantityWords": sorted(QUANTITY_WORDS),
            "kindWords": dict(sorted(KIND_WORDS.items())),
            "intentAsks": dict(sorted(INTENT_ASKS.items())),
            "intentHints": {name: sorted(words) for name, words in INTENT_HINTS.items()},
            "editionWords": sorted(EDITION_WORDS),
            "expansionWords": sorted(EXPANSION_WORDS),
            "exceptionWords": sorted(EXCEPTION_WORDS),
            "rulingPages": list(RULING_PAGES),
            "editionNames": EDITION_NAMES,
            "abbreviations": sorted(_ABBREVIATIONS),
            "sentence": {"adjacent": ADJACENT_BONUS, "next": NEXT_SENTENCE_FACTOR,
                         "heading": HEADING_FACTOR,
                         "quantity": QUANTITY_FACTOR, "intent": INTENT_FACTOR},
            "suffixes": _SUFFIXES,
            "derivational": DERIVATIONAL,
            "diminutives": DIMINUTIVES,
            "maxQueryLength": MAX_QUERY_LENGTH,
            # A word's one lemma as a string, several as a list (the download's budget).
            "lemmas": {word: lemmas[0] if len(lemmas) == 1 else lemmas
                       for word, lemmas in sorted(self._lemmas.items())},
            "synonyms": {" ".join(key): value for key, value in self._synonyms.items()},
            # The vocabulary front-coded (_front_coded): the download's budget again.
            "words": _front_coded(self._sorted_words),
            # Each word's stem and family (_form) as two digits, or a digit and "~family".
            "forms": " ".join(_form_code(_form(word)) for word in self._sorted_words),
            "documents": [
                {
                    "slug": d.slug,
                    "headword": d.headword,
                    "url": d.url,
                    "aliases": list(d.aliases),
                    "text": d.text,
                    # 0 for a line's usual anchor (odstavec-<n>): the budget again.
                    "anchors": [0 if name == anchor(n + 1) else name
                                for n, name in enumerate(d.anchors)],
                    "asides": sorted(d.asides),
                    "editions": [[line, label] for line, label in d.editions],
                    "headings": sorted(d.headings),
                    "expansions": sorted(d.expansions),
                }
                for d in self.documents
            ],
            # The frequent questions' page once; each question's url as its anchor ("#…")
            # and no id (its url ends with it); each question a row [text, url, phrasings,
            # cited], not an object with its keys repeated 770 times (1.6 KB of gzip): the
            # download stays within its budget.
            "questionBase": base,
            "questions": [
                [q.text, q.url[len(base):] if base and q.url.startswith(base + "#") else q.url,
                 list(q.phrasings), [self._citation(c) for c in cited]]
                for q, cited in zip(self.questions, self._cited, strict=True)
            ],
        }

    def _citation(self, cited: tuple[int, int, int]) -> int | list[int]:
        """A frequent question's quotation for the offline index: [passage, begin, end], or
        the passage's number alone when it quotes the whole passage (the budget again)."""
        passage, begin, end = cited
        info = self._passages[passage]
        text = self.documents[info.document].text
        start = self._analysed[info.document].line_starts[info.line]
        stop = text.find("\n", start)
        if begin == start and end == (len(text) if stop < 0 else stop):
            return passage
        return [passage, begin, end]

    # --- querying -------------------------------------------------------------------

    def search(self, raw_query: str, limit: int = 10) -> Results:
        query, message = clean_query(raw_query)
        if message:
            return Results(query, message=message)
        words = _words(query)
        typing = not raw_query[-1:].isspace()  # the last word may be unfinished
        folded = [fold(w) for w in words]
        edition_asked = any(w in EDITION_WORDS for w in folded)
        boxes = frozenset(EDITION_NAMES[w] for w in folded if w in EDITION_NAMES)
        quantity = any(word in QUANTITY_WORDS for word in folded)
        # Two words may ask together ("na co" → "na_co").
        asks = folded + [f"{a}_{b}" for a, b in zip(folded, folded[1:], strict=False)]
        expansion_asked = any(w in EXPANSION_WORDS for w in asks)  # a word or a pair of them
        intents = frozenset(INTENT_ASKS[word] for word in asks if word in INTENT_ASKS)
        asking = any(word in QUESTION_WORDS for word in folded)
        exception = _asks_exception(folded)
        kinds = asked_kinds(words)

        best: dict[int, tuple[float, set[str], int]] = {}  # passage -> score, keys, question
        lifted: dict[int, float] = {}  # passage -> the part of its best score a question gave
        summed: dict[int, float] = defaultdict(float)  # passage -> its scores over rewrites
        all_terms: list[list[_Term]] = []
        named_docs: set[int] = set()
        mentions: set[int] = set()  # passages whose own words match
        exactly_named: set[int] = set()  # the query is one of their names
        reached: dict = {}  # what each term reaches, shared by the rewrites (Retrieval._reach)
        for rewrite, weight in self._rewrites(words):
            terms = self._terms(rewrite, typing)
            all_terms.append(terms)
            if all_terms[0] and len(terms) > len(all_terms[0]):
                # More words score more: a longer rewrite counts as long as the query.
                weight *= len(all_terms[0]) / len(terms)
            exactly_named |= self._names.get(self._signature(rewrite), set())
            # One word as typed names a topic: no question is lifted by its rewrites either.
            scored, names_matched, texted, lift_of = self._score(
                terms, edition_asked, quantity, intents, boxes, len(all_terms[0]) > 1, reached,
                kinds)
            named_docs |= names_matched
            mentions |= texted
            for passage, (score, keys, question) in scored.items():
                score *= weight
                summed[passage] += score
                if passage not in best or score > best[passage][0]:
                    lifted[passage] = lift_of.get(passage, 0.0) * weight
                if passage not in best:
                    best[passage] = (score, keys, question)
                else:  # the best score; every rewrite's words are marked in the snippet
                    old = best[passage]
                    top_question = question if score > old[0] else old[2]
                    best[passage] = (max(score, old[0]), keys | old[1], top_question)

        one_word = max(len(terms) for terms in all_terms) == 1
        # Per entry its best passage; variant pages and other editions only when asked for.
        by_document: dict[int, tuple[float, int]] = {}
        choices: dict[int, float] = {}  # passage -> how well it answers, within its entry
        for passage, (score, _, _) in best.items():
            info = self._passages[passage]
            # A broad page (every land and resource among its names) stays behind unless the
            # query is one of its names: a question that names a resource asks about that
            # resource, not about the page that lists them all.
            broad = info.document in self._broad and info.document not in exactly_named
            if info.document not in named_docs:
                if info.document in self._variant and not edition_asked:
                    score *= W["variant"]
                elif info.document in self._overview:
                    lift = min(lifted.get(passage, 0.0), score)
                    score *= W["overview"]
                    if exception and info.document in self._ruling_pages:
                        # A question about an exception, lifted by a ruling's players'
                        # question: what the booklets leave open, the ruling's lift counts
                        # whole (its own words stay behind the Almanach's).
                        score += lift * (W["ruling_exception_lift"] - W["overview"])
            if passage in self._expansion and not expansion_asked:
                score *= W["expansion"]
            if broad:
                score *= W["broad"]
            elif info.document in named_docs:
                score *= W["named"]
            if info.document in exactly_named and not asking:  # "zloděj", not "kolik…"
                score *= W["name_bonus"]
            # Within an entry, what it says first is more often the answer (definitions come
            # first); the entry ranks by its best passage as scored.
            # Within the entry, a passage that holds the words as typed and as rewritten
            # (osada → vesnice) beats one that holds only a rewrite's.
            choice = score * summed[passage] / best[passage][0] if best[passage][0] else score
            if one_word:  # one word asks what the thing is: its first mention says it
                choice = 1000.0 * (passage in mentions) - (passage - self._first_passage[
                    info.document])
            choices[passage] = choice
            current = by_document.get(info.document)
            if current is None:
                by_document[info.document] = (score, passage, choice)
                continue
            if choice > current[2] or (choice == current[2] and passage < current[1]):
                current = (current[0], passage, choice)
            by_document[info.document] = (max(score, current[0]), current[1], current[2])
        if not by_document:
            return Results(query, closest=self.closest(query))
        top = max(score for score, _, _ in by_document.values())
        ranked = sorted(
            ((number, score, passage) for number, (score, passage, _) in by_document.items()
             if score >= top * W["cutoff"]),
            key=lambda item: (-item[1], item[0]),
        )[:limit]
        asked = _Asked(
            weights=self._term_weights(all_terms),
            term_counts=[len(terms) for terms in all_terms],
            quantity=quantity,
            intents=intents,
            terms=all_terms,
            edition_asked=edition_asked,
            boxes=boxes,
            expansion_asked=expansion_asked,
        )
        hits = []
        for number, score, passage in ranked:
            _, keys, question = best[passage]
            opening = not asking and self._names_only(number, all_terms)
            if opening:  # a bare name: the entry's opening, not a question's quotation
                passage, question = self._opening(number), -1
            elif question < 0 and (asking or not one_word):
                passage = self._choose(number, asked, choices, passage)
                if passage in best:
                    _, more, question = best[passage]
                    keys = keys | more
            focus = None
            if question >= 0:
                focus = next(((b, e) for p, b, e in self._cited[question] if p == passage), None)
            line = self._passages[passage].line
            width, minimum = (ANSWER_WIDTH, ANSWER_MIN) if not hits else (SNIPPET_WIDTH,
                                                                           SNIPPET_MIN)
            html, plain = self._snippet(number, keys, asked, line, focus, opening, width,
                                        minimum, follow=not hits)
            anchors = self.documents[number].anchors
            hits.append(Hit(
                self.documents[number], round(score, 3), html, plain,
                anchors[line] if line < len(anchors) else "", query, line,
                self.questions[question] if focus and self.questions[question].url else None,
                self.rulings,
                self.documents[number].text[focus[0]:focus[1]] if focus else
                self._opening_words(number, line) if opening else "",
            ))
        return Results(query, hits)

    def _opening_words(self, number: int, line: int) -> str:
        """The first OPENING_CITED characters of a line, within the line."""
        start = self._analysed[number].line_starts[line]
        return self.documents[number].text[start:start + OPENING_CITED].split("\n")[0]

    def highlight_keys(self, raw_query: str, slug: str) -> set[str]:
        """The keys of the query's words (as search() matches them) found in one entry."""
        query, message = clean_query(raw_query)
        document = next((n for n, d in enumerate(self.documents) if d.slug == slug), None)
        if message or document is None:
            return set()
        keys = {key for rewrite, _ in self._rewrites(_words(query))
                for term in self._terms(rewrite, typing=False) for key in term.keys}
        return keys & self._analysed[document].keys

    def closest(self, query: str, count: int = 3) -> list[Document]:
        """The headwords that look most like the query (for "nothing found")."""
        folded = fold(query)

        def likeness(document: Document) -> float:
            names = [document.headword, *document.aliases]
            return max(difflib.SequenceMatcher(None, folded, fold(n)).ratio() for n in names)

        return sorted(self.documents, key=likeness, reverse=True)[:count]


# A bare name's answer is its entry's opening: the hit cites the opening's first characters
# (almanach.answers finds a quotation in the snippet by as many), so the answer starts there
# and not at a later sentence that repeats the name.
OPENING_CITED = 40


def _asks_exception(folded: list[str]) -> bool:
    """Does the question ask about an exception or a special case (EXCEPTION_WORDS)? "Co
    když…", "co se stane, když…" asks what a situation brings, which the booklets say: its
    "když" does not count; "smím…, když…" asks whether a condition changes the rule."""
    if any(word in EXCEPTION_WORDS and not (word == "kdyz" and i and folded[i - 1] in
                                             ("co", "stane"))
           for i, word in enumerate(folded)):
        return True
    # A thing for the same thing ("2 ovce za 1 ovci", "1 rudu za 1 rudu"): a special case too.
    return same_for_same(folded) is not None


def _form_code(form: list) -> str:
    """_form as the offline index ships it: "21" (cuts of 2 and 1 letters) or "0~prerus"."""
    cut, family = form
    if cut > 9 or (isinstance(family, int) and family > 9):
        raise ValueError(f"a form the offline index cannot ship: {form}")
    return f"{cut}{family}" if isinstance(family, int) else f"{cut}~{family}"


def _front_coded(items: list[str]) -> str:
    """Sorted words (no spaces) as one string, each after the first as the number of letters
    it shares with the one before (0-9) and the rest: "zlodej zlodeje" → "0zlodej 6e". The
    offline index is downloaded on every phone; this saves a fifth of its vocabulary."""
    coded, previous = [], ""
    for item in items:
        shared = 0
        while shared < min(len(item), len(previous), 9) and item[shared] == previous[shared]:
            shared += 1
        coded.append(f"{shared}{item[shared:]}")
        previous = item
    return " ".join(coded)


def _form(folded: str) -> list:
    """A word's stem and family, compactly: the letters the stem cuts off the word, then the
    letters the family cuts off the stem (or, a diminutive undone, the family itself)."""
    stem = _stem(folded)
    family = _family(stem)[1:]
    cut = len(stem) - len(family)
    return [len(folded) - len(stem), cut if stem[: len(family)] == family else family]


def document_for(entry, url: str = "") -> Document:
    """An Entry (or a loader.Document, given its url) as the index sees it: the card texts
    count as part of the text."""
    lines = entry.plain.split("\n")
    anchors = [anchor(number) for number in range(1, len(lines) + 1)]
    asides = frozenset(int(heading or p or source) - 1
                       for heading, p, source in _ASIDE.findall(entry.html))
    headings = frozenset(int(number) - 1 for number in _HEADING.findall(entry.html))
    editions = tuple((line, unescape(box["label"]))
                     for box in _EDITION_BOX.finditer(entry.html) for line in _box_lines(box))
    expansions = frozenset(line for box in _EXPANSION_BOX.finditer(entry.html)
                           for line in _box_lines(box))
    for card in entry.cards:
        card_lines = f"{card['name']}: {card['plain']}".split("\n")
        lines += card_lines
        anchors += [f"karta-{card['slug']}" if card["slug"] else "texty-karet"] * len(card_lines)
    return Document(
        slug=entry.slug,
        headword=entry.headword,
        url=url or entry.get_absolute_url(),
        text="\n".join(lines),
        aliases=tuple(entry.aliases),
        kind=entry.kind,
        anchors=tuple(anchors),
        asides=asides,
        editions=editions,
        headings=headings,
        expansions=expansions,
    )


# Passages in another edition's box; passages that are headings or the site's own words.
_EDITION_BOX = re.compile(
    r'<aside class="box edice[^"]*">\n<p class="box-label">(?P<label>[^<]*)</p>'
    r"(?P<body>.*?)</aside>",
    re.S,
)
def _box_lines(box: re.Match) -> list[int]:
    """The lines (passages, from 0) of the text inside a box of an entry's HTML."""
    return [int(number) - 1 for number in re.findall(r'id="odstavec-(\d+)"', box["body"])]


# A ruling about an expansion (almanach.markup: "::: rozhodnuti <id> rozsireni").
_EXPANSION_BOX = re.compile(r'<aside class="box rozhodnuti rozsireni"[^>]*>(?P<body>.*?)</aside>',
                            re.S)
_HEADING = re.compile(r'<h2 id="odstavec-(\d+)"')
# A ruling's source line ("Zdroj: …") leads to it, it answers nothing: no result either.
_ASIDE = re.compile(r'<h2 id="odstavec-(\d+)"|<(?:p|li) id="odstavec-(\d+)" class="site-words"'
                    r'|<p id="odstavec-(\d+)" class="ruling">Zdroj: ')

