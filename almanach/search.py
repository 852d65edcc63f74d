"""Search over the Almanach, tolerant of the way people type. Pure Python, no Django.

A query word matches an entry's word when one of their *keys* is equal. The keys of a word
are its folded form (lower case, no diacritics), its folded lemma (simplemma) and a light
stem, so "zloděje", "zlodeje" and "Zloděj" meet. On top of that:

- the last word also matches as a prefix (as-you-type), longer words also with typos
  (1 edit for 5-7 letters, 2 for 8+; Damerau-Levenshtein on folded words);
- synonyms: each entry's aliases are a field of their own, and a word-level table
  (synonyma.toml) rewrites players' words into the Almanach's (osada → vesnice);
- stop words ("kolik", "při", "je") are dropped, rare words weigh more (IDF).

Ranking: a word in the headword counts most, then in an alias, then in the text
(BM25-like); entries whose headword or an alias the query covers completely go up.

Snippets answer the question: each sentence of a hit is scored by the query words it holds
(rare words weigh more, all of the query's words more than some, words next to each other
as in the query more than scattered ones, the next sentence's words at half weight), and the
snippet is the best sentence with its neighbours in the same passage. A query that only names
an entry gets the entry's opening; the site's own words (headings, "Popis kostek:") are never
a snippet; a sentence from another edition's box says which edition. A hit knows its passage
(the anchor), so the result links to the very paragraph; mark() puts the same <mark>s into
the entry's HTML.

Build a SearchIndex once from Documents and call search() on it; `python -m almanach.bench`
prints the time per query and how often the first snippet answers.
"""

import difflib
import math
import re
import tomllib
import unicodedata
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape, unescape
from pathlib import Path
from urllib.parse import quote_plus

import simplemma

from almanach.czech import fold
from almanach.markup import anchor

MAX_QUERY_LENGTH = 200
HIGHLIGHT_PARAMETER = "zvyraznit"
SYNONYMS_PATH = Path(__file__).resolve().parent / "synonyma.toml"

# Field weights: headword ≫ aliases > text.
HEADWORD_WEIGHT = 4.0
ALIAS_WEIGHT = 2.5
TEXT_WEIGHT = 1.0
# Match qualities of a query key: the word as typed, its lemma, its stem, a prefix, a typo.
EXACT, LEMMA, STEM = 1.0, 0.9, 0.8
TYPO_1, TYPO_2 = 0.7, 0.5
SYNONYM_REWRITE = 0.95
# The query is exactly an entry's headword or one of its aliases (in any word forms).
EXACT_NAME_BONUS = 1.5
# Results scoring under this share of the best one are noise, not answers.
RELATIVE_CUTOFF = 0.06
# Snippets: a sentence's words next to each other as in the query count this much extra,
# the next sentence's words this much of their weight. A heading or the site's own note
# ("Popis kostek:") only leads to an answer; it is never the snippet for its words.
ADJACENT_BONUS = 0.5
NEXT_SENTENCE_FACTOR = 0.5
# A question ("kolik je přístavů") wants a sentence, even when its other words only name
# an entry; a bare name ("přístav") wants the entry's opening.
QUESTION_WORDS = frozenset(
    """
    kolik kolikrat kdy kde kam jak jaky jaka jake co proc ktery ktera ktere kdo muzu muze
    smim smi lze musim musi mam mohu how what when where which who can does why
    """.split()
)
# "Kolik…?" asks for a number: a sentence with a figure in it answers more likely.
QUANTITY_WORDS = frozenset({"kolik", "kolikrat", "pocet", "many", "much"})
QUANTITY_FACTOR = 1.5
SNIPPET_WIDTH = 240  # at most, in characters
SNIPPET_MIN = 110  # a shorter best sentence takes its neighbours in the passage along

MESSAGE_EMPTY = "Napište, co hledáte: třeba „zloděj“, „nejdelší cesta“ nebo „kolik karet odhodit“."
MESSAGE_TOO_LONG = (
    f"Dotaz je příliš dlouhý. Zkuste jedno nebo pár slov (nejvýše {MAX_QUERY_LENGTH} znaků)."
)
MESSAGE_NO_WORDS = "V dotazu není žádné slovo. Zkuste napsat třeba „zloděj“ nebo „přístav“."

