"""Stage 1, analysing words and the query: clean, fold, lemma, stem, word family, typos,
the query's rewrites by synonyms and its terms (each with its keys and their quality).
Mirrored offline by offline/static/js/search/analyse.js."""

import re
import tomllib
import unicodedata
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import simplemma

from almanach.czech import fold
from almanach.search.weights import W

MAX_QUERY_LENGTH = 200
HIGHLIGHT_PARAMETER = "zvyraznit"
SYNONYMS_PATH = Path(__file__).resolve().parent.parent / "synonyma.toml"

# A question ("kolik je přístavů") wants a sentence, even when its other words only name
# an entry; a bare name ("přístav") wants the entry's opening.
QUESTION_WORDS = frozenset(
    """
    kolik kolikrat kdy kde kam jak jaky jaka jake co proc ktery ktera ktere kdo muzu muze
    smim smi lze musim musi mam mohu cemu how what when where which who can does why
    """.split()
)
# "Kolik…?", "kolika kostkami…?" asks for a number: a sentence with a figure in it answers more
# likely. ("kolika": tuning sets first snippet +3 of 4,955, the control set +1.)
QUANTITY_WORDS = frozenset({"kolik", "kolikrat", "kolika", "pocet", "many", "much"})
QUANTITY_FACTOR = 1.5
# A sentence with a word of the asked kind (INTENTS) within the chosen entry. 29 November 2026
# (issue #44, cause c): 1.3 -> 2.2 put the answering sentence first in 3 more tuning questions
# (heldout3 +1, tune +2, no set lost one); 1.7 gained 1, QUANTITY_FACTOR 2.0-2.2 and
# name_term 0.3-0.45 nothing. Shipped to the offline search in the index.
INTENT_FACTOR = 2.2
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
    # "Za co…?", "cena…", "co musím zaplatit…": a passage that names what is paid.
    "cost": (
        "zaplatit zaplatim zaplati platit platim cena cenu ceny naklady nakladu cost costs price "
        "za_co vysolit",
        "cihla cihly cihlu cihel cihlami drevo dreva drevem drev vlna vlny vlnu vlnou vln obili "
        "obilim ruda rudy rudu rudou rud rudami platba platbu plati zaplati hlina hliny hlinu",
    ),
}
INTENT_ASKS = {word: name for name, (asks, _) in INTENTS.items() for word in asks.split()}
INTENT_HINTS = {name: frozenset(hints.split()) for name, (_, hints) in INTENTS.items()}
# Words beyond INTENTS and QUANTITY_WORDS that say what kind of answer is asked (folded):
# "musím…?", "mám…?" whether something must be done; "smím koupit víc…?" how many.
KIND_WORDS = {
    **{word: "may" for word in "musim musi musime musite musis mam mame ma".split()},
    "vic": "quantity",
    "vice": "quantity",
}
# A question about an exception or a special case: a condition ("když", "pokud"), a limit
# ("jen", "zároveň", "bez", "místo"), a negation ("nemám", "nejsem", "nikdo", "žádné", "not").
# The booklets state the rule; the rulings answer what it leaves open, so such a question lets
# the page of rulings come forward (weights.py "ruling_exception"). Folded.
EXCEPTION_WORDS = frozenset(
    """
    kdyz pokud jestlize kdyby jen jenom pouze zaroven ani bez misto krome
    nema nemam nemas nemame nemate nemaji nejsem nejsi neni nejsme nejste nejsou nejde
    nemuze nemuzu nemuzes nemuzeme nemohu nesmi nesmim nesmime nedostane nedostanu
    nedostanou nic nikdo nikoho nikomu nikdy zadny zadna zadne zadnou zadnych
    not no only without if unless except
    """.split()
)
# Words that ask for another edition's text (folded).
EDITION_WORDS = frozenset(
    "001 002 004 vydani vydanim vydanich edice edici kompaktni kompaktnich digitalni "
    "digitalnim slovnicek verze verzi starsi starsim".split()
)
# Words that ask about an expansion (folded): only they show a ruling about one (Námořníci,
# 5–6 hráčů: "::: rozhodnuti <id> rozsireni"), never a question about the base game ("smím
# zahrát rytíře, když zloděj není u mě" is not about the pirate).
EXPANSION_WORDS = frozenset(
    "namornici namorniku namornicich namornik namornikum seafarers seafarer pirat pirata "
    "piratem pirati piratu piraty piratovi lod lode lodi lodim lodich lodemi lodka lodku "
    "lodky ship ships zlate zlata zlateho zlatem zlatym zlato zlatou zlatych gold barbar "
    "barbari barbaru barbary barbarum barbarech rozsireni rozsirenim rozsirenich expansion "
    "expansions extension cities 5 6 pet sest peti sesti mimoradna mimoradne mimoradnou "
    "mimoradnych zvlastni zvlastnich zvlastnim hradba hradby hradbu hradbou hradbami hradeb "
    "walls wall "
    # Cities & Knights by its Czech name, as word pairs ("města a rytíři": each word alone
    # is the base game's)
    "a_rytiri a_rytire a_rytiru a_rytirich a_rytirech".split()
)
# Words that name one edition (folded) → its number, as in the boxes' labels ("Jiné vydání
# (001: …)"): a query that names it prefers that edition's box.
EDITION_NAMES = {
    "001": "001", "kompaktni": "001", "kompaktnich": "001", "kompaktnim": "001",
    "kompaktnimu": "001", "002": "002", "004": "004", "digitalni": "004", "digitalnim": "004",
    "digitalnich": "004", "digital": "004", "slovnicek": "004", "slovnicku": "004",
}

