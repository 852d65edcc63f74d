"""Pages of the Almanach: the index, one entry, the search (page, htmx suggestions, JSON)."""

import re
from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.views.decorators.vary import vary_on_headers

from almanach import answers, czech, facts, figures, links, search, search_site
from almanach import faq as frequent
from almanach.models import Entry

SUGGESTION_COUNT = 6
API_RESULT_COUNT = 10
_SLUG = re.compile(r"[-a-zA-Z0-9_]{1,100}")
CARD_KINDS = {
    "pokrok": "Karta pokroku",
    "rytir": "Akční karta",
    "vitezny-bod": "Karta s výherním bodem",
    "zvlastni": "Zvláštní karta",
}


def index(request: HttpRequest) -> HttpResponse:
    entries = list(Entry.objects.filter(kind=Entry.Kind.HEADWORD).order_by("sort_key"))
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(entry.letter, []).append(entry)
    letters = [
        {"letter": letter, "anchor": letter_anchor(letter), "entries": groups.get(letter, [])}
        for letter in czech.ALPHABET
    ]
    context = {
        "letters": letters,
        "pages": Entry.objects.filter(kind=Entry.Kind.PAGE).order_by("sort_key"),
        "count": len(entries),
        }
    return render(request, "almanach/index.html", context)


def faq(request: HttpRequest) -> HttpResponse:
    """Časté otázky: the site's questions, each answered by quotations linked to their passage
    and, where the texts do not settle it, by a ruling in the site's words with its source."""
    entries = {entry.slug: entry for entry in Entry.objects.all()}
    rulings = {ruling.id: ruling for ruling in frequent.read_rulings()}
    page = entries.get(frequent.RULINGS_SLUG)
    topics = []
    for topic, questions in frequent.topics(frequent.read_questions()):
        items = []
        for question in questions:
            answers = []
            for answer in question.answers:
                entry = entries.get(answer.slug)
                if entry is None:
                    continue
                number = frequent.passage_of(entry.plain, answer.text)
                link = entry.get_absolute_url() + (f"#odstavec-{number}" if number else "")
                answers.append({"quotation": answer, "entry": entry, "link": link})
            ruling = rulings.get(question.ruling) if page else None
            items.append({"question": question, "answers": answers,
                          "ruling": ruling and _ruling_context(ruling, page)})
        topics.append({"name": topic, "anchor": _canonical_slug(topic), "questions": items})
    context = {
        "topics": topics,
        "count": sum(len(topic["questions"]) for topic in topics),
        }
    return render(request, "almanach/faq.html", context)


def _ruling_context(ruling: frequent.Ruling, page: Entry) -> dict:
    """A ruling as the templates show it: the site's words with its source, linked to its box on
    the page of rulings (almanach/_ruling.html)."""
    return {"ruling": ruling, "link": f"{page.get_absolute_url()}#{ruling.anchor}",
            "page": page}


def letter_anchor(letter: str) -> str:
    """An ASCII anchor for a letter's group: 'A' -> 'pismeno-a', 'Č' -> 'pismeno-c-hacek'."""
    folded = czech.fold(letter)
    return f"pismeno-{folded}" + ("-hacek" if folded != letter.lower() else "")


def entry(request: HttpRequest, slug: str) -> HttpResponse:
    item = Entry.objects.filter(slug=slug).first() if _SLUG.fullmatch(slug) else None
    if item is None:
        canonical = _canonical_slug(slug)
        if canonical != slug and Entry.objects.filter(slug=canonical).exists():
            return redirect("almanach:entry", slug=canonical, permanent=True)
        raise Http404("Heslo neexistuje.")
    highlight, keys = _highlight(request, item.slug)
    body_html, unplaced = figures.place(
        search.mark(item.html, keys), item.plain, figures.figures(item.slug),
        lambda figure: render_to_string("almanach/_figure.html", {"figure": figure}),
    )
    body_html = _place_rulings(body_html, item)
    context = {
        "entry": item,
        "body_html": body_html,
        "highlight": highlight,
        "letter_anchor": letter_anchor(item.letter) if item.letter else "",
        "see_also": item.links_to.order_by("sort_key"),
        "linked_from": item.linked_from.order_by("sort_key"),
        "cards": [
            {**card, "html": search.mark(card["html"], keys),
             "kind_label": CARD_KINDS.get(card["kind"], "")}
            for card in item.cards
        ],
        "applications": links.applications(item.slug),
        "figures": unplaced,
        }
    return render(request, "almanach/entry.html", context)


