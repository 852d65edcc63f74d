"""What a player meets: is the answer readable on a phone's first screen, without scrolling?

`python -m almanach.first_screen` (or `python -m almanach.bench --browser`) starts the site on a
free loopback port with its content loaded into a throwaway database, opens one Chromium page
at 390×844 (a phone) and, for each question of an eval set, types it into the search box,
presses Enter as a person would, waits for the results and reads the text that is visible
without scrolling: every word whose box lies whole inside the viewport (0..844 vertically and
within the page's width), not hidden, not clipped by an ancestor that cuts its overflow.

A question is answered on the first screen when one of its answer fragments (`answer`,
verbatim) is visible whole inside one block of text (a paragraph, a list item: a fragment
never counts across two results), compared without case, diacritics or punctuation; or, for
the sets that list `keys` (alternatives, each a list of words or short phrases), when one
block shows every item of an alternative, each word matched by its light stem.

Printed per set: `first screen answers <k>/<n> = <p> %`. One browser and one page serve the
whole run (about 0.2–0.35 s per question on this shared machine). Needs Debian's
chromium-headless-shell, as the browser tests do (tests/conftest.py).

Figures on 29 November 2026, before → after the answer-first results page (almanach/answers.py;
no fact cards wired yet): held-out 84.4 → 85.6 %, held-out 2 87.8 → 88.4 %, tune 89.0 → 91.1 %;
held-out 3 (run once, after) 85.3 %, held-out 4 (run once, after) 73.9 %.
"""

import argparse
import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from almanach.czech import fold

ROOT = Path(__file__).resolve().parent.parent
# Debian's Chromium built as the headless shell, with the flags this closed network needs;
# the browser tests (tests/conftest.py) launch it the same way.
CHROMIUM = "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
PHONE = {"width": 390, "height": 844}

# The text a person can read without scrolling, as blocks (a paragraph, a list item, a
# heading…): the words of each block whose boxes lie whole inside the viewport and inside
# every ancestor that clips its overflow, in the page's order.
VISIBLE_BLOCKS_JS = r"""() => {
  const height = window.innerHeight, width = document.documentElement.clientWidth;
  const blockOf = new Map(), clipOf = new Map();
  function block(element) {
    if (blockOf.has(element)) return blockOf.get(element);
    let found = element;
    while (found.parentElement && /^(inline|contents)/.test(getComputedStyle(found).display)
           && getComputedStyle(found).display !== "inline-block") {
      found = found.parentElement;
    }
    blockOf.set(element, found);
    return found;
  }
  function clip(element) {  // the rectangle an element's content is cut to
    if (clipOf.has(element)) return clipOf.get(element);
    let rect = {top: 0, left: 0, bottom: height, right: width};
    for (let up = element; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX !== "visible" || style.overflowY !== "visible") {
        const box = up.getBoundingClientRect();
        rect = {top: Math.max(rect.top, box.top), left: Math.max(rect.left, box.left),
                bottom: Math.min(rect.bottom, box.bottom), right: Math.min(rect.right, box.right)};
      }
    }
    clipOf.set(element, rect);
    return rect;
  }
  const blocks = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent) continue;
    if (!node.data.trim()) {  // the space between two marked words
      if (blocks.has(block(parent))) blocks.get(block(parent)).push(" ");
      continue;
    }
    if (!parent.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const box = parent.getBoundingClientRect();
    if (box.top >= height || box.bottom <= 0) continue;
    const limit = clip(parent);
    const words = [];
    for (const match of node.data.matchAll(/\S+/g)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rects = Array.from(range.getClientRects()).filter(r => r.width > 0);
      if (rects.length && rects.every(r => r.top >= limit.top - 0.5
          && r.bottom <= limit.bottom + 0.5 && r.left >= limit.left - 0.5
          && r.right <= limit.right + 0.5)) {
        words.push(match[0]);
      } else {
        words.push("\u2016");  // a word not seen breaks the fragment
      }
    }
    const owner = block(parent);
    if (!blocks.has(owner)) blocks.set(owner, []);
    const lead = /^\s/.test(node.data) ? " " : "", tail = /\s$/.test(node.data) ? " " : "";
    blocks.get(owner).push(lead + words.join(" ") + tail);
  }
  return Array.from(blocks.values()).map(parts => parts.join(""));
}"""


