"""Figures for Almanach entries and pages whose text points at a picture we do not have.

Like almanach.links, the Almanach does not draw anything itself: an app registers a
provider, a callable that takes an entry's slug and returns figures, and the entry page
shows them under "Obrázky k textu". A figure is any object with these attributes:

    phrase   the words of the text that point at the picture (quoted in the caption)
    caption  what the drawn figure shows, in the site's own words
    svg      the drawing (trusted markup), or "" when the text gives too little to draw
    lost     for a figure without drawing: why the original picture cannot be redrawn

The tutorial app registers its provider in tutorial/example/apps.py.
"""

from collections.abc import Callable, Iterable

Provider = Callable[[str], Iterable[object]]

_providers: list[Provider] = []


def register(provider: Provider) -> Provider:
    """Add a provider (once; registering the same callable again does nothing)."""
    if provider not in _providers:
        _providers.append(provider)
    return provider


def unregister(provider: Provider) -> None:
    if provider in _providers:
        _providers.remove(provider)


def figures(slug: str) -> list[object]:
    """Every provider's figures for one entry or page, in registration order."""
    return [figure for provider in _providers for figure in provider(slug)]
