"""What the browser tests share (the browser itself is the ``browser`` fixture in
tests/conftest.py)."""

PHONE = {"width": 360, "height": 740}  # the narrowest phone the site is made for


def sideways(page) -> int:
    """How many pixels the page is wider than the screen."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def discard_first_cards(page, table: dict) -> None:
    """Hrát's discard form on a 7: give up the first cards of the hand shown, as many as
    "Odhoďte N" asks (``table`` holds the page's ``discard`` text and ``hand``)."""
    import re

    owed = int(re.search(r"Odhoďte (\d+)", table["discard"])[1])
    counts: dict[str, int] = {}
    for resource in table["hand"][:owed]:
        counts[resource] = counts.get(resource, 0) + 1
    for resource, count in counts.items():
        page.fill(f"input[name=odhodit_{resource}]", str(count))
    page.click(".play-discard button")


def press_preferred(page, labels: list[str], preference: tuple[str, ...]) -> None:
    """Press the first move of ``preference`` offered in Hrát's 'Co můžu dělat?'."""
    for wanted in preference:
        for index, label in enumerate(labels):
            if label.startswith(wanted):
                page.locator(".play-choices .play-action button").nth(index).click()
                return
    raise AssertionError(f"nothing to press among {labels}: {page.inner_text('#stul')[:1500]}")