# Folded; compared with a word's fold and with its folded lemma.
STOP_WORDS = frozenset(
    """
    a aby abych ale ani at az bez by byt co ci do i jak jaky jaka jake jako je jen jeho jeji
    jsem jsi jsou k kam kde kdo kdy kdyz ke kolik kolikrat ktery ktera ktere kteri lze mam
    mi mit mne moci muj muset musim muze muzu na nad nebo neni o od po pod pro proc pri s se
    si smet smim smi so ta tak take ten tento to tu u uz v ve vsak z za ze zda jit jde dat
    da mozne mozno potreba treba nejak neco nekdo co cim kym hned
    the a an of to in on is are how what when can do i my for with does
    """.split()
)

# A ratio ("2:1", "4:1") is one word: it names a kind of trade, its digits alone say nothing.
_WORD = re.compile(r"\d+:\d+|\w+")
# A sentence ends at . ! ? … before a capital, a digit or a quote; not after a number ("1. kolo")
# or a common abbreviation.
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ0-9„\"(])")
_ABBREVIATIONS = frozenset("tj např max min viz str atd resp cca tzn tzv apod č".split())
_SUFFIXES = sorted(
    """
    atech ovi ami emi ich ach ech ych ymi imi ove ovy eho emu ete eti ime ite iho imu
    ou um em om am at es is os us mi ym im a e i o u y
    """.split(),
    key=len,
    reverse=True,
)


@dataclass(frozen=True)
class Document:
    """What the index needs of one entry. Line n of text (a passage) is at anchors[n] on the
    entry's page, when anchors are given."""

    slug: str
    headword: str
    url: str
    text: str
    aliases: tuple[str, ...] = ()
    kind: str = "heslo"
    anchors: tuple[str, ...] = ()
    asides: frozenset[int] = frozenset()  # lines that only lead to the text: headings, notes
    editions: tuple[tuple[int, str], ...] = ()  # (line, box label) of other editions' lines


@dataclass
class Hit:
    document: Document
    score: float
    snippet_html: str  # HTML-escaped, matched words in <mark>
    snippet: str  # the same as plain text
    anchor: str = ""  # the id of the snippet's passage on the entry's page
    query: str = ""

    @property
    def slug(self) -> str:
        return self.document.slug

    @property
    def link(self) -> str:
        """The entry at the snippet's passage, the query's words highlighted (no JavaScript)."""
        highlight = f"?{HIGHLIGHT_PARAMETER}={quote_plus(self.query)}" if self.query else ""
        return self.url + highlight + (f"#{self.anchor}" if self.anchor else "")

    @property
    def headword(self) -> str:
        return self.document.headword

    @property
    def url(self) -> str:
        return self.document.url


@dataclass
class Results:
    query: str  # the query as searched (cleaned)
    hits: list[Hit] = field(default_factory=list)
    message: str = ""  # set when the query could not be searched at all
    closest: list[Document] = field(default_factory=list)  # when nothing was found