# A ratio reads the same with or without spaces: the booklets write "4:1", the site's own
# words (rulings, fact cards) "4 : 1" as Czech typography does.
_RATIO = re.compile(r"(\d)\s?:\s?(\d)")


def comparable(text: str) -> str:
    """Without case, diacritics or punctuation, words one space apart (as almanach.bench
    compares snippets); a word not seen (‖) stays a barrier."""
    text = _RATIO.sub(r"\1:\2", fold(text))
    return " ".join(re.sub(r"[^\w:\u2016]+", " ", text).split())


def _stem(word: str) -> str:
    from almanach.search import _stem as stem

    return stem(word)


def _words(text: str) -> list[tuple[str, str]]:
    """Each word of a comparable text with its stem."""
    return [(word, _stem(word)) for word in comparable(text).split()]


# Three-letter words the writers give whole ("jen", "nic", "pro"): never a stem, so never the
# start of a longer word ("nich", "proč").
_WHOLE_WORDS = frozenset(comparable(
    "jen nic než bez pro ani již aby zde při pod nad dál víc sám týž tři dvě dva oba obě pět "
    "lze ano ale kde kdy jak tak nám vám ním jím").split())


def _same_word(shown: tuple[str, str], wanted: tuple[str, str]) -> bool:
    """A shown word answers a key's word when their stems agree, or when the key's word begins
    it: the writers give keys as stems ("rytíř" for "rytířů", "přeruš" for "přeruší"), and
    stemming a stem again may cut it shorter. A key of four letters or more begins any word;
    a three-letter stem ("vln", "rud", "bod", "tah") only a word at most three letters longer
    ("vlnu", "rudy", "bodů", "tahy"), and a three-letter word given whole never does."""
    word, stem = shown
    key, key_stem = wanted
    if stem == key_stem:
        return True
    if key.isdigit() or not word.startswith(key):
        return False
    if len(key) >= 4:
        return True
    return (len(key) == 3 and key.isalpha() and key not in _WHOLE_WORDS
            and len(word) <= len(key) + 3)


def _holds_words(block: list[tuple[str, str]], phrase: str) -> bool:
    """Are the phrase's words next to each other in the block, each matched by its stem?"""
    wanted = _words(phrase)
    if not wanted:
        return False
    size = len(wanted)
    return any(all(_same_word(block[i + k], wanted[k]) for k in range(size))
               for i in range(len(block) - size + 1))


def answered(item: dict, blocks: list[str]) -> bool:
    """Does one visible block state one of the item's answers (a fragment whole, or every
    word of a keys alternative)?"""
    shown = [comparable(block) for block in blocks]
    fragments = item.get("answer", [])
    fragments = [fragments] if isinstance(fragments, str) else fragments
    for fragment in fragments:
        wanted = comparable(fragment)
        if wanted and any(wanted in block for block in shown):
            return True
    alternatives = item.get("keys", [])
    if alternatives:
        words = [[(word, _stem(word)) for word in block.split()] for block in shown]
        for alternative in alternatives:
            items = [alternative] if isinstance(alternative, str) else alternative
            if any(all(_holds_words(block, phrase) for phrase in items) for block in words):
                return True
    return False


@dataclass
class Outcome:
    n: int = 0
    answered: int = 0
    seconds: float = 0.0
    missed: list = field(default_factory=list)  # the questions whose answer was not seen

    @property
    def share(self) -> float:
        return self.answered / self.n if self.n else 0.0

    def line(self, name: str) -> str:
        return (f"{name}: first screen answers {self.answered}/{self.n} = {self.share:.1%} "
                f"({self.seconds / max(self.n, 1):.2f} s per question)")


def ask(page, base_url: str, question: str) -> list[str]:
    """Type the question into the search box, press Enter, and read the first screen."""
    box = page.locator("#hledat-q")
    if not page.url.startswith(base_url) or not box.count():
        page.goto(base_url + "/")
    box.fill(question)
    with page.expect_navigation(wait_until="domcontentloaded"):
        box.press("Enter")
    page.wait_for_function("document.readyState !== 'loading'")
    return page.evaluate(VISIBLE_BLOCKS_JS)


