"""Search over the Almanach: a player's question answered by the passage that answers it.
Pure Python, no Django.

The unit of search is the passage (a paragraph, list item or card text: one line of an entry's
plain text), each with its entry and anchor; a result is an entry with its best passage, and
the snippet is that passage's answering sentence(s).

A query word matches a passage's word when one of their *keys* is equal. The keys of a word
are its folded form (lower case, no diacritics), the folded lemmas of the words the index has
seen in that folded form (simplemma, at build time), a light stem and, at a lower weight, the
word family (a derivational suffix off), so "zloděje", "zlodeje" and "Zloděj" meet, and so do
"přerušuje" and "přerušení". On top of that:

- the last word also matches as a prefix (as-you-type), words also with typos
  (1 edit for 5-7 letters, 2 for 8+, optimal string alignment on folded words; in 3-4
  letters only two neighbouring letters swapped, or in 4 one left out);
- synonyms: each entry's aliases are a field of their own, and a word-level table
  (synonyma.toml) rewrites players' words into the Almanach's (osada → vesnice);
- question words and filler ("kolik", "můžu", "co když") are dropped, rare words weigh more
  (IDF over passages); the question words still say what kind of passage and sentence answers
  ("kolik" one with a number, "kdy" a time, "smím" what may or may not be done, "kam" a place,
  "k čemu" what a thing is needed for);
- the frequent questions (Časté otázky) are matched too: a query close to one of them, or to a
  player's phrasing of it, lifts the passage its answer quotes.

A passage scores by its own words, its entry's headword and aliases and its section heading;
the share of the query's words it holds counts most. A page about a variant (Katan pro dva,
the differences between editions) and another edition's box win only when the query names
them or nothing else answers; a query that names an edition prefers that edition's box. A
query word weighs no more than its stem is rare (a rare form a prefix or an odd lemma reaches
does not make it rarer).

Entries rank by their best passage; inside an entry the passage shown is chosen by its best
sentence (_choose): the query's words in that sentence, those that only name the entry
("vesnice" in the entry Vesnice) counting less, the share of the other words it holds, a figure
for "kolik", a word of the asked kind for "kdy", "smím", "kam", an example ("Příklad: …") or
another edition's box counting less (a little less when the query uses a word the entry has
only in that box, "osada" in the digital glossary's); the passage's own score is a prior
beside it. A frequent
question's quoted answer, when one lifted the passage, is shown as it is.

Everything the ranking needs is exported by offline_index() and ranked the same way by
offline/static/js/offline-search.js; tests/browser/test_offline_browser.py compares the two.

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

# The ranking's numbers; offline_index() hands them to the offline search.
# Coordinate search (25 November 2026): each weight ×0.5, ×0.75, ×1.33, ×2 in turn, kept when
# top-1 + right passage + snippet answers on almanach/eval/tune.toml and
# tests/almanach/search_eval.toml together rose by 2 queries or more, checked on heldout.toml.
# It moved name_term 0.3 → 0.6 and quantity 1.5 → 3.0 (intent 1.3 → 1.7 gained nothing on
# heldout.toml and stays 1.3); a second pass over the later weights (prior, example, card,
# implied_box, edition, question, alias, headword, named…) kept them all.
# Coordinate search (27 November 2026) on the tune set alone (1174 questions, the players'
# questions per passage in place): each weight ×0.7, ×0.85, ×1.15, ×1.4 in turn, kept when
# right passage + snippet answers rose by 4 queries or more; two rounds. It moved text
# 1.0 → 1.4, question 5 → 7, passage_question 3 → 4.2 (the questions written for the passages
# lift them more), edition_lift 0.7 → 0.8, quantity 3 → 2.1, named 1.3 → 1.1, prior
# 0.25 → 0.35 and b 0.3 → 0.25 (implied_box 0.85 → 1.19 changed 1 query and stays). Tune: right
# passage 73.6 → 76.2 %, snippet answers 73.3 → 75.6 %; then the held-out set, once: right
# passage 70.3 → 72.4 %, snippet answers 70.6 → 72.4 %; the old set lost 2 queries.
# The same search again later that day, after six reviewers who read only the texts had
# completed the tune set's answer lists (every line that states the answer: 1427 fragments
# more; 43 of the 272 passage misses had shown a line that answers). Kept: alias
# 0.4 → 0.55, lemma 0.9 → 0.77, quantity 2.1 → 1.5 and intent 1.3 → 1.0 (the asked kind
# already counts when the sentence is chosen). Not kept, though they scored more: overview
# 0.5 → 0.98 and edition_lift 0.8 → 0.92, which bring the other booklet's and other editions'
# words before the site's own rule where both say the same (the issue asks for the site's rule
# first). Completed tune: right passage 80.5 → 80.9 %, snippet answers 81.1 → 81.8 %; the tune
# set as it was 76.8 → 77.1 % and 77.8 → 78.1 %; the old set lost 1 query (right passage).
WEIGHTS = {
    # Fields of a passage: its own text, its entry's headword and aliases, its section heading.
    "text": 1.4,
    "headword": 1.2,
    "alias": 0.55,
    "heading": 1.0,
    # A frequent question close to the query lifts the passage its answer quotes.
    "question": 7.0,
    # A passage's players' question (never shown) lifts its passage this much.
    "passage_question": 4.2,
    "question_power": 2,  # the share of the query's weight a phrasing holds, to this power
    # Match qualities of a query key: the word as typed, its lemma, its stem, a typo.
    "exact": 1.0,
    "lemma": 0.77,
    "stem": 0.8,
    "typo1": 0.7,
    "typo2": 0.5,
    "typo_stems": 1,  # typos also reach the stems of the index's words (1: on)
    "synonym": 0.95,
    # The same word family: "přerušení" and "přerušuje", "maximum" and "maximálně".
    "family": 0.65,
    # The query is exactly an entry's headword or one of its aliases (in any word forms).
    "name_bonus": 1.5,
    # A query word found only in the entry's names counts this much towards the share of the
    # query's words a passage holds (found in the passage or its heading: 1).
    "name_credit": 1.0,
    # A variant page or another edition's box the query does not name.
    "variant": 0.45,
    "overview": 0.5,
    "broad": 0.9,  # the other booklet's overview (Pravidla hry v kostce)
    "edition": 0.5,
    # A frequent or players' question lifts a passage in another edition's box this much less
    # (the site's rule first when it quotes both; a box alone often answers by itself).
    "edition_lift": 0.8,
    "edition_named": 1.5,  # another edition's box when the query names that edition
    # "Kolik…?" asks for a number: a passage with a figure in it answers more likely.
    "quantity": 1.5,
    # "Kdy…?", "smím…?", "kam…?": a passage with a word of that kind answers more likely.
    "intent": 1.0,
    # The query holds all the words of an entry's headword or of one of its aliases.
    "named": 1.1,
    # Results scoring under this share of the best one are noise, not answers.
    "cutoff": 0.06,
    # Choosing the passage within an entry: a query word that names the entry counts this
    # much in a sentence; the passage's own score (the prior) this much beside its best
    # sentence's.
    "name_term": 0.6,
    "prior": 0.35,
    "example": 0.7,  # a sentence of an example ("Příklad: …")
    "card": 0.7,  # a sentence of a card's text
    # A box whose words the query uses (a word the entry has only there): less behind.
    "implied_box": 0.85,
    # A query word's keys weigh at most as much as its stem is rare (1: on).
    "rarity_cap": 1,
    # BM25 saturation of a word's count in a passage.
    "k1": 0.8,
    "b": 0.25,
}
W = WEIGHTS
# Pages about another way to play or about the editions: the query has to ask for them.
VARIANT_PAGES = ("katan-pro-dva", "rozdily-mezi-vydanimi")
# Another booklet's rules retold in full (002): a little behind the Almanach's own entries.
# The page of rulings (Rozhodnutí mimo almanach) too: the site's words answer first only a
# question the texts leave open, never one the Almanach answers.
OVERVIEW_PAGES = ("pravidla-hry-v-kostce", "rozhodnuti")
# A page of quotations about many things at once, named by many aliases: a little behind.
BROAD_PAGES = ("krajiny-a-suroviny",)

# Snippets: a sentence's words next to each other as in the query count this much extra,
# the next sentence's words this much of their weight.
ADJACENT_BONUS = 0.5
NEXT_SENTENCE_FACTOR = 0.5
# A question ("kolik je přístavů") wants a sentence, even when its other words only name
# an entry; a bare name ("přístav") wants the entry's opening.
QUESTION_WORDS = frozenset(
    """
    kolik kolikrat kdy kde kam jak jaky jaka jake co proc ktery ktera ktere kdo muzu muze
    smim smi lze musim musi mam mohu cemu how what when where which who can does why
    """.split()
)
# "Kolik…?" asks for a number: a sentence with a figure in it answers more likely.
QUANTITY_WORDS = frozenset({"kolik", "kolikrat", "pocet", "many", "much"})
QUANTITY_FACTOR = 1.5
INTENT_FACTOR = 1.3
# What kind of sentence a question word asks for (folded): "kdy…?" a time, "smím…?" a rule of
# what may or may not be done, "kam/kde…?" a place. A passage with such a word answers more
# likely; the question words never rank entries by themselves.
INTENTS = {
    "when": (
        "kdy",
        "az teprve ihned okamzik okamziku kdykoli kdykoliv dokud pred behem nez pote "
        "nasledujicim pristim zacatku konci",
    ),
    "may": (
        "smi smim smime muzu muze mohu muzeme lze jde dovoleno",
        "smi smeji nesmi nesmeji lze nelze muze mohou nemuze nemohou dovoleno nedovoleno "
        "mozne nemozne zakazano pouze jen omezen omezeno omezena libovolne libovolnekrat",
    ),
    "where": (
        "kam kde",
        "kam kde poust pousti krizovatce krizovatku krizovatky vedle mezi sousedni sousedici "
        "okraji pobrezi hranici",
    ),
    # "K čemu je…?", "na co…?": a passage that says what a thing is needed or good for.
    "purpose": (
        "cemu na_co",
        "vyzadovan vyzadovana vyzadovano vyzadovany zapotrebi potreba budovani vystavbe "
        "vystavbu nakupu slouzi",
    ),
}
INTENT_ASKS = {word: name for name, (asks, _) in INTENTS.items() for word in asks.split()}
INTENT_HINTS = {name: frozenset(hints.split()) for name, (_, hints) in INTENTS.items()}
# Words that ask for another edition's text (folded).
EDITION_WORDS = frozenset(
    "001 002 004 vydani vydanim vydanich edice edici kompaktni kompaktnich digitalni "
    "digitalnim slovnicek verze verzi starsi starsim".split()
)
# Words that name one edition (folded) → its number, as in the boxes' labels ("Jiné vydání
# (001: …)"): a query that names it prefers that edition's box.
EDITION_NAMES = {
    "001": "001", "kompaktni": "001", "kompaktnich": "001", "kompaktnim": "001",
    "kompaktnimu": "001", "002": "002", "004": "004", "digitalni": "004", "digitalnim": "004",
    "digitalnich": "004", "digital": "004", "slovnicek": "004", "slovnicku": "004",
}
SNIPPET_WIDTH = 240  # at most, in characters
SNIPPET_MIN = 180  # a shorter best sentence takes its neighbours in the passage along
# The first result is the answer: its snippet takes more of its passage along, as much as a
# phone shows on its first screen under the question (tests/browser/test_almanach_browser.py).
ANSWER_WIDTH = 400
ANSWER_MIN = 300

MESSAGE_EMPTY = "Napište, co hledáte: třeba „zloděj“, „nejdelší cesta“ nebo „kolik karet odhodit“."
MESSAGE_TOO_LONG = (
    f"Dotaz je příliš dlouhý. Zkuste jedno nebo pár slov (nejvýše {MAX_QUERY_LENGTH} znaků)."
)
MESSAGE_NO_WORDS = "V dotazu není žádné slovo. Zkuste napsat třeba „zloděj“ nebo „přístav“."

# Folded; compared with a word's fold and with its folded lemmas. Question words and filler
# carry the question's intent, not its subject.
STOP_WORDS = frozenset(
    """
    a aby abych ale ani at az bez by byt co ci do i jak jaky jaka jake jako je jen jeho jeji
    jsem jsi jsou k kam kde kdo kdy kdyz ke kolik kolikrat ktery ktera ktere kteri lze mam
    mi mit mne moci muj muset musim muze muzu na nad nebo neni o od po pod pro proc pri s se
    si smet smim smi so ta tak take ten tento to tu u uz v ve vsak z za ze zda jit jde dat
    da mozne mozno potreba treba nejak neco nekdo cim kym hned
    potrebovat potrebuju potrebuji potrebujes potrebuje
    muzou muzeme muzete mohu mohou mohl mohla musis musime musite musej maji mas mame
    smis smime smite smeji smeju jde jdou slo sel dela delat udelat stane stava je jsou
    byl byla bylo budu bude budou jestli zda zdali proc nebo anebo ci prosim vlastne teda tedy
    porad jeste taky tez vubec presne normalne treba ok okay hele pls pak potom
    the a an of to in on is are how what when can do i my for with does
    """.split()
)

# A passage that is an example ("Příklad: …", "– Příklad: …").
_EXAMPLE = re.compile(r"[–\s]*Příklad\b")
# The anchors of card texts (document_for): "karta-rytir", "texty-karet".
_CARD_ANCHORS = ("karta-", "texty-karet")
# A ratio ("2:1", "4:1") is one word: it names a kind of trade, its digits alone say nothing.
_WORD = re.compile(r"\d+:\d+|\w+")
# A sentence ends at . ! ? … before a capital, a digit or a quote; not after a number ("1. kolo")
# or a common abbreviation.
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ0-9„\"(])")
_ABBREVIATIONS = frozenset("tj např max min viz str atd resp cca tzn tzv apod č".split())
_SUFFIXES = sorted(
    """
    atech ovi ami emi ama ich ach ech ych ymi imi ove ovy eho emu ete eti ime ite iho imu
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
    headings: frozenset[int] = frozenset()  # lines that are sub-headings