MESSAGE_EMPTY = "Napište, co hledáte: třeba „zloděj“, „nejdelší cesta“ nebo „kolik karet odhodit“."
MESSAGE_TOO_LONG = (
    f"Dotaz je příliš dlouhý. Zkuste jedno nebo pár slov (nejvýše {MAX_QUERY_LENGTH} znaků)."
)
MESSAGE_NO_WORDS = "V dotazu není žádné slovo. Zkuste napsat třeba „zloděj“ nebo „přístav“."

# Folded; compared with a word's fold only, never with its lemmas: the list is explicit, so a
# new word in the content can never make a player's word a stop word (a ruling's "dál", whose
# lemma is "dát", once turned every player's "dál" into one). Question words and filler carry
# the question's intent, not its subject; the second block is the forms of the pronouns and of
# být, mít, moci, muset, smět, dát, ten, který… that the lemmas used to reach.
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
    kterou kterych kterym kterymi kteremu kterem chci chce chces chceme chcete chteji chtel chtela
    the a an of to in on is are how what when can do i my for with does
    abys abyste budete byly jsme jste nebude nebudete nebudou nebyl nebyly nejsem nejsou nejste
    ma mate mel mela nema nemaji nemate nemela musi nemusi nemusite muzes nemohli nemohou nemuze
    nesmeji nesmi nesmite nelze daji dam das date dejte neda delate udela potrebujete nepotrebuje
    ho jej jemu ji jich jim mu ne nej nem nemu ni nich nim nimi oni jejich jejiho jejimi
    moje mou naseho nasem sebe sebou sobe cemu koho komu kolika jakem jakych ktereho kterem
    kterou kterych kterym tato tech techto temito teto tim timto toho tohoto tom tomto tomu
    tomuto toto touto tuto ty tyto presneji
    jo sem bych nima tema furt kus kusu kusy
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


_DIGITS = re.compile(r"[0-9]+")


def same_for_same(folded: list[str]) -> int | None:
    """In "2 ovce za 1 ovci", "1 rudu za 1 rudu" (folded words): the position of the thing
    after "za" that is the thing before it, or None."""
    for i, word in enumerate(folded):
        if word == "za":
            before = {_stem(w)[:3] for w in folded[max(i - 2, 0):i] if not _DIGITS.fullmatch(w)}
            for j in range(i + 1, min(i + 3, len(folded))):
                if not _DIGITS.fullmatch(folded[j]) and _stem(folded[j])[:3] in before:
                    return j
    return None


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


def asked_kinds(words: list[str]) -> frozenset[str]:
    """What kind of answer a question asks for, by its question words: the intents (INTENTS:
    "kdy…" a time, "kam…" a place, "za co…" a cost, "smím…", "musím…" whether it may or must
    be done) and "quantity" for "kolik…". The answer's marked words go by it (almanach.answers),
    and so does a frequent question's lift (retrieve.py: "kolik…" is not answered by "kam…")."""
    folded = [fold(word) for word in words]
    asks = folded + [f"{a}_{b}" for a, b in zip(folded, folded[1:], strict=False)]
    kinds = {INTENT_ASKS[word] for word in asks if word in INTENT_ASKS}
    kinds.update(KIND_WORDS[word] for word in folded if word in KIND_WORDS)
    if any(word in QUANTITY_WORDS for word in folded):
        kinds.add("quantity")
    return frozenset(kinds)


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



def _edition_number(label: str) -> str:
    """ "Jiné vydání (001: kompaktní pravidla)" → "001"."""
    found = re.search(r"\((\d{3})", label)
    return found.group(1) if found else ""



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


@lru_cache(maxsize=1)
def load_synonyms(path: Path = SYNONYMS_PATH) -> dict[str, list[str]]:
    with path.open("rb") as file:
        table = tomllib.load(file)["slova"]
    return {phrase: [t] if isinstance(t, str) else list(t) for phrase, t in table.items()}



class Analysis:
    """The query's analysis, against the index's lemma table, synonyms and vocabulary
    (a part of SearchIndex)."""

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
        return fold(word) in STOP_WORDS

    def _signature(self, words: list[str]) -> frozenset[str]:
        """The lemmas of a name's content words: "karty vývoje" and "karta vývoje" are one."""
        content = [w for w in words if not self._is_stop(w)] or words
        return frozenset(self._canonical(w) for w in content)

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
        # "2 ovce za 1 ovci": a thing for the same thing asks about trading a resource for
        # the same resource, in the words of its ruling and its players' questions.
        same = same_for_same([fold(w) for w in words])
        if same is not None:
            rewrites.append((words[:same] + ["stejnou", "surovinu"] + words[same + 1:],
                             W["synonym"]))
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

