"""The answer of a search result, short enough for a phone's first screen. Pure Python, no Django.

The search (almanach/search/) gives each result a snippet: the passage's answering sentence
with its neighbours, the query's words in <mark>. The results page shows the first result as
the answer and the others as a compact list, so it needs less: the sentence of the snippet
that answers (the one holding most of the query's words and a word of the kind the question
asks for: a figure for "kolik", "smí", "nesmí", "jen …" for "smím", a time for "kdy"…), cut to
a few lines, and in it the words that answer marked:

    answer(hit.snippet_html, query, limit=FIRST_LIMIT) -> Answer(html, text)

The query's words keep their <mark>; the words that answer get <mark class="answer-word">
("jen na svém tahu", "2 výherní body", "nesmí"). offline/static/js/search/answers.js
(answer()) does the same for the offline search page and its suggestions.
"""

import re
from dataclasses import dataclass
from html import escape, unescape

from almanach.czech import fold
from almanach.search import INTENT_HINTS, word_keys
from almanach.search import asked_kinds as search_kinds

# The first result, the answer: about five lines of a 390 px phone; the others two or three.
# (Measured on the tune set with almanach/first_screen.py: 230/130 characters showed the answer
# on the first screen for 366 of its first 400 questions, 300/160 for 372, 400/130 for 374.)
FIRST_LIMIT = 300
OTHER_LIMIT = 160
# A ruling of the site (its snippet opens with the label) begins with its short answer
# ("Nesmíte.", "Ano, smíte."): up to this many characters it stays in front of the sentence
# chosen, marked as what answers.
RULING_OPENING = "Rozhodnutí mimo almanach: "
# The short answer states the rule in a player's words ("Nesmíte: akční kartu nelze prodat,
# vyměnit ani darovat."), so it may run to this many characters, but never to more than half
# of what the answer shows.
LEAD_LIMIT = 130
# A question's quotation is found in the snippet by its first characters (the snippet may cut
# a long quotation short).
CITED_PREFIX = 40
# Words that answer "kolik…?" as a figure does (folded).
NUMBER_WORDS = frozenset(
    """
    jeden jedna jedno jednu jednoho jedne jednom dva dve dvou dvema tri trech trem tremi ctyri
    ctyr ctyrech pet peti sest sesti sedm sedmi osm osmi devet devieti deset deseti jedenact
    dvanact patnact dvacet polovinu polovina poloviny polovic dvakrat trikrat jednou zadny
    zadna zadne zadnou nic vsechny vsech vsechno
    """.split()
)
# Beyond the search's hints of the kinds: plain yes and no, and what must be done.
EXTRA_HINTS = {
    "may": frozenset("ano ne musi nemusi nesmi nikdy vzdy kdykoli kdykoliv".split()),
    "when": frozenset("jen pouze".split()),
}
# A word that limits ("jen", "až") takes the words after it along, up to a comma or a stop:
# "jen na svém tahu", "až po hodu".
LIMITING_WORDS = frozenset("jen pouze teprve az ihned kdykoli kdykoliv".split())
LIMITED_PHRASE = 3  # words at most after a limiting word
# After a figure, the words it counts: a noun, or an adjective and its noun (folded endings).
ADJECTIVE_ENDINGS = ("i", "y", "a", "e", "ich", "ych", "im", "ym")
NOT_COUNTED = frozenset("a i nebo az ze do za na v ve s se k ke o u po pri kdyz".split())

_MARK = re.compile(r'<mark>(.*?)</mark>|<span class="snippet-source">(.*?)</span>\s*', re.S)
_WORD = re.compile(r"\d+:\d+|\w+")
# A sentence ends at . ! ? … before a capital, a digit or a quote (as in search.py); a list
# item ("– Vesnice: …") is a sentence of its own.
_SENTENCE_END = re.compile(
    r"(?<=[.!?…])\s+(?=[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ0-9„\"(–])|\s+(?=– [A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ])")
_ABBREVIATIONS = frozenset("tj např max min viz str atd resp cca tzn tzv apod č".split())
_EDITION_LABEL = re.compile(r"(Jiné vydání \([^)]*\)): ")
_CLAUSE_END = re.compile(r"[,.;:!?…–()„“\"]")  # a limiting word's phrase ends here


@dataclass(frozen=True)
class Answer:
    html: str  # escaped; the query's words in <mark>, the answering words in <mark class=…>
    text: str  # the same as plain text
    source: str = ""  # another edition's label ("Jiné vydání (001: …)"), shown before it


def asked_kinds(query: str) -> frozenset[str]:
    """What the question asks for: "quantity", "may", "when", "where", "purpose", "cost"
    (the search's own reading of it, almanach.search.asked_kinds)."""
    return search_kinds(_WORD.findall(query))


def _answers_kind(folded: str, kinds: frozenset[str]) -> bool:
    if "quantity" in kinds and (folded[:1].isdigit() or folded in NUMBER_WORDS):
        return True
    return any(folded in INTENT_HINTS.get(kind, ()) or folded in EXTRA_HINTS.get(kind, ())
               for kind in kinds)


