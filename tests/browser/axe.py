"""axe-core in the browser tests: every kind of page, on a phone (390 px) and a desktop
(1280 px), with 0 violations.

    from tests.browser.axe import PAGES, assert_accessible

    assert_accessible(page, live_server.url + "/hrat/")   # load, check at each width
    assert_accessible(page)                               # check the page as it is now

PAGES lists the pages anyone can open without setting anything up; a family whose pages
need a game, a login or a running lesson calls assert_accessible from its own test (the
play pages, the lessons' projector): add a line there, not a new harness.
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

VIEWPORTS = ({"width": 390, "height": 844}, {"width": 1280, "height": 800})

# path -> what kind of page it stands for.
PAGES = {
    "/": "home",
    "/almanach/": "Almanach index",
    "/almanach/zlodej/": "entry with cards and examples",
    "/almanach/herni-material/": "Almanach page",
    "/almanach/pravidla-hry-v-kostce/": "Almanach page with sub-headings and boxes",
    "/almanach/hledat/?q=zlodej": "search results",
    "/almanach/hledat/?q=qqqxx": "search: nothing found",
    "/priklad-hry/": "example game start",
    "/priklad-hry/tah/3/krok/1/": "example game step",
    "/priklad-hry/tah/16/": "example game last turn",
    "/kvizy/": "quiz index",
    "/kvizy/vesnice/": "quiz kind",
    "/kvizy/vesnice/a1/": "click question",
    "/kvizy/vynosy/a1/": "table question",
    "/kvizy/sedmicka/a1/": "form question",
    "/hra/": "pupil join",
    "/prihlaseni/": "teacher login",
    "/bez-pripojeni/": "offline page",
    "/neexistuje/": "404 page",
}

# axe-core as axe-playwright-python bundles it (572 KB). Axe.run would send it to the page
# before every check; it is sent once per page instead, and the check at the second width
# runs the copy the page already holds.
AXE_SCRIPT = Axe().axe_script


def violations(page) -> list[str]:
    """axe-core's violations on the page as it is now, one readable line each."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    found = page.evaluate(SUMMARY)
    return [
        f"{item['id']} ({item['impact']}): {item['help']} at "
        + ", ".join(" ".join(target) for target in item["targets"])
        for item in found
    ]


# axe's whole result (the rules that passed or did not apply included, some 55 KB) stays in
# the page: only the violations come back, what the message names of each. Bringing the whole
# result over to Python and checking it there took 0.03-0.1 s more a check.
SUMMARY = """() => axe.run(document, {resultTypes: ['violations']}).then(result =>
    result.violations.map(item => ({id: item.id, impact: item.impact, help: item.help,
                                    targets: item.nodes.slice(0, 5).map(node => node.target)})))"""


def assert_accessible(page, url: str | None = None) -> None:
    """No axe violation at either width (loading ``url`` first, when given). The second width
    lays the same page out again: nothing on the site differs by width but its CSS."""
    problems = []
    for number, viewport in enumerate(VIEWPORTS):
        page.set_viewport_size(viewport)
        if url and not number:
            page.goto(url)
        problems += [f"{viewport['width']} px {page.url}: {line}" for line in violations(page)]
    assert not problems, "\n".join(problems)
