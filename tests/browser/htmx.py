"""Waiting for htmx in the browser tests.

    from tests.browser.htmx import settled

    settled(page)  # the page has loaded htmx; no htmx request, swap or settle under way

Checked at every animation frame: expect(...).to_have_count(0) would look again only after
100, 250, 500 ms, and the tests that walk a game wait for this at every step.
"""


def settled(page) -> None:
    """Return once the page has loaded (htmx is wired up: a page reached by a form's redirect
    is only committed when its URL changes) and no htmx request, swap or settle is under way,
    or fail after the page's default timeout."""
    page.wait_for_function(
        "() => document.readyState === 'complete' && window.htmx"
        " && !document.querySelector('.htmx-settling, .htmx-swapping, .htmx-request')")
