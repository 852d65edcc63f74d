"""Fact cards: a question about a quantity or a fixed fact of the game gets a short answer.

"Kolik stojí město?", "kolik je rytířů", "která krajina nic nevynáší": a ranker over
paragraphs often shows the wrong one, while the engine knows the figure exactly. card_for()
recognises such a question and returns a FactCard: the figure in the site's words, taken from
the engine's constants (never typed twice), with the Almanach's sentence that states it and
the link to that sentence. Any other question gets None: a card on a question that does not
ask for it is worse than no card.

The questions each card answers, its phrasings and its quotation live in
almanach/content/fakta.toml; the offline search runs the same matcher in JavaScript
(offline/static/js/offline-facts.js) over offline_data(). Pure Python, no Django.
"""

from __future__ import annotations

import re
import time
import tomllib
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from html import unescape
from pathlib import Path

from almanach import markup
from engine import words
from engine.constants import (
    BANK_TRADE_RATE,
    CARDS_PER_RESOURCE,
    CITY_COST,
    CITY_POINTS,
    CITY_YIELD,
    COLORS,
    DECK_COMPOSITION,
    DEV_CARD_COST,
    DISCARD_ABOVE,
    GENERIC_HARBOR,
    GENERIC_HARBOR_RATE,
    KNIGHT,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    MONOPOLY,
    RESOURCES,
    ROAD_BUILDING,
    ROAD_COST,
    SETTLEMENT_COST,
    SETTLEMENT_POINTS,
    SETTLEMENT_YIELD,
    SPECIAL_CARD_POINTS,
    SPECIAL_HARBOR_RATE,
    STANDARD_HARBORS,
    TERRAIN_COUNTS,
    TERRAIN_RESOURCE,
    TERRAINS,
    TOKENS,
    TRADE_CARDS,
    TRADE_CARDS_MAX,
    TRADE_CARDS_START,
    VICTORY_POINT,
    VICTORY_POINT_CARD_POINTS,
    YEAR_OF_PLENTY,
)
from engine.options import Rules

# The Almanach's data files (almanach.loader reads them for the site; it reaches Django when
# it fills the database, so this module reads the few entries it quotes itself).
CONTENT_DIR = Path(__file__).resolve().parent / "content"
ENTRY_DIRS = {"heslo": "hesla", "stranka": "stranky"}
DATA_PATH = CONTENT_DIR / "fakta.toml"
ENTRY_URL = "/almanach/{slug}/"
MAX_QUERY = 200  # characters: a longer text is not a question about one figure
# ASCII classes only, so that offline-facts.js (whose \d and \s differ) splits the same way.
_TOKEN = re.compile(r"[0-9]+:[0-9]+|[a-z0-9]+")
_RATIO_SPACES = re.compile(r"([0-9])[ \t\n\r\f\v]*:[ \t\n\r\f\v]*([0-9])")

# Number nouns ("kolik je šestek"): folded prefixes and the number each names.
NUMBER_WORDS = (
    ("dvojk", 2), ("trojk", 3), ("ctyrk", 4), ("petk", 5), ("petek", 5), ("sestk", 6),
    ("sestek", 6), ("sedmick", 7), ("osmick", 8), ("devitk", 9), ("devitek", 9),
    ("desitk", 10), ("desitek", 10), ("jedenactk", 11), ("jedenactek", 11),
    ("dvanactk", 12), ("dvanactek", 12),
    # A count in words ("mám devět karet"): the teens before the stems they start with.
    ("trinact", 13), ("ctrnact", 14), ("patnact", 15), ("sestnact", 16), ("sedmnact", 17),
    ("osmnact", 18), ("devatenact", 19), ("jedenact", 11), ("dvanact", 12), ("dvacet", 20),
    ("osm", 8), ("devet", 9), ("deset", 10),
)


def _cost_items(cost: tuple[int, ...]) -> list[tuple[str, int]]:
    """The resources of a cost, the largest count first ('3 rudy a 2 obilí', as the texts
    say it), otherwise in the order of RESOURCES."""
    items = [(r, n) for r, n in zip(RESOURCES, cost, strict=True) if n]
    return sorted(items, key=lambda item: -item[1])


def _cost_accusative(cost: tuple[int, ...]) -> str:
    """'1 cihlu a 1 dřevo': what a thing costs, in a sentence."""
    return words.join([words.count_resource(r, n) for r, n in _cost_items(cost)])