def _parse(snippet_html: str) -> tuple[str, str, list[tuple[int, int]]]:
    """(edition label, plain text, spans of the query's marked words) of a snippet's HTML."""
    source, parts, marks, length = "", [], [], 0
    position = 0
    for match in _MARK.finditer(snippet_html):
        before = unescape(snippet_html[position:match.start()])
        parts.append(before)
        length += len(before)
        if match.group(2) is not None:
            source = unescape(match.group(2)).rstrip(":").strip()
        else:
            word = unescape(match.group(1))
            marks.append((length, length + len(word)))
            parts.append(word)
            length += len(word)
        position = match.end()
    parts.append(unescape(snippet_html[position:]))
    text = "".join(parts)
    label = _EDITION_LABEL.match(text)
    if label and not source:  # a line that starts with its edition's label: the same source
        source, cut = label.group(1), label.end()
        text = text[cut:]
        marks = [(a - cut, b - cut) for a, b in marks if a >= cut]
    return source, text, marks


def _sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence or list item of a snippet."""
    spans, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        before = _WORD.findall(text[start:match.start()])
        if before and text[match.start() - 1:match.start()] == "." and (
                before[-1].isdigit() or fold(before[-1]) in _ABBREVIATIONS):
            continue
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return [(begin, end) for begin, end in spans if text[begin:end].strip(" …")]


def _answer_spans(text: str, begin: int, end: int, kinds: frozenset[str]) -> list[tuple[int, int]]:
    """The words in text[begin:end] that answer what the question asks for; a limiting word
    with the words that follow it up to the clause's end."""
    if not kinds:
        return []
    spans = []
    words = [m for m in _WORD.finditer(text, begin, end)]
    index = 0
    while index < len(words):
        word = words[index]
        folded = fold(word.group())
        if not _answers_kind(folded, kinds):
            index += 1
            continue
        stop = word.end()
        if folded in LIMITING_WORDS:
            last = index
            while last + 1 < len(words) and last - index < LIMITED_PHRASE:
                gap = text[words[last].end():words[last + 1].start()]
                if _CLAUSE_END.search(gap):
                    break
                last += 1
            stop, index = words[last].end(), last
        elif "quantity" in kinds and folded[:1].isdigit():
            # A figure with what it counts: "7 karet", "2 výherní body" (an adjective and its
            # noun), never a conjunction ("9 a více").
            taken = 0
            while (index + 1 < len(words) and taken < 2
                   and text[words[index].end():words[index + 1].start()] == " "
                   and _counted(words[index + 1].group())):
                index += 1
                taken += 1
                stop = words[index].end()
                if not fold(words[index].group()).endswith(ADJECTIVE_ENDINGS):
                    break
        spans.append((word.start(), stop))
        index += 1
    return spans


def _counted(word: str) -> bool:
    """Can this word be what a figure before it counts ("karet", not "a" or "7")?"""
    folded = fold(word)
    return len(folded) > 1 and folded.isalpha() and folded not in NOT_COUNTED


def _score(text: str, span: tuple[int, int], marks: list[tuple[int, int]],
           kinds: frozenset[str], query_keys: list[set[str]]) -> float:
    """How well a sentence answers: the query's words it holds (each once, in whatever form)
    and a word of the asked kind."""
    begin, end = span
    held = set()
    for a, b in marks:
        if a >= begin and b <= end:
            keys = word_keys(text[a:b].lower()).keys()
            held.add(next((n for n, wanted in enumerate(query_keys) if keys & wanted),
                          fold(text[a:b])))
    answering = bool(_answer_spans(text, begin, end, kinds))
    return len(held) + 0.75 * answering


def _cut(text: str, begin: int, end: int, marks: list[tuple[int, int]], limit: int
         ) -> tuple[int, int]:
    """A sentence longer than limit: the part of it, on word boundaries, that holds the most
    marked words (as the search cuts a long sentence)."""
    if end - begin <= limit:
        return begin, end
    inside = [a for a, b in marks if a >= begin and b <= end]
    best, best_count = begin, -1
    for start in [begin] + [max(begin, a - 30) for a in inside]:
        count = sum(1 for a in inside if start <= a < start + limit - 10)
        if count > best_count:
            best, best_count = start, count
    if best > begin:
        space = text.rfind(" ", begin, best + 1)
        best = space + 1 if space >= begin else best
    stop = min(end, best + limit)
    if stop < end:
        space = text.rfind(" ", best, stop)
        stop = space if space > best else stop
    return best, stop


def _cited_sentences(text: str, sentences: list[tuple[int, int]], cited: str) -> list[int]:
    """The sentences of the snippet that the question's quotation covers (none when the
    snippet does not hold its start)."""
    quotation = " ".join(cited.split())
    at = text.find(quotation[:CITED_PREFIX]) if quotation else -1
    if at < 0:
        return []
    stop = at + len(quotation)
    return [i for i, (begin, end) in enumerate(sentences) if end > at and begin < stop]


