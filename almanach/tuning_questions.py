"""Players' questions the search missed, from the tuning sets, as search data:
`python -m almanach.tuning_questions` writes almanach/content/otazky-z-ladeni.toml.

The evaluation sets in almanach/eval/ were written by people who never saw the search: players'
questions, each with the entries and the exact sentences that answer it. The sets named in
TUNING_SETS have been tuned on (docs/hledani.md says when each became one); a question of theirs
whose answer the search does not put on a phone's first screen is, like the players' questions
per passage (otazky-k-pasazim.toml), a way players ask what that sentence answers. Written into
the file as such, it lifts that passage for the questions players ask alike.

A held-out set (HELD_OUT_SETS) is never read here: its figure would then say nothing.

Which questions are missed is decided without the file itself (otherwise a question it answers
would drop out of it the next time), by the results page's answers in-process (almanach/answers.py,
the fact card of almanach/facts.py): the first screen of a 390×844 phone shows about six results,
or a fact card and four; `python -m almanach.first_screen` measures the real one in a browser.
"""

import argparse
import json
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

from almanach import answers, facts, faq
from almanach.bench import HELD_OUT
from almanach.czech import fold
from almanach.first_screen import answered
from almanach.search.analyse import _words

EVAL_DIR = Path(__file__).resolve().parent / "eval"
TUNING_SETS = ("tune", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6",
               "heldout7", "heldout8", "heldout9", "heldout10", "heldout12",
               "heldout14", "heldout15", "heldout16", "heldout17")
HELD_OUT_SETS = tuple(path.stem for path in HELD_OUT)
RESULTS_SHOWN = 6  # results on a phone's first screen; two fewer under a fact card
HEADER = """\
# Players' questions from the tuning sets that the search did not answer on a phone's first
# screen, each under the sentence that answers it: search data like otazky-k-pasazim.toml, never
# shown. Written by `python -m almanach.tuning_questions` (do not edit by hand) from these
# sets, written by people who never saw the search:
# {sets}.
# Never from a held-out set ({held_out}).
"""


def load_set(name: str) -> list[dict]:
    if name in HELD_OUT_SETS or name not in TUNING_SETS:
        raise ValueError(f"{name}: not a tuning set")
    with (EVAL_DIR / f"{name}.toml").open("rb") as file:
        return tomllib.load(file)["queries"]


def fact_blocks(fact) -> list[str]:
    """What a fact card shows unfolded: its answer, its table when the table is the answer
    ("Co stojí silnice, vesnice, …:"; otherwise it folds away), its quotation."""
    rows = [f"{label} {value}" for label, value in fact.rows] if fact.table_is_answer else []
    return [fact.answer, *rows, fact.quote]


def first_screen_blocks(index, query: str) -> list[str]:
    """What the results page puts on a phone's first screen, as text blocks: the fact card's
    answer and quotation, then each result's headword and answer."""
    results = index.search(query, limit=RESULTS_SHOWN)
    fact = facts.card_for(results.query) if results.query else None
    blocks = fact_blocks(fact) if fact else []
    shown = results.hits[:RESULTS_SHOWN - 2 if fact else RESULTS_SHOWN]
    for number, hit in enumerate(shown):
        limit = answers.FIRST_LIMIT if number == 0 and not fact else answers.OTHER_LIMIT
        answer = answers.answer(hit.snippet_html, results.query, limit, hit.cited)
        blocks.append(f"{hit.headword} {answer.text}")
    return blocks


def missed_questions(index, texts: dict[str, str], sets: tuple[str, ...] = TUNING_SETS
                     ) -> dict[tuple[str, str], list[str]]:
    """(entry, answering sentence) -> the tuning questions that missed it, in the sets' order.
    A sentence counts only where it stands whole in one passage of its entry's text."""
    found: dict[tuple[str, str], list[str]] = defaultdict(list)
    for name in sets:
        for item in load_set(name):
            fragments = item.get("answer") or []
            fragments = [fragments] if isinstance(fragments, str) else fragments
            if not fragments or _has_typo(index, item["q"]) or answered(
                    item, first_screen_blocks(index, item["q"])):
                continue
            for slug in item.get("slug") or []:
                for fragment in fragments:
                    if slug in texts and faq.passage_of(texts[slug], fragment) is not None \
                            and item["q"] not in found[(slug, fragment)]:
                        found[(slug, fragment)].append(item["q"])
    return found


