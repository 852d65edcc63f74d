"""Board spots are taps of at least 44 CSS px on a 390 × 844 phone: the invisible tap area of
each intersection, path and hex a person may tap in Hrát, in a quiz and in Rozhodčí's editor
is measured in the browser (its bounding box), a tap anywhere in it reaches that spot (no
other spot's area and nothing else lies over it), and the numbers on the board stay
readable. Where every path is offered at once (Rozhodčí's road tool) the nearest-spot rule
(or a quiz about roads) the nearest-spot rule leaves a path 44 px across but only the room
between its two ends along it (30 board px, about 32 CSS px): that case is measured as
such."""

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.append(str(Path(__file__).parent.parent / "play"))
import play_kit as kit  # noqa: E402  (the Hrát tests' helpers: a game of fixed chance)

from tests.browser.htmx import settled  # noqa: E402

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

# Each offered spot's tap area: its bounding box, its size along and across a path (in CSS
# px), and how many points of the area (its corners drawn 20 % toward its middle), when in
# view, are answered by another element than the spot's own link.
MEASURE = """() => [...document.querySelectorAll('svg.board a.target')].map(a => {
  const hit = a.querySelector('.hit');
  const box = hit.getBoundingClientRect();
  const m = hit.getScreenCTM();
  const pts = [...hit.points].map(p => ({x: m.a * p.x + m.c * p.y + m.e,
                                         y: m.b * p.x + m.d * p.y + m.f}));
  const cx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
  const cy = pts.reduce((s, p) => s + p.y, 0) / pts.length;
  let along = null, across = null;
  const line = a.querySelector('line');
  if (line) {
    const dx = (line.x2.baseVal.value - line.x1.baseVal.value) * m.a;
    const dy = (line.y2.baseVal.value - line.y1.baseVal.value) * m.d;
    const len = Math.hypot(dx, dy), ux = dx / len, uy = dy / len;
    const on = pts.map(p => p.x * ux + p.y * uy), off = pts.map(p => -p.x * uy + p.y * ux);
    along = Math.max(...on) - Math.min(...on);
    across = Math.max(...off) - Math.min(...off);
  }
  let wrong = 0, tried = 0;
  for (const p of pts) {
    const x = p.x + (cx - p.x) * 0.2, y = p.y + (cy - p.y) * 0.2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const el = document.elementFromPoint(x, y);
    if (!el || !el.closest('svg.board')) continue;  // under the pinned bar: not the board's
    tried += 1;
    if (el.closest('a.target') !== a) wrong += 1;
  }
  return {id: a.dataset.id, kind: a.getAttribute('class'), w: box.width, h: box.height,
          along, across, wrong, tried};
})"""

# The numbers on the hexes: their size on the screen.
NUMBER_PX = """() => [...document.querySelectorAll('svg.board text')]
  .filter(t => /^\\d+$/.test(t.textContent.trim()) && !t.closest('a'))
  .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, locale="cs-CZ", has_touch=True,
                                  service_workers="block")
    yield context.new_page()
    context.close()


def measured(page, count_at_least: int = 1) -> list[dict]:
    """The offered spots, each scrolled into view once and measured there."""
    spots = page.evaluate(MEASURE)
    assert len(spots) >= count_at_least
    out = {}
    for spot in spots:
        page.locator(f'svg.board a.target[data-id="{spot["id"]}"]').scroll_into_view_if_needed()
        again = {s["id"]: s for s in page.evaluate(MEASURE)}[spot["id"]]
        out[spot["id"]] = again
    return list(out.values())


def assert_44(spots: list[dict]) -> None:
    small = [s for s in spots if s["w"] < 44 or s["h"] < 44]
    assert not small, small[:5]
    assert not [s for s in spots if s["wrong"]], [s for s in spots if s["wrong"]][:5]
    assert sum(s["tried"] for s in spots) >= 3 * len(spots)  # the taps were really tried


def assert_dense_paths(paths: list[dict]) -> None:
    """Paths offered with their neighbours: 44 px across each; along it at least the room
    between its ends (30 board px, about 31.6 CSS px here); never another spot's tap."""
    assert all(s["across"] >= 44 for s in paths), [s for s in paths if s["across"] < 44][:5]
    assert all(s["along"] >= 31 for s in paths), [s for s in paths if s["along"] < 31][:5]
    assert not [s for s in paths if s["wrong"]], [s for s in paths if s["wrong"]][:5]


def assert_readable(page) -> None:
    sizes = page.evaluate(NUMBER_PX)
    assert sizes and min(sizes) >= 11, sizes


def test_hrat_settlement_spots_roads_and_robber_hexes(live_server, phone, client):
    # The set-up of a variable board: every free intersection is offered (the densest case).
    url = kit.start(client, plan="variabilni", barva="orange", poradi="1", seed=5)
    phone.goto(live_server.url + url)
    settled(phone)
    spots = measured(phone, count_at_least=40)
    assert {s["kind"] for s in spots} == {"target target-node"}
    assert_44(spots)
    assert_readable(phone)
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # The first settlement placed: its roads are offered.
    phone.locator("svg.board a.target-node").first.click()
    settled(phone)
    phone.locator(".play-spot form button").first.click()
    settled(phone)
    roads = measured(phone, count_at_least=2)
    assert {s["kind"] for s in roads} == {"target target-path"}
    assert_44(roads)

    # A 7 on the beginner board: the person sends the robber to a hex.
    url = kit.start(client, barva="orange", poradi="1", seed=3)
    kit.roll(url, (3, 4))
    phone.goto(live_server.url + url)
    settled(phone)
    hexes = measured(phone, count_at_least=10)
    assert {s["kind"] for s in hexes} == {"target target-hex"}
    assert_44(hexes)
    assert_readable(phone)


def test_a_quiz_board(live_server, phone, transactional_db):
    phone.goto(f"{live_server.url}/kvizy/vesnice/a1/")
    spots = measured(phone, count_at_least=5)
    assert_44(spots)
    assert_readable(phone)
    # The road quiz offers every free path on the board: the dense case.
    phone.goto(f"{live_server.url}/kvizy/silnice/a4/")
    assert_dense_paths(measured(phone, count_at_least=40))


@pytest.mark.usefixtures("content")
def test_rozhodcis_editor(live_server, phone):
    phone.goto(f"{live_server.url}/rozhodci/?plan=p&n=vesnice")
    expect(phone.locator("svg.board a.target-node")).to_have_count(54)
    assert_44(measured(phone, count_at_least=54))  # an empty board ("p"): no numbers
    # The road tool offers every path: the dense case.
    phone.goto(f"{live_server.url}/rozhodci/?plan=p&n=silnice")
    assert_dense_paths(measured(phone, count_at_least=72))