def _cost_nominative(cost: tuple[int, ...]) -> str:
    """'1 cihla + 1 dřevo', for a table row."""
    return " + ".join(words.count_resource(r, n, case="nom") for r, n in _cost_items(cost))


_DESERT = next(t for t in TERRAINS if TERRAIN_RESOURCE[t] is None)

# Every figure a card states, read from the engine. tests/almanach/test_facts.py checks that
# each card's quotation states the same figures.
FIGURES: dict[str, object] = {
    "cost_road": ROAD_COST,
    "cost_settlement": SETTLEMENT_COST,
    "cost_city": CITY_COST,
    "cost_dev_card": DEV_CARD_COST,
    "max_roads": MAX_ROADS,
    "max_settlements": MAX_SETTLEMENTS,
    "max_cities": MAX_CITIES,
    "colors": len(COLORS),
    "box_roads": MAX_ROADS * len(COLORS),
    "box_settlements": MAX_SETTLEMENTS * len(COLORS),
    "box_cities": MAX_CITIES * len(COLORS),
    "win": Rules().victory_points_to_win,
    "settlement_points": SETTLEMENT_POINTS,
    "city_points": CITY_POINTS,
    "special_points": SPECIAL_CARD_POINTS,
    "vp_card_points": VICTORY_POINT_CARD_POINTS,
    "longest_road_min": LONGEST_ROAD_MIN,
    "largest_army_min": LARGEST_ARMY_MIN,
    "discard_above": DISCARD_ABOVE,
    "settlement_yield": SETTLEMENT_YIELD,
    "city_yield": CITY_YIELD,
    "bank_rate": BANK_TRADE_RATE,
    "generic_rate": GENERIC_HARBOR_RATE,
    "special_rate": SPECIAL_HARBOR_RATE,
    "harbors": len(STANDARD_HARBORS),
    "generic_harbors": STANDARD_HARBORS.count(GENERIC_HARBOR),
    "special_harbors": len(STANDARD_HARBORS) - STANDARD_HARBORS.count(GENERIC_HARBOR),
    "knights": DECK_COMPOSITION[KNIGHT],
    "progress": sum(DECK_COMPOSITION[ROAD_BUILDING:VICTORY_POINT]),
    "progress_each": DECK_COMPOSITION[ROAD_BUILDING],
    "road_building_cards": DECK_COMPOSITION[ROAD_BUILDING],
    "year_of_plenty_cards": DECK_COMPOSITION[YEAR_OF_PLENTY],
    "monopoly_cards": DECK_COMPOSITION[MONOPOLY],
    "vp_cards": DECK_COMPOSITION[VICTORY_POINT],
    "dev_cards": sum(DECK_COMPOSITION),
    # Rytíř, Pokrok (its three cards are named "Pokrok – …"), Vítězný bod
    "dev_card_kinds": len({name.split(" – ")[0] for name in words.DEV_CARDS.values()}),
    "tokens": len(TOKENS),
    "token_once": TOKENS.count(2),
    "token_twice": TOKENS.count(3),
    "resource_kinds": len(RESOURCES),
    "resource_cards": CARDS_PER_RESOURCE,
    "all_resource_cards": CARDS_PER_RESOURCE * len(RESOURCES),
    **{terrain: TERRAIN_COUNTS[terrain] for terrain in TERRAINS if terrain != _DESERT},
    "desert_tiles": TERRAIN_COUNTS[_DESERT],
    "desert": _DESERT,
    "tiles": sum(TERRAIN_COUNTS.values()),
    "terrain_kinds": len(TERRAINS),
    "producing_terrains": sum(1 for t in TERRAINS if TERRAIN_RESOURCE[t] is not None),
    "trade_start": TRADE_CARDS_START,
    "trade_max": TRADE_CARDS_MAX,
    "trade_total": TRADE_CARDS,
}


