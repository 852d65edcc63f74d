from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from almanach.models import Entry


def index(request: HttpRequest) -> HttpResponse:
    entries = Entry.objects.filter(kind=Entry.Kind.HEADWORD)
    return render(request, "almanach/index.html", {"entries": entries, "section": "almanach"})


def search(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "")[:200]
    return render(request, "almanach/search.html", {"search_query": query, "section": "almanach"})


def entry(request: HttpRequest, slug: str) -> HttpResponse:
    item = get_object_or_404(Entry, slug=slug)
    return render(request, "almanach/entry.html", {"entry": item, "section": "almanach"})