@dataclass(frozen=True)
class _RulingNote:
    phrase: str  # the Almanach's sentence the ruling departs from
    context: dict


def _place_rulings(html: str, item: Entry) -> str:
    """Right after each sentence of the entry that a ruling departs from, the ruling in short
    (what the later rule says and which one the site and the engine follow)."""
    page = Entry.objects.filter(slug=frequent.RULINGS_SLUG).first()
    if page is None or item.slug == page.slug:
        return html
    notes = [
        _RulingNote(quotation.text, _ruling_context(ruling, page))
        for ruling in frequent.read_rulings()
        for quotation in ruling.quotations
        if quotation.slug == item.slug
    ]
    html, _ = figures.place(html, item.plain, notes, lambda note: render_to_string(
        "almanach/_ruling.html", note.context | {"short": True}))
    return html


def _highlight(request: HttpRequest, slug: str) -> tuple[str, set[str]]:
    """The search words to mark on an entry page (?zvyraznit=…, from a search result): the
    cleaned query and the keys of its words found in the entry. Odd input marks nothing."""
    raw = request.GET.get(search.HIGHLIGHT_PARAMETER, "")
    query, message = search.clean_query(raw)
    if not raw or message:
        return "", set()
    keys = search_site.site_index().highlight_keys(query, slug)
    return (query, keys) if keys else ("", set())


def _canonical_slug(text: str) -> str:
    """'Zloděj', 'zloděj', 'ZLODEJ' and 'nejdelší_obchodní cesta' -> the usual slug form."""
    return re.sub(r"[^a-z0-9]+", "-", czech.fold(text)).strip("-")


@vary_on_headers("HX-Request")
def search_page(request: HttpRequest) -> HttpResponse:
    raw = request.GET.get("q", "")
    as_suggestions = bool(request.htmx)
    results = search_site.site_index().search(
        raw, limit=SUGGESTION_COUNT if as_suggestions else API_RESULT_COUNT
    )
    if as_suggestions and results.message == search.MESSAGE_EMPTY:
        return HttpResponse("")  # an empty box hides itself
    template = "almanach/search.html" + ("#suggestions" if as_suggestions else "")
    # A question about a figure or fixed fact gets the engine's figure first; the results
    # under it then show one sentence each, so that four of them still fit a phone's screen.
    fact = facts.card_for(results.query) if results.query else None
    context = {
        "results": results,
        "search_query": results.query or raw[: search.MAX_QUERY_LENGTH],
        # The first result is the answer; each result shows its answering sentence.
        "answers": _answers(results, first_in_full=not as_suggestions and fact is None),
        "fact": fact,
    }
    return render(request, template, context)


def _answers(results: search.Results, first_in_full: bool) -> list[dict]:
    """Each hit with its answer (almanach/answers.py): the first one up to a few lines of a
    phone when first_in_full, the others (and every suggestion) one sentence."""
    return [
        {"hit": hit, "answer": answers.answer(
            hit.snippet_html, results.query,
            answers.FIRST_LIMIT if first_in_full and number == 0 else answers.OTHER_LIMIT,
            hit.cited)}
        for number, hit in enumerate(results.hits)
    ]


def api_search(request: HttpRequest) -> JsonResponse:
    results = search_site.site_index().search(request.GET.get("q", ""), limit=API_RESULT_COUNT)
    payload = {
        "query": results.query,
        "results": [
            {"headword": hit.headword, "url": hit.url, "link": hit.link, "snippet": hit.snippet}
            for hit in results.hits
        ],
    }
    if results.message:
        payload["message"] = results.message
    return JsonResponse(payload, json_dumps_params={"ensure_ascii": False})


def api_headwords(request: HttpRequest) -> JsonResponse:
    def item(entry: Entry) -> dict:
        return {"headword": entry.headword, "slug": entry.slug, "url": entry.get_absolute_url()}

    entries = Entry.objects.order_by("sort_key")
    payload = {
        "headwords": [item(e) | {"letter": e.letter} for e in entries if e.kind == e.Kind.HEADWORD],
        "pages": [item(e) for e in entries if e.kind == e.Kind.PAGE],
    }
    return JsonResponse(payload, json_dumps_params={"ensure_ascii": False})