def _figure_text(name: str) -> str:
    value = FIGURES[name]
    return _cost_accusative(value) if isinstance(value, tuple) else str(value)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _tables() -> dict[str, tuple[tuple[str, str], ...]]:
    """The small tables the cards show, by name (a fact's `rows`)."""
    f = FIGURES
    terrains = tuple((_capital(words.terrain(t)), str(n)) for t, n in TERRAIN_COUNTS.items())
    return {
        "costs": (
            ("Silnice", _cost_nominative(ROAD_COST)),
            ("Vesnice", _cost_nominative(SETTLEMENT_COST)),
            ("Město", _cost_nominative(CITY_COST)),
            ("Akční karta", _cost_nominative(DEV_CARD_COST)),
        ),
        "points": (
            ("Vesnice", words.points(SETTLEMENT_POINTS)),
            ("Město", words.points(CITY_POINTS)),
            ("Nejdelší obchodní cesta", words.points(SPECIAL_CARD_POINTS)),
            ("Největší vojsko", words.points(SPECIAL_CARD_POINTS)),
            ("Karta s výherním bodem", words.points(VICTORY_POINT_CARD_POINTS)),
            ("K vítězství", words.points(f["win"])),
        ),
        "pieces": tuple(
            (label, f"{count} (v krabici pro {len(COLORS)} barvy {count * len(COLORS)})")
            for label, count in (("Silnice", MAX_ROADS), ("Vesnice", MAX_SETTLEMENTS),
                                 ("Města", MAX_CITIES))
        ),
        "discards": tuple(
            (f"{words.card_count(n)} v ruce", f"odevzdáte {words.card_count(n // 2)}")
            for n in range(DISCARD_ABOVE + 1, DISCARD_ABOVE + 5)
        ),
        "terrains": (*terrains, ("Celkem", str(f["tiles"]))),
        "ratios": (
            ("S bankem, bez přístavu", f"{BANK_TRADE_RATE} : 1"),
            ("Normální přístav", f"{GENERIC_HARBOR_RATE} : 1"),
            ("Specializovaný přístav (jen jeho surovina)", f"{SPECIAL_HARBOR_RATE} : 1"),
        ),
        "harbors": (
            (f"Normální ({GENERIC_HARBOR_RATE} : 1)", str(f["generic_harbors"])),
            (f"Specializované ({SPECIAL_HARBOR_RATE} : 1)", str(f["special_harbors"])),
        ),
        "dev_cards": (
            ("Rytíř", str(f["knights"])),
            ("Pokrok – Stavba silnic", str(f["road_building_cards"])),
            ("Pokrok – Vynález", str(f["year_of_plenty_cards"])),
            ("Pokrok – Monopol", str(f["monopoly_cards"])),
            ("Karta s výherním bodem", str(f["vp_cards"])),
            ("Celkem", str(f["dev_cards"])),
        ),
        "tokens": tuple(
            (f"Číslo {n}", _token_count(TOKENS.count(n))) for n in range(2, 13)
        ),
        "resources": (
            *((_capital(words.resource_name(r)), words.card_count(CARDS_PER_RESOURCE))
              for r in RESOURCES),
            ("Celkem", words.card_count(f["all_resource_cards"])),
        ),
    }


def _token_count(count: int) -> str:
    return words.plural_count(count, "žeton", "žetony", "žetonů") if count else "žádný žeton"


def _variants() -> dict[str, dict[int, str]]:
    """Answers for a number the question names: 'kolik je šestek', 'mám 9 karet'."""
    tokens = {}
    for n in range(2, 13):
        count = TOKENS.count(n)
        tokens[n] = (f"Číslo {n} je na " + words.plural_count(count, "žetonu", "žetonech",
                                                             "žetonech") + "."
                     if count else f"Číslo {n} na žádném žetonu není.")
    discards = {
        n: f"Máte-li {words.card_count(n)}, odevzdáte {words.card_count(n // 2)}."
        for n in range(DISCARD_ABOVE + 1, 41)
    }
    return {"tokens": tokens, "discards": discards}


_TEMPLATE = re.compile(r"\{(\w+)(?:\|([^|}]*)\|([^|}]*)\|([^|}]*))?\}")


def fill(template: str) -> str:
    """'{knights|rytíř|rytíři|rytířů}' -> '14 rytířů'; '{cost_city}' -> '3 rudy a 2 obilí'."""
    def one(match: re.Match) -> str:
        name, one_form, few, many = match.groups()
        if one_form is None:
            return _figure_text(name)
        return words.plural_count(FIGURES[name], one_form, few, many)
    return _capital(_TEMPLATE.sub(one, template))


@dataclass(frozen=True)
class FactCard:
    """A short answer: the figure in the site's words, the Almanach's sentence stating it
    (`quote`, exact) and the link to that sentence."""

    id: str
    title: str
    answer: str
    rows: tuple[tuple[str, str], ...]
    quote: str
    slug: str
    link: str
    source_label: str

    @property
    def table_is_answer(self) -> bool:
        """The table is the answer ("Co stojí silnice, vesnice, …:"); otherwise it is the
        context of one figure and folds away, so a phone's first screen keeps the results."""
        return self.answer.endswith(":")

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "answer": self.answer,
                "rows": [list(row) for row in self.rows], "quote": self.quote,
                "slug": self.slug, "link": self.link, "sourceLabel": self.source_label}