def clean_query(raw: str) -> tuple[str, str]:
    """Return (query, message): the query without control characters and extra spaces, and a
    friendly message when there is nothing to search for."""
    if len(raw) > MAX_QUERY_LENGTH:
        return "", MESSAGE_TOO_LONG
    text = unicodedata.normalize("NFC", raw)
    text = "".join(" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in text)
    text = " ".join(text.split())
    if not text:
        return "", MESSAGE_EMPTY
    if not _WORD.search(text):
        return text, MESSAGE_NO_WORDS
    return text, ""


@lru_cache(maxsize=50_000)
def _lemma(word: str) -> str:
    return fold(simplemma.lemmatize(word, lang="cs"))


def _stem(folded: str) -> str:
    """A light Czech stemmer on a folded word: strip one case ending, keep 3+ letters."""
    if len(folded) < 5:
        return folded
    for suffix in _SUFFIXES:
        if folded.endswith(suffix) and len(folded) - len(suffix) >= 3:
            return folded[: -len(suffix)]
    return folded


@lru_cache(maxsize=50_000)
def word_keys(word: str) -> dict[str, float]:
    """The keys of one word (lower case, as written) with their match quality."""
    folded = fold(word)
    keys = {folded: EXACT}
    for key, quality in ((_lemma(word), LEMMA), (_stem(folded), STEM)):
        keys.setdefault(key, quality)
    return keys


def _is_stop(word: str) -> bool:
    return fold(word) in STOP_WORDS or _lemma(word) in STOP_WORDS


def _deletes(word: str, depth: int) -> set[str]:
    found = {word}
    frontier = {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        found |= frontier
    return found


def _distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (a transposition is one edit), cut off at limit+1."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def _typo_budget(length: int) -> int:
    return 2 if length >= 8 else 1 if length >= 5 else 0


_Weight = tuple[int, int, float]  # a query term's rewrite, its position there, its weight


@dataclass
class _Term:
    word: str
    keys: dict[str, float]  # key -> quality


@dataclass
class _Asked:
    """What the snippets need to know of the query, worked out once for all hits."""

    weights: dict[str, list[_Weight]]  # key -> the query terms it matches, with weights
    term_counts: list[int]  # terms per rewrite of the query
    quantity: bool  # "kolik…": a figure in a sentence helps


@dataclass
class _Analysed:
    """One document, tokenised once at build time."""

    headword_keys: list[set[str]]  # one key set per content word of the headword
    alias_keys: list[list[set[str]]]  # per alias, per content word
    tokens: list[tuple[int, int, frozenset[str]]]  # text words: start, end, keys
    length: int
    sentences: list[tuple[int, int, int]]  # start, end, line (passage) number
    token_sentence: list[int]  # the sentence of each token
    keys: frozenset[str]  # every key of the text
    positions: dict[str, list[int]]  # key -> the tokens that have it
    figures: list[int]  # the tokens that are numbers

class SearchIndex:
    def __init__(self, documents: Iterable[Document], synonyms: dict[str, list[str]] | None = None):
        self.documents = list(documents)
        self._synonyms: dict[tuple[str, ...], list[list[str]]] = {}
        for phrase, targets in (load_synonyms() if synonyms is None else synonyms).items():
            self._add_synonym(phrase, targets)

        self._headword: dict[str, set[int]] = defaultdict(set)
        self._alias: dict[str, set[int]] = defaultdict(set)
        self._text: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        self._analysed: list[_Analysed] = []
        self._names: dict[frozenset[str], set[int]] = defaultdict(set)  # see _signature
        self._words: set[str] = set()  # folded words and lemmas: targets of prefixes and typos
        # A query word typed without diacritics meets the lemma of the text's word this way.
        self._lemmas_by_fold: dict[str, set[str]] = defaultdict(set)
        for number, document in enumerate(self.documents):
            self._analysed.append(self._analyse(number, document))

        total = len(self.documents)
        self._avg_length = sum(a.length for a in self._analysed) / max(total, 1)
        self._idf: dict[str, float] = {}
        for key in set(self._headword) | set(self._alias) | set(self._text):
            df = len(self._headword.get(key, set()) | self._alias.get(key, set())
                     | set(self._text.get(key, {})))
            self._idf[key] = math.log(1 + (total - df + 0.5) / (df + 0.5))
        # Rarity belongs to the word, not to its form: "vesnicemi" is rare, "vesnice" is not.
        for word, lemmas in self._lemmas_by_fold.items():
            caps = [self._idf[lemma] for lemma in lemmas if lemma in self._idf]
            if caps and word in self._idf:
                self._idf[word] = min(self._idf[word], max(caps))
        self._sorted_words = sorted(self._words)
        self._typo_index: dict[str, set[str]] = defaultdict(set)
        for word in self._words:
            if len(word) >= 4:
                for variant in _deletes(word, 2 if len(word) >= 6 else 1):
                    self._typo_index[variant].add(word)

    # --- building -------------------------------------------------------------------

    def _add_synonym(self, phrase: str, targets: str | list[str]) -> None:
        words = [w.lower() for w in _WORD.findall(phrase)]
        if not words:
            return
        targets = [targets] if isinstance(targets, str) else targets
        rewrites = [[w.lower() for w in _WORD.findall(target)] for target in targets]
        for key in {tuple(fold(w) for w in words), tuple(_lemma(w) for w in words)}:
            self._synonyms.setdefault(key, [])
            self._synonyms[key] += [r for r in rewrites if r and r not in self._synonyms[key]]

    def _analyse(self, number: int, document: Document) -> _Analysed:
        for name in (document.headword, *document.aliases):
            self._names[_signature(_WORD.findall(name.lower()))].add(number)
        headword_keys = []
        for word in _WORD.findall(document.headword.lower()):
            keys = self._index_word(word)
            for key in keys:
                self._headword[key].add(number)
            if not _is_stop(word):
                headword_keys.append(set(keys))
        alias_keys = []
        for alias in document.aliases:
            content = []
            for word in _WORD.findall(alias.lower()):
                keys = self._index_word(word)
                for key in keys:
                    self._alias[key].add(number)
                if not _is_stop(word):
                    content.append(set(keys))
            if content:
                alias_keys.append(content)
        tokens = []
        for match in _WORD.finditer(document.text):
            keys = self._index_word(match.group().lower())
            for key in keys:
                self._text[key][number] += 1
            tokens.append((match.start(), match.end(), frozenset(keys)))
        sentences = _sentences(document.text)
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
        figures = [i for i, (start, _, _) in enumerate(tokens) if document.text[start].isdigit()]
        return _Analysed(headword_keys, alias_keys, tokens, len(tokens), sentences,
                         token_sentence, frozenset(positions), dict(positions), figures)

    def _index_word(self, word: str) -> dict[str, float]:
        keys = word_keys(word)
        folded, lemma = fold(word), _lemma(word)
        self._words.update((folded, lemma))
        self._lemmas_by_fold[folded].add(lemma)
        return keys

    # --- querying -------------------------------------------------------------------

    def search(self, raw_query: str, limit: int = 10) -> Results:
        query, message = clean_query(raw_query)
        if message:
            return Results(query, message=message)
        words = [w.lower() for w in _WORD.findall(query)]
        typing = not raw_query[-1:].isspace()  # the last word may be unfinished

        best: dict[int, tuple[float, set[str]]] = {}
        all_terms: list[list[_Term]] = []
        for rewrite, weight in self._rewrites(words):
            terms = self._terms(rewrite, typing)
            all_terms.append(terms)
            named = self._names.get(_signature(rewrite), set())
            for number, (score, keys) in self._score(terms).items():
                score *= weight * (EXACT_NAME_BONUS if number in named else 1.0)
                if number not in best:
                    best[number] = (score, keys)
                else:  # the best score; every rewrite's words are marked in the snippet
                    best[number] = (max(score, best[number][0]), keys | best[number][1])

        if not best:
            return Results(query, closest=self.closest(query))
        top = max(score for score, _ in best.values())
        ranked = sorted(
            (item for item in best.items() if item[1][0] >= top * RELATIVE_CUTOFF),
            key=lambda item: (-item[1][0], self.documents[item[0]].headword),
        )[:limit]
        asked = _Asked(
            weights=self._term_weights(all_terms),
            term_counts=[len(terms) for terms in all_terms],
            quantity=any(fold(word) in QUANTITY_WORDS for word in words),
        )
        asking = any(fold(word) in QUESTION_WORDS for word in words)
        hits = []
        for number, (score, keys) in ranked:
            opening = not asking and self._names_only(number, all_terms)
            html, plain, line = self._snippet(number, keys, asked, opening)
            anchors = self.documents[number].anchors
            anchor = anchors[line] if line < len(anchors) else ""
            hits.append(Hit(self.documents[number], round(score, 3), html, plain, anchor, query))
        return Results(query, hits)

    def _names_only(self, number: int, all_terms: list[list[_Term]]) -> bool:
        """Does the query (as typed or rewritten) only name this entry, every word of it a
        word of the headword ("zlodeje", "nejvěčší vojsko", "přís")? Then the entry's opening
        is the answer, not some sentence that happens to repeat the name."""
        headword = set().union(*self._analysed[number].headword_keys)
        return any(
            terms and all(term.keys.keys() & headword for term in terms) for terms in all_terms
        )

    def highlight_keys(self, raw_query: str, slug: str) -> set[str]:
        """The keys of the query's words (as search() matches them) found in one entry."""
        query, message = clean_query(raw_query)
        document = next((n for n, d in enumerate(self.documents) if d.slug == slug), None)
        if message or document is None:
            return set()
        words = [w.lower() for w in _WORD.findall(query)]
        keys = {key for rewrite, _ in self._rewrites(words)
                for term in self._terms(rewrite, typing=False) for key in term.keys}
        return keys & self._analysed[document].keys

    def closest(self, query: str, count: int = 3) -> list[Document]:
        """The headwords that look most like the query (for "nothing found")."""
        folded = fold(query)

        def likeness(document: Document) -> float:
            names = [document.headword, *document.aliases]
            return max(difflib.SequenceMatcher(None, folded, fold(n)).ratio() for n in names)

        return sorted(self.documents, key=likeness, reverse=True)[:count]

    def _rewrites(self, words: list[str]) -> list[tuple[list[str], float]]:
        """The query as typed, plus the query with players' words replaced by the Almanach's."""
        rewrites = [(words, 1.0)]
        replaced_all = list(words)
        offset = 0
        i = 0
        while i < len(words):
            for n in (3, 2, 1):
                chunk = words[i : i + n]
                if len(chunk) < n:
                    continue
                targets = self._synonyms.get(tuple(fold(w) for w in chunk)) or self._synonyms.get(
                    tuple(_lemma(w) for w in chunk)
                )
                if targets:
                    for target in targets:
                        rewrites.append((words[:i] + target + words[i + n :], SYNONYM_REWRITE))
                    replaced_all[i + offset : i + offset + n] = targets[0]
                    offset += len(targets[0]) - n
                    i += n - 1
                    break
            i += 1
        if len(rewrites) > 2:
            rewrites.append((replaced_all, SYNONYM_REWRITE))
        return rewrites[:8]

    def _terms(self, words: list[str], typing: bool) -> list[_Term]:
        content = [w for w in words if not _is_stop(w)] or words
        terms = []
        for position, word in enumerate(content):
            keys = dict(word_keys(word))
            folded = fold(word)
            for lemma in self._lemmas_by_fold.get(folded, ()):
                keys.setdefault(lemma, LEMMA)
            known = folded in self._idf or _lemma(word) in self._idf
            last = position == len(content) - 1
            if (last and typing and len(folded) >= 2) or len(folded) >= 4:
                self._add_prefixes(folded, keys)
            if not known:
                self._add_typos(folded, keys)
            terms.append(_Term(word, keys))
        return terms

    def _add_prefixes(self, folded: str, keys: dict[str, float]) -> None:
        start = bisect_left(self._sorted_words, folded)
        for word in self._sorted_words[start : start + 60]:
            if not word.startswith(folded):
                break
            if word != folded:
                quality = 0.5 + 0.4 * len(folded) / len(word)
                keys[word] = max(keys.get(word, 0.0), quality)

    def _add_typos(self, folded: str, keys: dict[str, float]) -> None:
        budget = _typo_budget(len(folded))
        if not budget:
            return
        candidates: set[str] = set()
        for variant in _deletes(folded, budget):
            candidates |= self._typo_index.get(variant, set())
        for word in candidates:
            distance = _distance(folded, word, budget)
            if distance <= budget:
                quality = TYPO_1 if distance == 1 else TYPO_2
                keys[word] = max(keys.get(word, 0.0), quality)

    def _score(self, terms: list[_Term]) -> dict[int, tuple[float, set[str]]]:
        scores: dict[int, float] = defaultdict(float)
        matched_terms: dict[int, int] = defaultdict(int)
        matched_keys: dict[int, set[str]] = defaultdict(set)
        matchable = 0
        for term in terms:
            per_doc: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
            for key, quality in term.keys.items():
                idf = self._idf.get(key)
                if idf is None:
                    continue
                weight = idf * quality
                for number in self._headword.get(key, ()):
                    per_doc[number][0] = max(per_doc[number][0], weight)
                    matched_keys[number].add(key)
                for number in self._alias.get(key, ()):
                    per_doc[number][1] = max(per_doc[number][1], weight)
                    matched_keys[number].add(key)
                for number, tf in self._text.get(key, {}).items():
                    per_doc[number][2] = max(per_doc[number][2], weight * self._bm25(number, tf))
                    matched_keys[number].add(key)
            if per_doc:
                matchable += 1
            for number, (head, alias, text) in per_doc.items():
                scores[number] += HEADWORD_WEIGHT * head + ALIAS_WEIGHT * alias + TEXT_WEIGHT * text
                matched_terms[number] += 1

        result = {}
        for number, score in scores.items():
            analysed = self._analysed[number]
            keys = matched_keys[number]
            coverage = matched_terms[number] / matchable
            head = _covered(analysed.headword_keys, keys)
            alias = max((_covered(a, keys) for a in analysed.alias_keys), default=0.0)
            score *= (0.3 + 0.7 * coverage**2) * (1 + 0.8 * head**2) * (1 + 0.4 * alias**2)
            result[number] = (score, keys)
        return result

    def _bm25(self, number: int, tf: int, k1: float = 1.2, b: float = 0.5) -> float:
        length = self._analysed[number].length / self._avg_length
        return tf * (k1 + 1) / (tf + k1 * (1 - b + b * length))

    # --- snippets -------------------------------------------------------------------

    def _term_weights(self, all_terms: list[list[_Term]]) -> dict[str, list[_Weight]]:
        """key -> (rewrite, term, weight) for every query term that the key matches."""
        weights: dict[str, list[_Weight]] = defaultdict(list)
        for r, terms in enumerate(all_terms):
            for t, term in enumerate(terms):
                for key, quality in term.keys.items():
                    if key in self._idf:
                        weights[key].append((r, t, self._idf[key] * quality))
        return weights

    def _best_sentence(self, number: int, asked: _Asked) -> int | None:
        """The sentence that holds most of the query: rare words, all of them, side by side."""
        analysed = self._analysed[number]
        # The matched tokens only, through the entry's own key -> positions table.
        matched: dict[int, dict[tuple[int, int], float]] = defaultdict(dict)
        for key in asked.weights.keys() & analysed.keys:
            targets = asked.weights[key]
            for index in analysed.positions[key]:
                matches = matched[index]
                for r, t, weight in targets:
                    if weight > matches.get((r, t), 0.0):
                        matches[(r, t)] = weight
        found: dict[int, dict[tuple[int, int], float]] = defaultdict(dict)
        bonus: dict[int, float] = defaultdict(float)
        for index in sorted(matched):
            sentence = analysed.token_sentence[index]
            seen = found[sentence]
            previous = matched.get(index - 1, {})
            for (r, t), weight in matched[index].items():
                if weight > seen.get((r, t), 0.0):
                    seen[(r, t)] = weight
                if (r, t - 1) in previous:
                    bonus[sentence] += ADJACENT_BONUS * min(weight, previous[(r, t - 1)])
        figures = {analysed.token_sentence[i] for i in analysed.figures if asked.quantity}
        asides = self.documents[number].asides
        best, best_score = None, 0.0
        for sentence, seen in found.items():
            line = analysed.sentences[sentence][2]
            if line in asides:  # the site's words lead to an answer, they are not one
                continue
            # A short sentence often answers with the next one ("…je zloděj. Na začátku hry
            # stojí na poušti."): its words count too, at half weight.
            seen = dict(seen)
            following = sentence + 1
            if following < len(analysed.sentences) and analysed.sentences[following][2] == line:
                for term, weight in found.get(following, {}).items():
                    seen.setdefault(term, NEXT_SENTENCE_FACTOR * weight)
            by_rewrite: dict[int, list[float]] = defaultdict(list)
            for (r, _), weight in seen.items():
                by_rewrite[r].append(weight)
            score = max(
                sum(ws) * (0.4 + 0.6 * (len(ws) / asked.term_counts[r]) ** 2)
                for r, ws in by_rewrite.items()
            ) + bonus[sentence]
            if sentence in figures:
                score *= QUANTITY_FACTOR
            if score > best_score:  # ties: the earlier sentence
                best, best_score = sentence, score
        return best

    def _snippet(self, number: int, keys: set[str], asked: _Asked, opening: bool = False
                 ) -> tuple[str, str, int]:
        """(html, plain, line): the best sentence with neighbours from its passage (or the
        entry's opening, when the query just names it), the matched words marked, and the
        number of the passage (line) it comes from."""
        text = self.documents[number].text
        analysed = self._analysed[number]
        sentences = analysed.sentences
        chosen = None if opening else self._best_sentence(number, asked)
        first = last = chosen if chosen is not None else 0
        line = sentences[first][2]
        begin, end = sentences[first][0], sentences[first][1]
        if end - begin > SNIPPET_WIDTH:
            begin, end = self._window(number, first, keys)
        while end - begin < SNIPPET_MIN:
            after = last + 1 < len(sentences) and sentences[last + 1][2] == line
            before = first > 0 and sentences[first - 1][2] == line
            if after and sentences[last + 1][1] - begin <= SNIPPET_WIDTH:
                last += 1
                end = sentences[last][1]
            elif before and end - sentences[first - 1][0] <= SNIPPET_WIDTH:
                first -= 1
                begin = sentences[first][0]
            else:
                break
        line_start = text.rfind("\n", 0, begin) + 1
        line_end = text.find("\n", end)
        prefix = "…" if text[line_start:begin].strip() else ""
        # Another edition's words say so in the snippet too, not only at the top of their box.
        edition = dict(self.documents[number].editions).get(line, "")
        if begin == line_start and text.startswith(edition, line_start):
            edition = ""  # the line's own start already shows the label
        suffix = "…" if text[end : len(text) if line_end < 0 else line_end].strip() else ""
        html_parts = [prefix]
        position = begin
        first_token = bisect_left(analysed.tokens, (begin,))
        for token_start, token_end, token_keys in analysed.tokens[first_token:]:
            if token_end > end:
                break
            if not token_keys & keys:
                continue
            html_parts.append(escape(text[position:token_start]))
            html_parts.append(f"<mark>{escape(text[token_start:token_end])}</mark>")
            position = token_end
        html_parts.append(escape(text[position:end]))
        plain = " ".join((prefix + text[begin:end] + suffix).split())
        html = " ".join(("".join(html_parts) + suffix).split())
        if edition:
            plain = f"{edition}: {plain}"
            html = f'<span class="snippet-source">{escape(edition)}:</span> {html}'
        return html, plain, line

    def _window(self, number: int, sentence: int, keys: set[str]) -> tuple[int, int]:
        """A long sentence: the part of it with the most matched words, on word boundaries."""
        analysed = self._analysed[number]
        text = self.documents[number].text
        s_begin, s_end, _ = analysed.sentences[sentence]
        tokens = analysed.tokens
        hits = [i for i, (start, end, token_keys) in enumerate(tokens)
                if start >= s_begin and end <= s_end and token_keys & keys]
        start = s_begin
        if hits:
            start = tokens[max(_densest(tokens, hits, SNIPPET_WIDTH), key=lambda x: x[1])[0]][0]
        begin = max(s_begin, start - 40)
        if begin > s_begin:
            space = text.rfind(" ", s_begin, begin + 1)
            begin = space + 1 if space >= 0 and start - space < 80 else begin
        end = min(s_end, begin + SNIPPET_WIDTH)
        if end < s_end:
            space = text.rfind(" ", begin, end)
            end = space if space > begin else end
        return begin, end


def _densest(tokens, hits: list[int], width: int) -> list[tuple[int, int]]:
    """For each matched token: how many distinct matched words follow it within width chars."""
    spans = []
    for i, first in enumerate(hits):
        limit = tokens[first][0] + width - 60
        seen = set()
        for index in hits[i:]:
            if tokens[index][1] > limit:
                break
            seen.add(tokens[index][2])
        spans.append((first, len(seen)))
    return spans


def _sentences(text: str) -> list[tuple[int, int, int]]:
    """(start, end, line) of every sentence; a sentence never spans two lines (passages)."""
    sentences = []
    offset = 0
    for number, line in enumerate(text.split("\n")):
        start = 0
        for match in _SENTENCE_END.finditer(line):
            before = _WORD.findall(line[start : match.start()])
            if before and (before[-1].isdigit() or fold(before[-1]) in _ABBREVIATIONS):
                continue
            sentences.append((offset + start, offset + match.start(), number))
            start = match.end()
        sentences.append((offset + start, offset + len(line), number))
        offset += len(line) + 1
    return sentences


def mark(html: str, keys: set[str]) -> str:
    """Wrap the words of an HTML text whose keys are among keys in <mark> (tags, attributes
    and character references stay as they are)."""
    if not keys:
        return html
    out = []
    for part in re.split(r"(<[^>]*>)", html):
        if part.startswith("<"):
            out.append(part)
            continue
        out.append(_MARKABLE.sub(lambda match: _mark_word(match.group(), keys), part))
    return "".join(out)


_MARKABLE = re.compile(r"&#?\w+;|\d+:\d+|\w+")


def _mark_word(word: str, keys: set[str]) -> str:
    if word.startswith("&") or not word_keys(word.lower()).keys() & keys:
        return word
    return f"<mark>{word}</mark>"


def _signature(words: list[str]) -> frozenset[str]:
    """The lemmas of a name's content words: "karty vývoje" and "karta vývoje" are one name."""
    content = [w for w in words if not _is_stop(w)] or words
    return frozenset(_lemma(w) for w in content)


def _covered(parts: list[set[str]], keys: set[str]) -> float:
    """The share of a name's content words that the matched keys cover."""
    if not parts:
        return 0.0
    return sum(bool(part & keys) for part in parts) / len(parts)


@lru_cache(maxsize=1)
def load_synonyms(path: Path = SYNONYMS_PATH) -> dict[str, list[str]]:
    with path.open("rb") as file:
        table = tomllib.load(file)["slova"]
    return {phrase: [t] if isinstance(t, str) else list(t) for phrase, t in table.items()}


# --- The site's index: built from the Entry rows, rebuilt when they change -------------

_site_index: tuple[tuple, SearchIndex] | None = None


def site_index() -> SearchIndex:
    """The index of everything in the Entry table, cached in memory.

    One cheap query per call (row count and last change) tells whether load_content has
    changed the table since the index was built, in this process or in another one. When
    the rows changed but their content did not (a reload of the same files), the index stays.
    """
    global _site_index
    from django.db.models import Count, Max

    from almanach.models import Entry

    state = Entry.objects.aggregate(count=Count("id"), changed=Max("updated_at"))
    fingerprint = (state["count"], state["changed"])
    if _site_index is not None and _site_index[0] == fingerprint:
        return _site_index[1]
    documents = [document_for(entry) for entry in Entry.objects.order_by("sort_key")]
    if _site_index is not None and _site_index[1].documents == documents:
        index = _site_index[1]
    else:
        index = SearchIndex(documents)
    _site_index = (fingerprint, index)
    return index


def document_for(entry, url: str = "") -> Document:
    """An Entry (or a loader.Document, given its url) as the index sees it: the card texts
    count as part of the text."""
    lines = entry.plain.split("\n")
    anchors = [anchor(number) for number in range(1, len(lines) + 1)]
    asides = frozenset(int(heading or p) - 1 for heading, p in _ASIDE.findall(entry.html))
    editions = tuple(
        (int(number) - 1, unescape(box["label"]))
        for box in _EDITION_BOX.finditer(entry.html)
        for number in re.findall(r'id="odstavec-(\d+)"', box["body"])
    )
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
    )


# Passages in another edition's box; passages that are headings or the site's own words.
_EDITION_BOX = re.compile(
    r'<aside class="box edice[^"]*">\n<p class="box-label">(?P<label>[^<]*)</p>'
    r"(?P<body>.*?)</aside>",
    re.S,
)
_ASIDE = re.compile(r'<h2 id="odstavec-(\d+)"|<(?:p|li) id="odstavec-(\d+)" class="site-words"')


def index_from_files(url_for) -> SearchIndex:
    """The same index, straight from the data files (for the benchmark and tests)."""
    from almanach.loader import read_content

    content = read_content(url_for=url_for)
    return SearchIndex(document_for(doc, url_for(doc.slug)) for doc in content.documents)