@dataclass(frozen=True)
class Question:
    """A frequent question as the search sees it: the site's wording, players' phrasings and
    the quotations (entry slug, exact text) that answer it. A passage's players' questions
    are Questions without a url: they lead to their passage but are never shown."""

    id: str
    text: str
    phrasings: tuple[str, ...]
    answers: tuple[tuple[str, str], ...]
    url: str = ""


@dataclass
class Hit:
    document: Document
    score: float
    snippet_html: str  # HTML-escaped, matched words in <mark>
    snippet: str  # the same as plain text
    anchor: str = ""  # the id of the snippet's passage on the entry's page
    query: str = ""
    line: int = 0  # the passage (line of the entry's text)
    question: Question | None = None  # the frequent question that led here, if one did

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

    @property
    def ruling(self):
        """The ruling (almanach.faq.Ruling) whose words this snippet shows, when it comes from
        the page of rulings, or None: the results page labels the snippet with the ruling's
        label ("Rozhodnutí mimo almanach") and source, so that it never passes for a
        quotation of the Almanach."""
        from almanach.faq import RULINGS_SLUG, ruling_at

        if self.slug != RULINGS_SLUG:
            return None
        return ruling_at(self.document.text.split("\n")[self.line])

    @property
    def ruling_note(self):
        """The ruling that departs from an Almanach sentence this snippet shows, or None: the
        results page shows its summary and source under the snippet, linked to the ruling
        (as the entry does, almanach/_ruling.html)."""
        from almanach.faq import RULINGS_SLUG, ruling_for

        return None if self.slug == RULINGS_SLUG else ruling_for(self.slug, self.snippet)


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


