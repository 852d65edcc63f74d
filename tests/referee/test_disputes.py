"""Rozhodčí rules table disputes as the printed rules do (issue #39's own check).

Every case of tests/referee/disputes.toml is one test: the dispute's position and question go to
the public JSON API (`POST /rozhodci/api`) and the answer must give the ruling the quoted seed
sentence gives. The cases were written from the rules texts alone, without reading the
referee's code; scripts/referee_disputes.py runs the same cases and prints the tally.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEED_FILES = {
    "000_83a7f7dfc3a37a51.txt", "001_51c730f8c49c5dd5.txt", "002_b7089a2d3a1808a1.txt",
    "003_e5519b7d6ee1e1d5.txt", "004_eb8b0f0900cddc2c.txt",
}
QUESTIONS = {"smi", "nejdelsi-cesta", "kam-stavet", "koho-okrast", "vynosy", "body", "kdo-vyhral"}


def _runner():
    spec = importlib.util.spec_from_file_location(
        "referee_disputes", ROOT / "scripts" / "referee_disputes.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


RUNNER = _runner()
CASES = RUNNER.load_cases()


def test_the_set_is_large_varied_and_sourced():
    ids = [case["id"] for case in CASES]
    assert len(ids) >= 60 and len(set(ids)) == len(ids)
    assert {case["otazka"] for case in CASES} == QUESTIONS
    for case in CASES:
        assert case["spor"].strip() and case["expect"], case["id"]
        assert case["source"]["file"] in SEED_FILES, case["id"]
        assert len(case["source"]["text"]) > 20, case["id"]
        assert case["otazka"] in QUESTIONS, case["id"]


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_dispute_is_ruled_as_the_rules_say(client, case):
    verdict = RUNNER.judge(client, case)
    assert verdict.ok, verdict.line()
