"""Where else on the site an Almanach entry is put to use: the example game, the quizzes.

The Almanach does not know the other apps; they tell it. An app registers a provider, a
callable that takes an entry's slug and returns (label, url) pairs, and every entry page
lists what the providers return under "V praxi". Register once, when the app is ready:

    # tutorial/example/apps.py
    class ExampleConfig(AppConfig):
        def ready(self):
            from almanach import links
            links.register(example_game_turns)

    def example_game_turns(slug):
        return [("Použito v příkladu hry: 3. kolo", "/priklad-hry/3/")] if slug == "zlodej" else []

Labels say what the link is ("Použito v příkladu hry: …", "Procvič si: …"). Providers should
be cheap: they run on every entry page. With no provider registered the section is not shown.
"""

from collections.abc import Callable, Iterable
from typing import NamedTuple

Provider = Callable[[str], Iterable]


class Providers:
    """Callables that other apps register; each takes an entry's slug and returns items.
    Shared by the "V praxi" links (here) and the figures (almanach.figures)."""

    def __init__(self) -> None:
        self._providers: list[Provider] = []

    def register(self, provider: Provider) -> Provider:
        """Add a provider (once; registering the same callable again does nothing)."""
        if provider not in self._providers:
            self._providers.append(provider)
        return provider

    def unregister(self, provider: Provider) -> None:
        if provider in self._providers:
            self._providers.remove(provider)

    def __contains__(self, provider: Provider) -> bool:
        return provider in self._providers

    def collect(self, slug: str) -> list:
        """Every provider's items for one slug, in registration order."""
        return [item for provider in self._providers for item in provider(slug)]


class Application(NamedTuple):
    label: str
    url: str


providers = Providers()
register = providers.register
unregister = providers.unregister


def applications(slug: str) -> list[Application]:
    """Everything the providers offer for one entry, in registration order."""
    return [Application(label, url) for label, url in providers.collect(slug)]