def _has_typo(index, question: str) -> bool:
    """Does the question hold a word the texts do not know but the search reads as a typo of
    one they do ("zlodj")? Such a word, once in the index, would be known: "zlodj" would no
    longer find Zloděj. A player's own word ("naráz", "sebrat") is no typo and stays."""
    for word in _words(question):
        folded = fold(word)
        if index._is_stop(word) or folded in index._idf or any(
                lemma in index._idf for lemma in index._lemmas.get(folded, ())):
            continue
        near: dict[str, float] = {}
        index._add_typos(folded, near)
        if near:
            return True
    return False


def render(found: dict[tuple[str, str], list[str]]) -> str:
    lines = [HEADER.format(sets=", ".join(TUNING_SETS), held_out=", ".join(HELD_OUT_SETS))]
    for (slug, fragment), questions in sorted(found.items()):
        lines += ["[[pasaz]]", f"heslo = {json.dumps(slug, ensure_ascii=False)}",
                  f"citace = {json.dumps(fragment, ensure_ascii=False)}",
                  f"otazky = {json.dumps(questions, ensure_ascii=False)}", ""]
    return "\n".join(lines)


def shown_share(index, name: str) -> tuple[int, int]:
    """(answered, asked): the set's questions whose answer the first screen shows."""
    items = load_set(name)
    return sum(answered(item, first_screen_blocks(index, item["q"])) for item in items), len(items)


def leave_out(name: str) -> str:
    """What the file does for questions it was not made from: the set's first-screen share
    without any tuning questions, and with those of the other sets only."""
    from almanach import search_site
    from almanach.search import Question

    url_for = lambda slug: f"/almanach/{slug}/"  # noqa: E731
    index = search_site.index_from_files(url_for, tuning=False)
    before = shown_share(index, name)
    texts = {document.slug: document.text for document in index.documents}
    others = tuple(other for other in TUNING_SETS if other != name)
    found = missed_questions(index, texts, others)
    questions = search_site.frequent_questions("/almanach/caste-otazky/", tuning=False) + [
        Question(f"ladeni-{number}", asked[0], tuple(asked[1:]), (place,))
        for number, (place, asked) in enumerate(sorted(found.items()), start=1)]
    after = shown_share(search_site.SearchIndex(index.documents, questions=questions,
                                                rulings=search_site.SiteRulings()), name)
    return (f"{name}: first screen (in-process) {before[0]}/{before[1]} = "
            f"{100 * before[0] / before[1]:.1f} % without, {after[0]}/{after[1]} = "
            f"{100 * after[0] / after[1]:.1f} % with the other sets' questions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="only say whether the file is what the sets give now")
    parser.add_argument("--leave-out", nargs="+", metavar="SET", default=[],
                        help="print each tuning set's share without and with the questions "
                             "of the other sets (what the file does for unseen questions)")
    arguments = parser.parse_args()
    from almanach import search_site

    for name in arguments.leave_out:
        print(leave_out(name), flush=True)
    if arguments.leave_out:
        return
    index = search_site.index_from_files(lambda slug: f"/almanach/{slug}/", tuning=False)
    texts = {document.slug: document.text for document in index.documents}
    text = render(missed_questions(index, texts))
    path = faq.TUNING_QUESTIONS_PATH
    if arguments.check:
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        print("aktuální" if current == text else "zastaralý: spusťte python -m "
              "almanach.tuning_questions")
        sys.exit(0 if current == text else 1)
    path.write_text(text, encoding="utf-8")
    count = text.count("[[pasaz]]")
    print(f"{path.name}: {count} sentences, {sum(1 for _ in text.splitlines() if _)} lines")


if __name__ == "__main__":
    main()