# --- where each quotation is -------------------------------------------------------------

_EDITION_BOX = re.compile(
    r'<aside class="box edice[^"]*">\n<p class="box-label">(?P<label>[^<]*)</p>'
    r"(?P<body>.*?)</aside>",
    re.S,
)


@cache
def _entry(slug: str) -> tuple[str, str, list[str], dict[int, str]]:
    """An entry's kind, headword, passages (plain lines) and, for each passage inside another
    edition's box, that box's label."""
    found = [(kind, CONTENT_DIR / folder / f"{slug}.md") for kind, folder in ENTRY_DIRS.items()]
    kind, path = next(((k, p) for k, p in found if p.exists()), (None, None))
    if path is None:
        raise LookupError(f"fakta.toml: heslo {slug!r} neexistuje")
    # A data file: TOML front matter between two '+++' lines, then the body (almanach.loader).
    _, front, body = path.read_text(encoding="utf-8").replace("\r\n", "\n").split("+++\n", 2)
    headword = tomllib.loads(front)["headword"]
    rendered = markup.render(body, url_for=lambda s: ENTRY_URL.format(slug=s), anchors=True)
    editions = {
        int(number): unescape(box["label"])
        for box in _EDITION_BOX.finditer(rendered.html)
        for number in re.findall(r'id="odstavec-(\d+)"', box["body"])
    }
    return kind, headword, rendered.plain.split("\n"), editions


def locate(slug: str, quote: str) -> tuple[int, str]:
    """The passage number (from 1) holding the quotation, and the source's label."""
    kind, headword, lines, editions = _entry(slug)
    number = next((n for n, line in enumerate(lines, 1) if quote in line), 0)
    if not number:
        raise LookupError(f"fakta.toml: věta {quote!r} v hesle {slug!r} není")
    label = f"Almanach, heslo {headword}" if kind == "heslo" else f"Almanach, {headword}"
    if number in editions:
        label += f" – {editions[number][:1].lower()}{editions[number][1:]}"
    return number, label


# --- the data ----------------------------------------------------------------------------------

@cache
def _data() -> dict:
    """fakta.toml with every card built: the matcher's data, the same for Python and JS."""
    raw = tomllib.loads(DATA_PATH.read_text(encoding="utf-8"))
    tables, variants = _tables(), _variants()
    facts = []
    for fact in raw["fact"]:
        rows = fact.get("rows", ())
        rows = tables[rows] if isinstance(rows, str) else tuple(
            (fill(label), fill(value)) for label, value in rows)
        number, label = locate(fact["slug"], fact["quote"])
        if fact.get("source_note"):
            label += f" – {fact['source_note']}"
        card = FactCard(
            id=fact["id"], title=fact["title"], answer=fill(fact["answer"]), rows=tuple(rows),
            quote=fact["quote"], slug=fact["slug"],
            link=ENTRY_URL.format(slug=fact["slug"]) + f"#{markup.anchor(number)}",
            source_label=label,
        )
        facts.append({
            "id": fact["id"],
            "when": fact["when"],
            # `never` (fakta.toml): classes that rule out every card ("zlaté pole" asks
            # about an expansion, whose figures are not the base game's).
            "unless": fact.get("unless", []) + [c for c in raw.get("never", [])
                                                 if c not in fact.get("unless", [])],
            "only": fact.get("only"),
            "card": card.to_json(),
            "variants": {str(n): text
                         for n, text in variants.get(fact.get("variants", ""), {}).items()},
            "figures": fact.get("figures", []),
        })
    return {
        "words": [[name, patterns] for name, patterns in raw["words"].items()],
        "groups": [[name, classes] for name, classes in raw.get("groups", {}).items()],
        "swaps": [[name, swap] for name, swap in raw.get("swaps", {}).items()],
        "facts": facts,
        "numberWords": [list(item) for item in NUMBER_WORDS],
    }


def offline_data() -> dict:
    """What offline-facts.js needs (JSON-able): the word classes, the facts in order with their
    cards built, and the number words."""
    data = _data()
    return {"words": data["words"], "groups": data["groups"], "swaps": data["swaps"],
            "numberWords": data["numberWords"],
            "facts": [{key: fact[key] for key in ("id", "when", "unless", "only", "card",
                                                  "variants")}
                      for fact in data["facts"]]}


# --- matching ----------------------------------------------------------------------------------

