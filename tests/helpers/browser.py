"""What the browser tests share (the browser itself is the ``browser`` fixture in
tests/conftest.py)."""

PHONE = {"width": 360, "height": 740}  # the narrowest phone the site is made for


def sideways(page) -> int:
    """How many pixels the page is wider than the screen."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


# What a Hrát page shows after a move, read in one round trip to the browser: the heading,
# the status line, a refusal, a stale-table notice, the cards to discard, the hand, the moves
# of "Co můžu dělat?" (every kind opened), whose hands are shown, and the page's width.
PLAY_TABLE = """() => {
  const text = (selector) => { const el = document.querySelector(selector);
                               return el ? el.innerText : null; };
  document.querySelectorAll('.play-kind').forEach(d => d.open = true);
  return {
    heading: text('h1'),
    status: text('.play-status'),
    refusal: text('.play-refusal'),
    stale: text('.play-stale'),
    discard: text('.play-discard'),
    hand: [...document.querySelectorAll('.player [aria-label^="Karty v ruce"] .chip')]
      .map(chip => (chip.className.match(/r-(\\w+)/) || [])[1]),
    labels: [...document.querySelectorAll('.play-choices .play-action button')]
      .map(button => button.innerText),
    hands: [...document.querySelectorAll('.player')]
      .filter(box => box.querySelector('p.hand'))
      .map(box => (box.className.match(/p-(\\w+)/) || [])[1]),
    wide: document.documentElement.scrollWidth,
  };
}"""


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