@lru_cache(maxsize=8192)
def _stem(folded: str) -> str:
    """A light Czech stemmer on a folded word: strip one case ending, keep 3+ letters."""
    if len(folded) < 5:
        return folded
    for suffix in _SUFFIXES:
        if folded.endswith(suffix) and len(folded) - len(suffix) >= 3:
            return folded[: -len(suffix)]
    return folded


DERIVATIONAL = sorted(
    """nout ovani ovat ovan eni ani ajici ujici aln eln ovn ost ick sk nik tel uj ov in it at et
    en il aj an iv n""".split(),
    key=len,
    reverse=True,
)


# Diminutives as players say them: "vesnička" → "vesnice", "silniček", "domeček" → "domek".
DIMINUTIVES = (("icek", "ic"), ("ick", "ic"), ("ecek", "ek"), ("eck", "ek"))


@lru_cache(maxsize=8192)
def _family(stem: str) -> str:
    """The word family of a stem: a diminutive undone or a derivational suffix off
    ("přerušení", "přerušuje" → "prerus"), keeping at least 4 letters; marked with "~" so it
    never equals a word."""
    for ending, base in DIMINUTIVES:
        if stem.endswith(ending) and len(stem) - len(ending) >= 3:
            return "~" + stem[: -len(ending)] + base
    for suffix in DERIVATIONAL:
        if stem.endswith(suffix):
            return "~" + (stem[: -len(suffix)] if len(stem) - len(suffix) >= 4 else stem)
    return "~" + stem


