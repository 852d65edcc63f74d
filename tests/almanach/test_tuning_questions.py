"""The tuning sets' questions that the search missed, kept as search data
(almanach/tuning_questions.py, almanach/content/otazky-z-ladeni.toml): where they come from,
that they quote their passages, and that they bring those passages up."""

from collections import defaultdict

import pytest

from almanach import faq, tuning_questions
from almanach.first_screen import answered


@pytest.fixture(scope="module")
def learned() -> list[faq.PassageQuestions]:
    return faq.read_passage_questions(faq.TUNING_QUESTIONS_PATH)


def test_every_question_comes_from_a_tuning_set_never_from_a_held_out_one(learned):
    tuning = {item["q"] for name in tuning_questions.TUNING_SETS
              for item in tuning_questions.load_set(name)}
    asked = [question for item in learned for question in item.phrasings]
    assert len(asked) >= 300
    assert set(asked) <= tuning
    for name in tuning_questions.HELD_OUT_SETS:
        with pytest.raises(ValueError, match="not a tuning set"):
            tuning_questions.load_set(name)


def test_each_quotes_one_passage_of_its_entry_letter_for_letter(learned, file_index):
    texts = {document.slug: document.text for document in file_index.documents}
    misquoted = [f"{item.quotation.slug}: {item.quotation.text[:60]}" for item in learned
                 if faq.passage_of(texts.get(item.quotation.slug, ""), item.quotation.text)
                 is None]
    assert misquoted == []


def test_the_questions_the_search_missed_now_show_their_answer(learned, file_index):
    # Each of them missed the first screen without the file (that is how it was made).
    quoted: dict[str, list[str]] = defaultdict(list)
    for item in learned:
        for question in item.phrasings:
            quoted[question].append(item.quotation.text)
    shown = 0
    for question, sentences in quoted.items():
        blocks = tuning_questions.first_screen_blocks(file_index, question)
        shown += answered({"answer": sentences}, blocks)
        hits = file_index.search(question).hits
        assert all(hit.question is None or hit.question.url for hit in hits), "never shown"
    assert shown >= 0.7 * len(quoted), f"{shown} of {len(quoted)}"


def test_a_typo_never_enters_the_index_as_a_word_of_its_own(learned, file_index):
    # A question typed with "zlodj" would make "zlodj" a known word: it would stop finding
    # Zloděj. Such questions stay out; the players' own words ("naráz") may come in.
    words = {word for item in learned for phrasing in item.phrasings
             for word in phrasing.split()}
    assert "zlodj" not in words and "msto" not in words
    assert file_index.search("zlodj").hits[0].slug == "zlodej"


def test_a_fact_card_is_read_as_the_phone_shows_it():
    # The cost table is the answer and shows unfolded: its rows count as seen. The discard
    # card's table folds away ("Celá tabulka"): only its answer and quotation count.
    from almanach import facts

    costs = tuning_questions.fact_blocks(facts.card_for("cenik staveb"))
    assert any(block.startswith("Město 3 rudy") for block in costs)
    discard = tuning_questions.fact_blocks(facts.card_for("kolik karet odhodim pri sedmicce"))
    assert len(discard) == 2 and not any("v ruce odevzdáte" in block for block in discard)
