"""What the browser tests share (the browser itself is the ``browser`` fixture in
tests/conftest.py)."""

PHONE = {"width": 360, "height": 740}  # the narrowest phone the site is made for


def sideways(page) -> int:
    """How many pixels the page is wider than the screen."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