@lru_cache(maxsize=50_000)
def word_keys(word: str) -> dict[str, float]:
    """The keys of one word (lower case, as written) with their match quality, straight from
    simplemma: for marking words on an entry page."""
    folded = fold(word)
    keys = {folded: W["exact"]}
    stem = _stem(folded)
    for key, quality in ((_lemma(word), W["lemma"]), (stem, W["stem"])):
        keys.setdefault(key, quality)
    if W["family"]:
        keys.setdefault(_family(stem), W["family"])
    return keys


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


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


_LETTERS = "abcdefghijklmnopqrstuvwxyz"  # the letters of folded words


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
    intents: frozenset[str] = frozenset()  # "kdy…", "smím…", "kam…": see INTENTS
    terms: list[list["_Term"]] = field(default_factory=list)  # per rewrite, its terms
    edition_asked: bool = False
    boxes: frozenset[str] = frozenset()


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


class SearchIndex:
    def __init__(self, documents: Iterable[Document], synonyms: dict[str, list[str]] | None = None,
                 questions: Iterable[Question] = ()):
        self.documents = list(documents)
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
        self._sections: dict[int, list[int]] = defaultdict(list)  # heading -> its passages
        for number, document in enumerate(self.documents):
            self._analyse(number, document)

        # Frequent questions: each phrasing is a small text of its own.
        self._phrasings: list[_Phrasing] = []
        # key -> phrasing -> the phrasing's parts the key matches, as bits: scoring only ORs
        # integers.
        phrasing_bits: dict[str, dict[int, int]] = defaultdict(dict)
        self._cited: list[list[tuple[int, int, int]]] = []  # per question: passage, begin, end
        passage_at = {(p.document, p.line): i for i, p in enumerate(self._passages)}
        slugs = {d.slug: n for n, d in enumerate(self.documents)}
        for q, question in enumerate(self.questions):
            for phrasing in (question.text, *question.phrasings):
                parts = [set(self._index_word(w)) for w in _words(phrasing) if not self._is_stop(w)]
                if not parts:
                    continue
                number = len(self._phrasings)
                for i, part in enumerate(parts):
                    for key in part:
                        by_phrasing = phrasing_bits[key]
                        by_phrasing[number] = by_phrasing.get(number, 0) | 1 << i
                self._phrasings.append(_Phrasing(q, parts))
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
        for word, lemmas in self._lemmas.items():
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

    def keys(self, word: str) -> dict[str, float]:
        """The keys of one word (lower case), with their match quality."""
        folded = fold(word)
        keys = {folded: W["exact"]}
        for lemma in self._lemmas.get(folded, ()):
            keys.setdefault(lemma, W["lemma"])
        stem = _stem(folded)
        keys.setdefault(stem, W["stem"])
        if W["family"]:
            keys.setdefault(_family(stem), W["family"])
        return keys

    def _canonical(self, word: str) -> str:
        folded = fold(word)
        lemmas = self._lemmas.get(folded)
        return lemmas[0] if lemmas else folded

    def _is_stop(self, word: str) -> bool:
        folded = fold(word)
        return folded in STOP_WORDS or any(m in STOP_WORDS for m in self._lemmas.get(folded, ()))

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

    def _signature(self, words: list[str]) -> frozenset[str]:
        """The lemmas of a name's content words: "karty vývoje" and "karta vývoje" are one."""
        content = [w for w in words if not self._is_stop(w)] or words
        return frozenset(self._canonical(w) for w in content)

    def export(self) -> dict:
        """Everything offline-search.js needs to rank exactly as search() does: the
        texts (it tokenises them the same way), the lemma table, the synonyms, the vocabulary
        and the ranking's numbers."""
        return {
            "weights": W,
            "variantPages": list(VARIANT_PAGES),
            "overviewPages": list(OVERVIEW_PAGES),
            "broadPages": list(BROAD_PAGES),
            "stopWords": sorted(STOP_WORDS),
            "questionWords": sorted(QUESTION_WORDS),
            "quantityWords": sorted(QUANTITY_WORDS),
            "intentAsks": dict(sorted(INTENT_ASKS.items())),
            "intentHints": {name: sorted(words) for name, words in INTENT_HINTS.items()},
            "editionWords": sorted(EDITION_WORDS),
            "editionNames": EDITION_NAMES,
            "abbreviations": sorted(_ABBREVIATIONS),
            "sentence": {"adjacent": ADJACENT_BONUS, "next": NEXT_SENTENCE_FACTOR,
                         "quantity": QUANTITY_FACTOR, "intent": INTENT_FACTOR},
            "suffixes": _SUFFIXES,
            "derivational": DERIVATIONAL,
            "diminutives": DIMINUTIVES,
            "maxQueryLength": MAX_QUERY_LENGTH,
            "lemmas": self._lemmas,
            "synonyms": {" ".join(key): value for key, value in self._synonyms.items()},
            "words": self._sorted_words,
            "documents": [
                {
                    "slug": d.slug,
                    "headword": d.headword,
                    "url": d.url,
                    "aliases": list(d.aliases),
                    "text": d.text,
                    "anchors": list(d.anchors),
                    "asides": sorted(d.asides),
                    "editions": [[line, label] for line, label in d.editions],
                    "headings": sorted(d.headings),
                }
                for d in self.documents
            ],
            "questions": [
                {"id": q.id, "text": q.text, "url": q.url, "phrasings": list(q.phrasings),
                 "cited": [list(c) for c in cited]}
                for q, cited in zip(self.questions, self._cited, strict=True)
            ],
        }

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
        intents = frozenset(INTENT_ASKS[word] for word in asks if word in INTENT_ASKS)
        asking = any(word in QUESTION_WORDS for word in folded)

        best: dict[int, tuple[float, set[str], int]] = {}  # passage -> score, keys, question
        summed: dict[int, float] = defaultdict(float)  # passage -> its scores over rewrites
        all_terms: list[list[_Term]] = []
        named_docs: set[int] = set()
        mentions: set[int] = set()  # passages whose own words match
        exactly_named: set[int] = set()  # the query is one of their names
        for rewrite, weight in self._rewrites(words):
            terms = self._terms(rewrite, typing)
            all_terms.append(terms)
            if all_terms[0] and len(terms) > len(all_terms[0]):
                # More words score more: a longer rewrite counts as long as the query.
                weight *= len(all_terms[0]) / len(terms)
            exactly_named |= self._names.get(self._signature(rewrite), set())
            # One word as typed names a topic: no question is lifted by its rewrites either.
            scored, names_matched, texted = self._score(terms, edition_asked, quantity,
                                                         intents, boxes, len(all_terms[0]) > 1)
            named_docs |= names_matched
            mentions |= texted
            for passage, (score, keys, question) in scored.items():
                score *= weight
                summed[passage] += score
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
            if info.document not in named_docs:
                if info.document in self._variant and not edition_asked:
                    score *= W["variant"]
                elif info.document in self._overview:
                    score *= W["overview"]
                elif info.document in self._broad:
                    score *= W["broad"]
            if info.document in named_docs:
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
            ))
        return Results(query, hits)

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
                targets = (
                    self._synonyms.get(tuple(fold(w) for w in chunk))
                    or self._synonyms.get(tuple(self._canonical(w) for w in chunk))
                    or self._synonyms.get(tuple(_family(_stem(fold(w))) for w in chunk))
                )
                if targets:
                    for target in targets:
                        rewrites.append((words[:i] + target + words[i + n :], W["synonym"]))
                    replaced_all[i + offset : i + offset + n] = targets[0]
                    offset += len(targets[0]) - n
                    i += n - 1
                    break
            i += 1
        if len(rewrites) > 2:
            rewrites.append((replaced_all, W["synonym"]))
        return rewrites[:8]

    def _terms(self, words: list[str], typing: bool) -> list[_Term]:
        content = [w for w in words if not self._is_stop(w)] or words
        terms = []
        for position, word in enumerate(content):
            keys = self.keys(word)
            folded = fold(word)
            known = folded in self._idf or any(m in self._idf for m in self._lemmas.get(folded, ()))
            last = position == len(content) - 1
            if (last and typing and len(folded) >= 2) or len(folded) >= 4:
                self._add_prefixes(folded, keys)
            if not known:
                self._add_typos(folded, keys)
            # Rarity belongs to the word: a rare form it reaches (a prefix's "hráčova", an odd
            # lemma) weighs no more than the word's own stem.
            cap = self._idf.get(_stem(folded)) if W["rarity_cap"] else None
            if cap is not None:
                for key, quality in keys.items():
                    idf = self._idf.get(key)
                    if idf is not None and idf > cap:
                        keys[key] = quality * cap / idf
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
            self._add_short_typos(folded, keys)
            return
        candidates: set[str] = set()
        for variant in _deletes(folded, budget):
            candidates |= self._typo_index.get(variant, set())
        for word in candidates:
            distance = _distance(folded, word, budget)
            if distance <= budget:
                quality = W["typo1"] if distance == 1 else W["typo2"]
                keys[word] = max(keys.get(word, 0.0), quality)

    def _add_short_typos(self, folded: str, keys: dict[str, float]) -> None:
        """A word of 3 or 4 letters is one edit from too many words to guess freely: only two
        neighbouring letters swapped ("bdou" for "bodu") or, in 4 letters, one left out
        ("msto" for "mesto") reach a word of the index. Only for a word the index does not
        know: "dav" is the stem of "dává", so it never becomes "dva"."""
        if not 3 <= len(folded) <= 4:
            return
        found = {folded[:i] + folded[i + 1] + folded[i] + folded[i + 2 :]
                 for i in range(len(folded) - 1)}
        if len(folded) == 4:
            found |= {folded[:i] + letter + folded[i:]
                      for i in range(len(folded) + 1) for letter in _LETTERS}
        for word in sorted(found & self._typo_targets - {folded}):
            keys[word] = max(keys.get(word, 0.0), W["typo1"])

    def _score(self, terms: list[_Term], edition_asked: bool = False, quantity: bool = False,
               intents: frozenset[str] = frozenset(), boxes: frozenset[str] = frozenset(),
               asks: bool = True
               ) -> tuple[dict[int, tuple[float, set[str], int]], set[int], set[int]]:
        """passage -> (score, matched keys, the question that lifted it or -1); and the
        documents the query names; and the passages whose own words match.

        A term's value in a passage: its own text, plus its section heading's, plus its entry's
        headword and aliases (added in this order; the offline search adds the same way)."""
        scores: dict[int, float] = defaultdict(float)
        matched_terms: dict[int, float] = defaultdict(float)
        matched_keys: dict[int, set[str]] = defaultdict(set)
        phrasing_scores: dict[int, float] = defaultdict(float)
        phrasing_terms: dict[int, int] = defaultdict(int)
        phrasing_parts: dict[int, int] = defaultdict(int)  # phrasing -> its matched parts, as bits
        name_matched: dict[int, set[str]] = defaultdict(set)
        name_scores: dict[int, float] = defaultdict(float)
        texted: set[int] = set()
        phrasing_weight: dict[int, float] = defaultdict(float)
        total_weight = 0.0
        matchable = 0
        k1 = W["k1"] + 1
        norms = self._norms()
        for term in terms:
            text: dict[int, float] = {}
            head: dict[int, float] = {}
            alias: dict[int, float] = {}
            name_keys: dict[int, set[str]] = defaultdict(set)
            asked: dict[int, float] = {}
            for key, quality in term.keys.items():
                idf = self._idf.get(key)
                if idf is None:
                    continue
                weight = idf * quality
                for passage, tf in self._text.get(key, {}).items():
                    value = weight * (tf * k1 / (tf + norms[passage]))
                    if value > text.get(passage, 0.0):
                        text[passage] = value
                    matched_keys[passage].add(key)
                for number in self._headword.get(key, ()):
                    head[number] = max(head.get(number, 0.0), weight)
                    name_keys[number].add(key)
                for number in self._alias.get(key, ()):
                    alias[number] = max(alias.get(number, 0.0), weight)
                    name_keys[number].add(key)
                for phrasing, bits in self._phrasing_bits.get(key, ()):
                    if weight > asked.get(phrasing, 0.0):
                        asked[phrasing] = weight
                    phrasing_parts[phrasing] |= bits
            if text or head or alias or asked:
                matchable += 1
            term_weight = max((self._idf[k] * q for k, q in term.keys.items() if k in self._idf),
                              default=0.0)
            total_weight += term_weight
            texted.update(text)
            touched = {passage: W["text"] * value for passage, value in text.items()}
            found = set(touched)
            for heading, value in text.items():
                for passage in self._sections.get(heading, ()):
                    touched[passage] = touched.get(passage, 0.0) + W["heading"] * value
                    found.add(passage)
            for passage, value in touched.items():
                scores[passage] += value
            for number in sorted(head.keys() | alias.keys()):
                name_matched[number] |= name_keys[number]
                value = W["headword"] * head.get(number, 0.0) + W["alias"] * alias.get(number, 0.0)
                for passage in self._document_passages(number):
                    name_scores[passage] += value
                    if passage not in found:
                        found.add(passage)
                        matched_terms[passage] += W["name_credit"]
            for passage in touched:
                matched_terms[passage] += 1.0
            for phrasing, value in asked.items():
                phrasing_scores[phrasing] += value
                phrasing_terms[phrasing] += 1
                phrasing_weight[phrasing] += term_weight

        # The entries the query names: all the words of their headword or of an alias.
        named = {
            number for number, keys in name_matched.items()
            if any(parts and all(part & keys for part in parts)
                   for parts in (self._headword_parts[number], *self._alias_parts[number]))
        }
        result: dict[int, tuple[float, set[str], int]] = {}
        if not matchable:
            return result, named, texted
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
        for phrasing, score in phrasing_scores.items():
            matched_parts = phrasing_parts[phrasing].bit_count()
            if not asks or phrasing_terms[phrasing] < 2 or matched_parts < 2:
                continue  # one word names a topic, it does not ask its question
            info = self._phrasings[phrasing]
            coverage = phrasing_weight[phrasing] / total_weight  # the query's rare words count
            covered = matched_parts / len(info.keys)
            weight = W["question"] if self.questions[info.question].url else W["passage_question"]
            value = weight * score * coverage ** W["question_power"] * (covered * covered)
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
        return result, named, texted

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

    def _sentence_scores(self, number: int, asked: _Asked, line: int | None = None
                         ) -> dict[int, float]:
        """sentence -> how well it answers the query, for the sentences of one passage (line)
        or of the whole entry: the rare words of the query, all of them, side by side; the
        words that only name the entry count less (every sentence of it is about that);
        a figure for "kolik…", a word of the asked kind for "kdy…", "smím…", "kam…"."""
        analysed = self._analysed[number]
        starts = analysed.line_starts
        if line is None:
            low, high = 0, len(analysed.tokens)
        else:
            low = bisect_left(analysed.tokens, (starts[line],))
            high = bisect_left(analysed.tokens, (starts[line + 1],)) if line + 1 < len(
                starts) else len(analysed.tokens)
        names = self._name_keys[number]
        factors = [[W["name_term"] if term.keys.keys() & names else 1.0 for term in terms]
                   for terms in asked.terms]
        # The share of the query a sentence holds is the share of the words that do not
        # name the entry (of all of them when they all do).
        totals = []
        for fs, terms in zip(factors, asked.terms, strict=True):
            rest = sum(self._term_weight(t) for f, t in zip(fs, terms, strict=True) if f == 1.0)
            totals.append(rest or sum(self._term_weight(t) for t in terms))
        matched: dict[int, dict[tuple[int, int], float]] = defaultdict(dict)
        for key in asked.weights.keys() & analysed.keys:
            targets = asked.weights[key]
            positions = analysed.positions[key]
            for index in positions[bisect_left(positions, low):bisect_left(positions, high)]:
                matches = matched[index]
                for r, t, weight in targets:
                    weight *= factors[r][t]
                    if weight > matches.get((r, t), 0.0):
                        matches[(r, t)] = weight
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
        document = self.documents[number]
        asides = document.asides
        boxes = dict(document.editions)
        implied = self._implied_boxes(number, asked, boxes)
        scores = {}
        for sentence in sorted(found):
            sentence_line = analysed.sentences[sentence][2]
            if sentence_line in asides or (line is not None and sentence_line != line):
                continue
            # A short sentence often answers with the next one ("…je zloděj. Na začátku hry
            # stojí na poušti."): its words count too, at half weight.
            seen = dict(found[sentence])
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
        for key in asked.weights.keys() & analysed.keys:
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

    def _snippet(self, number: int, keys: set[str], asked: _Asked, line: int,
                 focus: tuple[int, int] | None = None, opening: bool = False,
                 width: int = SNIPPET_WIDTH, minimum: int = SNIPPET_MIN,
                 follow: bool = False) -> tuple[str, str]:
        """(html, plain): the passage's best sentence with neighbours from the passage (or the
        sentences of a quotation, focus; or its first, opening), the matched words marked;
        follow (the first result): the paragraphs after a passage that ends early, as fits."""
        text = self.documents[number].text
        analysed = self._analysed[number]
        sentences = analysed.sentences
        in_line = [i for i, s in enumerate(sentences) if s[2] == line]
        if focus:  # the quotation's sentences; of a long one, its best sentence
            inside = [i for i in in_line
                      if sentences[i][1] > focus[0] and sentences[i][0] < focus[1]] or in_line[:1]
            first, last = inside[0], inside[-1]
            if sentences[last][1] - sentences[first][0] > width:
                chosen = self._best_sentence(number, asked, line)
                first = last = chosen if chosen in inside else inside[0]
        else:
            chosen = None if opening else self._best_sentence(number, asked, line)
            first = last = chosen if chosen is not None else in_line[0]
        begin, end = sentences[first][0], sentences[last][1]
        if end - begin > width and not focus:
            begin, end = self._window(number, first, keys, width)
        elif end - begin > width:  # a long quotation: its start
            space = text.rfind(" ", begin, begin + width)
            end = space if space > begin else begin + width
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
                if after and not focus:  # the next sentence's start, as much as fits
                    space = text.rfind(" ", end + 1, begin + SNIPPET_WIDTH)
                    end = space if space > end else end
                break
        # The first result, the answer: the sentences that follow in its passage, as many as fit.
        while (end - begin < minimum and last + 1 < len(sentences)
               and sentences[last + 1][2] == line and sentences[last + 1][1] - begin <= width):
            last += 1
            end = sentences[last][1]
        # Its passage said all it has after the answer: the sentences before it in the passage
        # come along up to the minimum (they often hold the rule the answer goes on from).
        while (end - begin < minimum and first > 0 and sentences[first - 1][2] == line
               and end - sentences[first - 1][0] <= width):
            first -= 1
            begin = sentences[first][0]
        # A short line that a list follows ("19 dílů krajiny" – "les (4)" – …): the list
        # items come along, as much as fits (after an item: the items that follow it).
        while end - begin < minimum and text.startswith("\n– ", end):
            following = text.find("\n", end + 1)
            following = len(text) if following < 0 else following
            if following - begin > width:
                break
            end = following
        if follow:
            end = self._follow(number, line, sentences, begin, end, width)
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
        return html, plain

    def _follow(self, number: int, line: int, sentences: list[tuple[int, int, int]],
                begin: int, end: int, width: int) -> int:
        """The first result, the answer: where it ends when a passage shown to its end goes on
        into the paragraphs after it, whole sentences as long as they fit. Only within the
        entry's own text: never into a heading or the site's words, and never into or out of
        another edition's box (its label heads the whole snippet)."""
        text = self.documents[number].text
        first = self._first_passage[number]

        def own_text(n: int) -> bool:  # as offline-search.js's own()
            info = self._passages[first + n]
            return info.eligible and not info.edition and info.section != first + n

        line_end = text.find("\n", end)
        if not own_text(line) or text[end:None if line_end < 0 else line_end].strip():
            return end  # another edition's box, or a passage not shown to its end
        last = bisect_left(sentences, (end,)) - 1  # the passage's last sentence
        while last + 1 < len(sentences) and sentences[last + 1][1] - begin <= width:
            following = sentences[last + 1][2]
            if following != sentences[last][2] and not (following == sentences[last][2] + 1
                                                        and own_text(following)):
                break
            last += 1
        return max(end, sentences[last][1])

    def _window(self, number: int, sentence: int, keys: set[str],
                width: int = SNIPPET_WIDTH) -> tuple[int, int]:
        """A long sentence: the part of it with the most matched words, on word boundaries."""
        analysed = self._analysed[number]
        text = self.documents[number].text
        s_begin, s_end, _ = analysed.sentences[sentence]
        tokens = analysed.tokens
        hits = [i for i, (start, end, token_keys) in enumerate(tokens)
                if start >= s_begin and end <= s_end and token_keys & keys]
        start = s_begin
        if hits:
            start = tokens[max(_densest(tokens, hits, width), key=lambda x: x[1])[0]][0]
        begin = max(s_begin, start - 40)
        if begin > s_begin:
            space = text.rfind(" ", s_begin, begin + 1)
            begin = space + 1 if space >= 0 and start - space < 80 else begin
        end = min(s_end, begin + width)
        if end < s_end:
            space = text.rfind(" ", begin, end)
            end = space if space > begin else end
        return begin, end