def fold(text: str) -> str:
    """Lower case without diacritics, as czech.fold, but with str.lower(): JavaScript's
    toLowerCase() does the same, casefold() does more ('ſ' -> 's')."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")


def tokens(query: str) -> list[str]:
    """Folded words of a question; '3 : 1' stays one token '3:1'."""
    return _TOKEN.findall(_RATIO_SPACES.sub(r"\1:\2", fold(query)))


def _near(a: str, b: str) -> bool:
    """One letter changed, two neighbours swapped, or one letter missing or extra."""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if la == lb:
        i = next(i for i in range(la) if a[i] != b[i])
        if a[i + 1:] == b[i + 1:]:
            return True
        return (i + 1 < la and a[i] == b[i + 1] and a[i + 1] == b[i]
                and a[i + 2:] == b[i + 2:])
    if abs(la - lb) != 1:
        return False
    short, long = (a, b) if la < lb else (b, a)
    i = next((i for i in range(len(short)) if short[i] != long[i]), len(short))
    return short[i:] == long[i + 1:]


def _part_matches(token: str, stem: str, prefix: bool, typos: bool = True) -> bool:
    if token.startswith(stem) if prefix else token == stem:
        return True
    size = len(stem)
    if not typos or not prefix or size < 5 or token[:1] != stem[:1]:
        return False
    if len(token) >= size and _near(token[:size], stem):
        return True
    return size >= 6 and any(len(token) >= n and _near(token[:n], stem)
                             for n in (size - 1, size + 1))


def _swapped(words_: list[str], of_token: list[set[str]], kind: str, word: str) -> bool:
    """Does the question trade a thing of this class for the same thing ("1 rudu za 1 rudu",
    "2 ovce za 1 ovci")? A word of the class at most two words before `word` and one at most
    two words after it, the same word in any case (their first three letters)."""
    for j, token in enumerate(words_):
        if token != word:
            continue
        before = [words_[i] for i in range(max(j - 2, 0), j) if kind in of_token[i]]
        after = [words_[k] for k in range(j + 1, min(j + 3, len(words_))) if kind in of_token[k]]
        if any(a[:3] == b[:3] for a in before for b in after):
            return True
    return False


class _Matcher:
    """The word classes compiled: each distinct word or stem ("part") once, the classes each
    single-word part stands for, and the several-word patterns in class order."""

    def __init__(self, data: dict) -> None:
        self.parts: list[tuple[str, bool]] = []
        part_ids: dict[tuple[str, bool], int] = {}
        self.single: dict[int, list[tuple[int, str]]] = {}
        self.multi: list[tuple[int, str, tuple[int, ...], frozenset[int]]] = []
        for rank, (name, patterns) in enumerate(data["words"]):
            for pattern in patterns:
                ids = []
                for word in pattern.split():
                    part = (word.rstrip("*"), word.endswith("*"))
                    if part not in part_ids:
                        part_ids[part] = len(self.parts)
                        self.parts.append(part)
                    ids.append(part_ids[part])
                if len(ids) == 1:
                    self.single.setdefault(ids[0], []).append((rank, name))
                else:
                    self.multi.append((rank, name, tuple(ids), frozenset(ids)))
        self.by_letter: dict[str, list[int]] = {}
        for pid, (stem, _prefix) in enumerate(self.parts):
            self.by_letter.setdefault(stem[:1], []).append(pid)
        self.facts = [
            (fact, [frozenset(alt) for alt in fact["when"]], frozenset(fact["unless"]),
             None if fact["only"] is None else frozenset(fact["only"]))
            for fact in data["facts"]
        ]
        self.groups = [(name, frozenset(classes)) for name, classes in data["groups"]]
        self.swaps = [(name, swap["class"], swap["word"]) for name, swap in data["swaps"]]
        self.number_words = data["numberWords"]
        self.token_parts = lru_cache(maxsize=4096)(self._token_parts)

    def _token_parts(self, token: str) -> frozenset[int]:
        """The parts a token matches; with a typo only when it matches none as written
        ('vynalez' is Vynález, not a typo of 'vynáší')."""
        candidates = self.by_letter.get(token[:1], ())
        exact = frozenset(pid for pid in candidates if _part_matches(token, *self.parts[pid],
                                                                     typos=False))
        return exact or frozenset(pid for pid in candidates
                                  if _part_matches(token, *self.parts[pid]))

    def classes_of(self, words_: list[str]) -> tuple[set[str], list[set[str]]]:
        """The word classes present, and each token's classes. A several-word pattern takes
        its tokens from the classes after its own (consumed_at: the rank of that class)."""
        parts = [self.token_parts(t) for t in words_]
        never = len(self.parts) + 1_000
        consumed_at = [never] * len(words_)
        present: set[str] = set()
        of_token: list[set[str]] = [set() for _ in words_]
        seen = frozenset().union(*parts)
        for rank, name, ids, needed in self.multi:
            if not needed <= seen:
                continue
            k = len(ids)
            for i in range(len(words_) - k + 1):
                if all(consumed_at[i + j] == never and ids[j] in parts[i + j]
                       for j in range(k)):
                    present.add(name)
                    for j in range(k):
                        consumed_at[i + j] = rank
                        of_token[i + j].add(name)
        for i, found in enumerate(parts):
            for pid in found:
                for rank, name in self.single.get(pid, ()):
                    if rank <= consumed_at[i]:
                        present.add(name)
                        of_token[i].add(name)
        for name, classes in self.groups:
            if len(classes & present) >= 2:
                present.add(name)
        for name, kind, word in self.swaps:
            if _swapped(words_, of_token, kind, word):
                present.add(name)
        return present, of_token

    def number_in(self, words_: list[str], variants: dict[str, str]) -> str | None:
        """The first number the question names that the card has an answer for."""
        for word in words_:
            key = word.lstrip("0") if word.isdigit() else next(
                (str(n) for stem, n in self.number_words if word.startswith(stem)), None)
            if key is not None and key in variants:
                return key
        return None

    def fact_for(self, query: str) -> dict | None:
        if len(query) > MAX_QUERY:
            return None
        words_ = tokens(query)
        if not words_:
            return None
        present, of_token = self.classes_of(words_)
        for fact, when, unless, only in self.facts:
            if not any(alt <= present for alt in when) or not unless.isdisjoint(present):
                continue
            if only is not None and any(only.isdisjoint(classes) for classes in of_token):
                continue
            return fact
        return None


@cache
def _matcher() -> _Matcher:
    return _Matcher(_data())


@cache
def _card(fact_id: str, answer: str) -> FactCard:
    fact = next(f for f in _data()["facts"] if f["id"] == fact_id)
    card = fact["card"]
    return FactCard(id=card["id"], title=card["title"], answer=answer,
                    rows=tuple(tuple(row) for row in card["rows"]), quote=card["quote"],
                    slug=card["slug"], link=card["link"], source_label=card["sourceLabel"])


def card_for(query: str) -> FactCard | None:
    """The fact card answering the question, or None when it does not ask for a fact."""
    if not isinstance(query, str):
        return None
    matcher = _matcher()
    fact = matcher.fact_for(query)
    if fact is None:
        return None
    answer = fact["card"]["answer"]
    if fact["variants"]:
        number = matcher.number_in(tokens(query), fact["variants"])
        if number is not None:
            answer = fact["variants"][number]
    return _card(fact["id"], answer)


def figures_of(fact_id: str) -> list[str]:
    """The FIGURES a fact's quotation states (fakta.toml `figures`)."""
    return next(f["figures"] for f in _data()["facts"] if f["id"] == fact_id)