def answer(snippet_html: str, query: str, limit: int = OTHER_LIMIT, cited: str = "") -> Answer:
    """The answering sentence of a snippet (and, while they fit in limit characters, the
    sentences after it and before it), the words that answer marked. cited: the quotation
    of the frequent or players' question that led to the snippet (Hit.cited); its sentence
    is the answer, whatever other sentence holds more of the query's words."""
    source, text, marks = _parse(snippet_html)
    ruling = text.startswith(RULING_OPENING)
    if ruling:  # the site's ruling: the result's headword says so; its first sentence answers
        cut = len(RULING_OPENING)
        text = text[cut:]
        marks = [(a - cut, b - cut) for a, b in marks if a >= cut]
    kinds = asked_kinds(query)
    sentences = _sentences(text)
    if not sentences:
        return Answer("", "", source)
    query_keys = [set(word_keys(word.lower())) for word in _WORD.findall(query)]
    scores = [_score(text, span, marks, kinds, query_keys) for span in sentences]
    candidates = _cited_sentences(text, sentences, cited) or range(len(sentences))
    chosen = max(candidates, key=lambda i: (scores[i], -i))
    lead = None  # a ruling's short answer ("Nesmíte."), kept before the sentence chosen
    if ruling and chosen > 0 and sentences[0][1] - sentences[0][0] <= min(LEAD_LIMIT, limit // 2):
        lead = sentences[0]
        limit -= lead[1] - lead[0] + 1
    elif ruling:  # too long to stand before another sentence: the short answer is the answer
        chosen = 0
    first = last = chosen
    begin, end = _cut(text, *sentences[chosen], marks, limit)
    if (begin, end) == sentences[chosen]:
        while last + 1 < len(sentences) and sentences[last + 1][1] - begin <= limit:
            last += 1
            end = sentences[last][1]
        while first > 0 and end - sentences[first - 1][0] <= limit:
            first -= 1
            begin = sentences[first][0]
    # The answering words are marked in the answering sentence only; when sentences around it
    # came along, it stands out from them (class answer-sentence).
    key = (max(begin, sentences[chosen][0]), min(end, sentences[chosen][1]))
    answering = _answer_spans(text, *key, kinds)
    if lead:
        answering.append(lead)
    elif ruling:  # its verdict ("Musíte", "Nesmí", "Ano, smíte") is what answers, marked too
        verdict = _verdict(text, sentences[0])
        if verdict and begin <= verdict[0] and verdict[1] <= end:
            answering.append(verdict)
    pieces = [_marked(text, begin, key[0], marks, answering),
              _marked(text, *key, marks, answering),
              _marked(text, key[1], end, marks, answering)]
    if pieces[0].strip() or pieces[2].strip():
        pieces[1] = f'<span class="answer-sentence">{pieces[1]}</span>'
    html = "".join(pieces).strip()
    plain = text[begin:end].strip()
    head = text[:begin].strip(" –")
    tail = text[end:].strip()
    if lead and begin > lead[0]:
        head = text[lead[1]:begin].strip(" –")
    if head and not plain.startswith("…"):
        html, plain = "…" + html, "…" + plain
    if tail and not plain.endswith(("…", ".", "!", "?", ":")):
        html, plain = html + "…", plain + "…"
    if lead and begin > lead[0]:
        short = text[lead[0]:lead[1]]
        html = f"{_marked(text, *lead, marks, answering)} {html}"
        plain = f"{short} {plain}"
    return Answer(html, plain, source)


def _verdict(text: str, sentence: tuple[int, int]) -> tuple[int, int] | None:
    """A ruling's verdict: the words of its short answer before the first colon or full stop
    ("Musíte: počet karet…", "Nesmí.", "Ano, smíte."), when they are three words at most."""
    begin, end = sentence
    stop = min((at for at in (text.find(":", begin, end), text.find(".", begin, end))
                if at >= 0), default=-1)
    if stop < 0 or len(text[begin:stop].split()) > 3:
        return None
    return begin, stop


def _marked(text: str, begin: int, end: int, marks: list[tuple[int, int]],
            answering: list[tuple[int, int]]) -> str:
    """text[begin:end] escaped, the query's words in <mark>, the answering words in
    <mark class="answer-word">."""
    level = [0] * (end - begin)  # each character's: 2 answers, 1 a query word, 0 none
    for spans, value in ((marks, 1), (answering, 2)):
        for a, b in spans:
            for i in range(max(a, begin), min(b, end)):
                level[i - begin] = max(level[i - begin], value)
    parts, i = [], 0
    while i < len(level):
        j = i
        while j < len(level) and level[j] == level[i]:
            j += 1
        piece = escape(text[begin + i:begin + j])
        if level[i] == 2:
            piece = f'<mark class="answer-word">{piece}</mark>'
        elif level[i] == 1:
            piece = f"<mark>{piece}</mark>"
        parts.append(piece)
        i = j
    return "".join(parts)