def measure(page, base_url: str, items: list[dict]) -> Outcome:
    outcome = Outcome(n=len(items))
    started = time.perf_counter()
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for item in items:
        try:
            blocks = ask(page, base_url, item["q"])
        except PlaywrightTimeout:  # a loaded machine lost the page: start it again, once
            page.goto(base_url + "/")
            blocks = ask(page, base_url, item["q"])
        if answered(item, blocks):
            outcome.answered += 1
        else:
            outcome.missed.append((item, blocks))
    outcome.seconds = time.perf_counter() - started
    return outcome


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def site() -> Iterator[str]:
    """The site on a free loopback port, its content loaded into a throwaway SQLite database;
    yields its base URL and stops it afterwards."""
    with tempfile.TemporaryDirectory(prefix="first-screen-") as folder:
        env = dict(os.environ, DATABASE_URL=f"sqlite:///{folder}/site.sqlite3",
                   DJANGO_SETTINGS_MODULE="config.settings", DJANGO_DEBUG="1",
                   DJANGO_PAGE_CACHE_SECONDS="0", PYTHONUNBUFFERED="1")
        manage = [sys.executable, str(ROOT / "manage.py")]
        for command in (["migrate", "--noinput"], ["load_content"]):
            subprocess.run(manage + command, cwd=ROOT, env=env, check=True,
                           stdout=subprocess.DEVNULL)
        port = _free_port()
        server = subprocess.Popen(
            manage + ["runserver", f"127.0.0.1:{port}", "--noreload", "--skip-checks"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(200):
                with contextlib.suppress(OSError):
                    urllib.request.urlopen(url + "/zdravi/", timeout=1).close()
                    break
                if server.poll() is not None:
                    raise RuntimeError("the site did not start (manage.py runserver ended)")
                time.sleep(0.1)
            else:
                raise RuntimeError("the site did not answer within 20 s")
            yield url
        finally:
            server.terminate()
            server.wait(timeout=10)


@contextlib.contextmanager
def phone(viewport: dict | None = None) -> Iterator:
    """One Chromium page the size of a phone (390×844), service worker blocked."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport=viewport or PHONE, locale="cs-CZ",
                                          service_workers="block")
            context.set_default_timeout(15_000)
            yield context.new_page()
        finally:
            browser.close()


def run(sets: list[tuple[str, Path]], url: str = "", show_misses: bool = False) -> dict:
    """Each set's Outcome by name; prints one line per set as it finishes."""
    from almanach.bench import HELD_OUT, load_eval

    outcomes = {}
    with contextlib.ExitStack() as stack:
        base = url.rstrip("/") or stack.enter_context(site())
        page = stack.enter_context(phone())
        for name, path in sets:
            if not path.exists():
                print(f"{name}: {path.relative_to(ROOT)} missing")
                continue
            outcome = measure(page, base, load_eval(path))
            outcomes[name] = outcome
            print(outcome.line(name), flush=True)
            if show_misses and path not in HELD_OUT:
                for item, blocks in outcome.missed:
                    shown = " | ".join(b for b in blocks if b.strip())[:300]
                    print(f"  not on the first screen: {item['q']!r} → {shown!r}")
    return outcomes


def main() -> None:
    from almanach.bench import EVAL_PATH, HELD_OUT, TUNE_PATH

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sets", nargs="*", metavar="NAME",
                        help="eval sets by name (tune, heldout, heldout2, old or a file under "
                             "almanach/eval/); default: the held-out sets and tune")
    parser.add_argument("--url", default="", help="a running site instead of starting one")
    parser.add_argument("--misses", action="store_true",
                        help="list what the tune and old sets missed (never a held-out set)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N questions")
    arguments = parser.parse_args()
    known = {"old": EVAL_PATH, "tune": TUNE_PATH}
    names = arguments.sets or [path.stem for path in HELD_OUT] + ["tune"]
    sets = [(name, known.get(name, ROOT / "almanach" / "eval" / f"{name}.toml"))
            for name in names]
    if arguments.limit:
        from almanach import bench

        loader = bench.load_eval
        bench.load_eval = lambda path: loader(path)[: arguments.limit]
    run(sets, arguments.url, arguments.misses)


if __name__ == "__main__":
    main()