def bench(queries: list[str] | None = None, repeat: int = 20) -> dict[str, float]:
    """Microseconds per card_for() call: the first call of each question (its words not yet
    seen) and the mean over `repeat` rounds. Prints and returns them."""
    if queries is None:
        from tests.almanach.test_facts import ASKS, NOT_ASKS  # the test lists, when at hand
        queries = [q for q, _ in ASKS] + NOT_ASKS
    card_for("kolik stojí město")  # build the data once
    _matcher().token_parts.cache_clear()
    start = time.perf_counter()
    for query in queries:
        card_for(query)
    cold = (time.perf_counter() - start) / len(queries) * 1e6
    times = []
    for _ in range(repeat):
        for query in queries:
            t = time.perf_counter()
            card_for(query)
            times.append(time.perf_counter() - t)
    times.sort()
    median, p95 = times[len(times) // 2] * 1e6, times[int(len(times) * 0.95)] * 1e6
    result = {"queries": len(queries), "cold_us": round(cold, 1),
              "median_us": round(median, 1), "p95_us": round(p95, 1)}
    print(f"card_for: {len(queries)} questions, first call (words not yet seen) {cold:.1f} µs "
          f"a question; then median {median:.1f} µs, p95 {p95:.1f} µs")
    return result


if __name__ == "__main__":
    bench()
