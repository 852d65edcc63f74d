"""The site's search index: built from the Entry rows (rebuilt when they change) or straight
from the data files, with the Časté otázky, the players' questions per passage and the site's
rulings (almanach.faq). This module reads the database and the files through Django's app when
called; the search itself (almanach.search) never imports Django.
"""

from almanach import faq
from almanach.search import Document, Question, SearchIndex, document_for


class SiteRulings:
    """almanach.faq's rulings as the hits need them (almanach.search.Rulings)."""

    slug = faq.RULINGS_SLUG

    def at(self, passage: str):
        return faq.ruling_at(passage)

    def departing(self, slug: str, text: str):
        return faq.ruling_for(slug, text)


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
        last = _last_built = SearchIndex(documents, questions=questions,
                                          rulings=SiteRulings())
    return last



def index_from_files(url_for, faq_url: str = "/almanach/caste-otazky/",
                     tuning: bool = True) -> SearchIndex:
    """The same index, straight from the data files (for the benchmark and tests); without
    the tuning sets' questions when tuning is False (almanach.tuning_questions)."""
    from almanach.loader import read_content

    content = read_content(url_for=url_for)
    return _index_of([document_for(doc, url_for(doc.slug)) for doc in content.documents],
                     frequent_questions(faq_url, tuning))


def frequent_questions(page_url: str, tuning: bool = True) -> list[Question]:
    """The Časté otázky as the index sees them, each linked at its place on page_url, then
    the players' questions per passage (no url: they are never shown). A question answered by
    a ruling alone leads to the ruling's summary on the page of rulings (one that quotes the
    Almanach too leads to the quotation: the snippet then carries the ruling, Hit.ruling_note)."""
    def cited(item) -> tuple[tuple[str, str], ...]:
        ruling = faq.ruling_by_id(item.ruling) if item.ruling else None
        quoted = tuple((answer.slug, answer.text) for answer in item.answers)
        return quoted or (((faq.RULINGS_SLUG, ruling.passage),) if ruling else ())

    return [
        Question(item.id, item.text, item.phrasings, cited(item), f"{page_url}#{item.id}")
        for item in faq.read_questions()
    ] + [
        Question(f"pasaz-{number}", item.phrasings[0], item.phrasings[1:],
                 ((item.quotation.slug, item.quotation.text),))
        for number, item in enumerate(_passage_questions(tuning), start=1)
    ]


def _passage_questions(tuning: bool) -> list[faq.PassageQuestions]:
    """The players' questions per passage, then (tuning) the tuning sets' questions that the
    search missed (almanach/tuning_questions.py): search data both, never shown."""
    written = faq.read_passage_questions()
    if not tuning or not faq.TUNING_QUESTIONS_PATH.exists():
        return written
    return written + faq.read_passage_questions(faq.TUNING_QUESTIONS_PATH)
