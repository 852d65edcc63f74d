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

Provider = Callable[[str], Iterable[tuple[str, str]]]

_providers: list[Provider] = []


class Application(NamedTuple):
    label: str
    url: str


def register(provider: Provider) -> Provider:
    """Add a provider (once; registering the same callable again does nothing)."""
    if provider not in _providers:
        _providers.append(provider)
    return provider


def unregister(provider: Provider) -> None:
    if provider in _providers:
        _providers.remove(provider)


def applications(slug: str) -> list[Application]:
    """Everything the providers offer for one entry, in registration order."""
    return [Application(label, url) for provider in _providers for label, url in provider(slug)]
