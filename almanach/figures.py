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

from almanach.links import Providers

providers = Providers()
register = providers.register
unregister = providers.unregister


def figures(slug: str) -> list[object]:
    """Every provider's figures for one entry or page, in registration order."""
    return providers.collect(slug)
