"""Waiting for htmx in the browser tests.

    from tests.browser.htmx import settled

    settled(page)  # no htmx request, swap or settle under way

Checked at every animation frame: expect(...).to_have_count(0) would look again only after
100, 250, 500 ms, and the tests that walk a game wait for this at every step.
"""


def settled(page) -> None:
    """Return once no htmx request, swap or settle is under way (htmx has wired up the new
    content), or fail after the page's default timeout."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-settling, .htmx-swapping, .htmx-request')")
