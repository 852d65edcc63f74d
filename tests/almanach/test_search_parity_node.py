"""The offline search (offline/static/js/search/*.js, in Node) gives the server's first result
on every question of every evaluation set: the same entry, the same passage and the same
snippet to the character. The scripts mirror almanach/search/ stage by stage; this is where the
two are held to each other, in a few seconds, without a browser."""

import json
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from almanach.search import SearchIndex

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "offline" / "static" / "js" / "search"
# The order the service worker and the offline page load them in (offline/views.py).
STAGES = ("analyse.js", "retrieve.js", "choose.js", "snippet.js", "index.js", "answers.js")
EVAL_SETS = sorted((ROOT / "almanach" / "eval").glob("*.toml")) + [
    ROOT / "tests" / "almanach" / "search_eval.toml"]
NODE = shutil.which("node")

HARNESS = """
globalThis.self = globalThis;
const fs = require("fs");
const [scripts, indexPath, queriesPath] = process.argv.slice(2);
for (const script of JSON.parse(scripts)) require(script);
const data = JSON.parse(fs.readFileSync(indexPath, "utf8"));
const queries = JSON.parse(fs.readFileSync(queriesPath, "utf8"));
const found = queries.map((q) => self.offlineSearch(data, q, 3).map(
  (hit) => [hit.slug, hit.line, hit.snippet, hit.cited]));
process.stdout.write(JSON.stringify(found));
"""


def _questions() -> list[str]:
    questions = []
    for path in EVAL_SETS:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        questions += [item["q"] for item in data.get("queries", [])]
        questions += [item["otazka"] for item in data.get("otazka", [])]  # the official FAQ
    return list(dict.fromkeys(questions))


def _offline(index: SearchIndex, queries: list[str], folder: Path) -> list[list]:
    if NODE is None:
        pytest.fail("node is not installed: the offline search cannot be checked")
    (folder / "harness.js").write_text(HARNESS, encoding="utf-8")
    (folder / "index.json").write_text(json.dumps(index.export(), ensure_ascii=False),
                                       encoding="utf-8")
    (folder / "queries.json").write_text(json.dumps(queries, ensure_ascii=False),
                                         encoding="utf-8")
    scripts = json.dumps([str(SCRIPTS / name) for name in STAGES])
    out = subprocess.run([NODE, str(folder / "harness.js"), scripts, str(folder / "index.json"),
                          str(folder / "queries.json")],
                         capture_output=True, text=True, check=True, timeout=300)
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def both(file_index, tmp_path_factory):
    queries = _questions()
    server = [[[hit.slug, hit.line, hit.snippet, hit.cited]
               for hit in file_index.search(q, limit=3).hits]
              for q in queries]
    return queries, server, _offline(file_index, queries, tmp_path_factory.mktemp("parity"))


def test_every_eval_set_is_asked(both):
    queries, _, _ = both
    assert len(EVAL_SETS) >= 6 and len(queries) > 2400


def test_offline_the_first_result_is_the_servers_entry_and_passage(both):
    queries, server, offline = both
    differ = [(n, s[:1] and s[0][:2], o[:1] and o[0][:2])
              for n, (s, o) in enumerate(zip(server, offline, strict=True))
              if [h[:2] for h in s[:1]] != [h[:2] for h in o[:1]]]
    # Numbers only: the held-out questions are not to be read while tuning.
    assert differ == [], f"{len(differ)} of {len(queries)} differ: {differ[:10]}"


def test_offline_the_first_snippet_is_the_servers_to_the_character(both):
    queries, server, offline = both
    differ = [n for n, (s, o) in enumerate(zip(server, offline, strict=True))
              if [h[2] for h in s[:1]] != [h[2] for h in o[:1]]]
    assert differ == [], f"{len(differ)} of {len(queries)} differ, e.g. no. {differ[:10]}"


def test_offline_the_next_two_results_are_the_servers(both):
    """…with the same quotation of the question that lifted each (the answer's sentence)."""
    queries, server, offline = both
    differ = [n for n, (s, o) in enumerate(zip(server, offline, strict=True)) if s != o]
    assert differ == [], f"{len(differ)} of {len(queries)} differ, e.g. no. {differ[:10]}"