def _edition_number(label: str) -> str:
    """ "Jiné vydání (001: kompaktní pravidla)" → "001"."""
    found = re.search(r"\((\d{3})", label)
    return found.group(1) if found else ""


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
    from django.urls import reverse

    documents = [document_for(entry) for entry in Entry.objects.order_by("sort_key")]
    index = _index_of(documents, frequent_questions(reverse("almanach:faq")))
    _site_index = (fingerprint, index)
    return index


# The last index built, from the Entry rows or straight from the files: the same documents
# and questions give the same index, however they were read (a reload of the same files, or a
# test process that reads both ways, builds it once).
_last_built: SearchIndex | None = None


def _index_of(documents: list[Document], questions: list[Question]) -> SearchIndex:
    global _last_built
    last = _last_built
    if last is None or last.documents != documents or last.questions != questions:
        last = _last_built = SearchIndex(documents, questions=questions)
    return last


def document_for(entry, url: str = "") -> Document:
    """An Entry (or a loader.Document, given its url) as the index sees it: the card texts
    count as part of the text."""
    lines = entry.plain.split("\n")
    anchors = [anchor(number) for number in range(1, len(lines) + 1)]
    asides = frozenset(int(heading or p) - 1 for heading, p in _ASIDE.findall(entry.html))
    headings = frozenset(int(number) - 1 for number in _HEADING.findall(entry.html))
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
        headings=headings,
    )


