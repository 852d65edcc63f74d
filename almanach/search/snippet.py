"""Stage 4, the snippet: the passage's answering sentence(s) with neighbours, the matched
words marked; the first result, the answer, takes more along.
Mirrored offline by offline/static/js/search/snippet.js."""

import re
from bisect import bisect_left
from html import escape

from almanach.search.analyse import word_keys
from almanach.search.choose import _Asked
from almanach.search.weights import RULING_OPENING, SNIPPET_MIN, SNIPPET_WIDTH


class Snippets:
    """Making the snippet (a part of SearchIndex)."""

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
        # A ruling (the site's words) opens with its short answer ("Nesmíte.", "Ano."): a
        # snippet of its summary starts there, with the chosen sentence when it fits.
        # It is the answer whole: the first result does not go on into its source line.
        # A sentence too far on to fit with the opening is shown by itself (a ruling that
        # answers several questions: "…Zlaté pole (zlatá řeka) dává za vesnici 1 libovolnou
        # surovinu"); the result's headword and source line still say whose words they are.
        opening_at = text.rfind("\n", 0, begin) + 1
        ruling = text.startswith(RULING_OPENING, opening_at)
        if begin > opening_at and ruling and end - opening_at <= width:
            first, begin = in_line[0], opening_at
        if follow and not ruling:
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

        def own_text(n: int) -> bool:  # as snippet.js follow()'s own()
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