# Passages in another edition's box; passages that are headings or the site's own words.
_EDITION_BOX = re.compile(
    r'<aside class="box edice[^"]*">\n<p class="box-label">(?P<label>[^<]*)</p>'
    r"(?P<body>.*?)</aside>",
    re.S,
)
_HEADING = re.compile(r'<h2 id="odstavec-(\d+)"')
_ASIDE = re.compile(r'<h2 id="odstavec-(\d+)"|<(?:p|li) id="odstavec-(\d+)" class="site-words"')


def index_from_files(url_for, faq_url: str = "/almanach/caste-otazky/") -> SearchIndex:
    """The same index, straight from the data files (for the benchmark and tests)."""
    from almanach.loader import read_content

    content = read_content(url_for=url_for)
    return _index_of([document_for(doc, url_for(doc.slug)) for doc in content.documents],
                     frequent_questions(faq_url))


def frequent_questions(page_url: str) -> list[Question]:
    """The Časté otázky as the index sees them, each linked at its place on page_url, then
    the players' questions per passage (no url: they are never shown). A question answered by
    a ruling alone leads to the ruling's summary on the page of rulings (one that quotes the
    Almanach too leads to the quotation: the snippet then carries the ruling, Hit.ruling_note)."""
    from almanach.faq import RULINGS_SLUG, read_passage_questions, read_questions, ruling_by_id

    def cited(item) -> tuple[tuple[str, str], ...]:
        ruling = ruling_by_id(item.ruling) if item.ruling else None
        quoted = tuple((answer.slug, answer.text) for answer in item.answers)
        return quoted or (((RULINGS_SLUG, ruling.passage),) if ruling else ())

    return [
        Question(item.id, item.text, item.phrasings, cited(item), f"{page_url}#{item.id}")
        for item in read_questions()
    ] + [
        Question(f"pasaz-{number}", item.phrasings[0], item.phrasings[1:],
                 ((item.quotation.slug, item.quotation.text),))
        for number, item in enumerate(read_passage_questions(), start=1)
    ]
