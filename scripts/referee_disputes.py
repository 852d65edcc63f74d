"""Rozhodčí against table disputes written from the printed rules alone (issue #39's own check).

Reads tests/referee/disputes.toml (each case: a dispute in a player's words, a position in the
engine's JSON, a question for `POST /rozhodci/api`, the ruling the seed texts give and the
sentence that gives it), asks the site's public JSON API each one through Django's test client
and compares the answer's fields with the expected ruling. Prints one line per case the site
rules otherwise (id, what the rules say, what the site said), then

    referee disputes: <k> of <n> ruled as the rules say

A case marked `needs = "<question>"` asks something the API may not offer yet; while the API
refuses the question it counts as failing, with that reason. When the seed texts are at hand
(--seeds, default /work/shared/seeds), every case's source sentence is looked up in its file and
a sentence not found is reported too.

    .venv/bin/python scripts/referee_disputes.py [--only ID ...] [--show-answers]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

CASES_PATH = ROOT / "tests" / "referee" / "disputes.toml"
SEEDS_DIR = Path("/work/shared/seeds")
API_URL = "/rozhodci/api"
# The question's own arguments, copied from a case into the request body as they are.
ARGUMENTS = ("akce", "barva", "pole", "hod")
# expect key -> what it is compared with in the answer (for the messages).
EXPECT_KEYS = {
    "smi": "smi",
    "holder": "drzitel",
    "lengths": "delky",
    "victims": "okrast",
    "yields": "zisky",
    "discard": "odevzdat",
    "points": "body.*.verejne",
    "hidden": "body.*.skryte",
    "winner": "vitez",
    "settlements_include": "vesnice",
    "settlements_exclude": "vesnice",
    "roads_include": "silnice",
    "roads_exclude": "silnice",
    "cities_include": "mesto",
    "cities_exclude": "mesto",
}


@dataclass
class Verdict:
    case: dict
    status: int
    answer: dict
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def line(self) -> str:
        case = self.case
        said = self.answer.get("odpoved") or self.answer.get("chyba") or ""
        edition = f" [{case['edition']}]" if case.get("edition") else ""
        return (f"{case['id']}{edition}: {'; '.join(self.problems)}"
                + (f" (site: „{said}“)" if said else ""))


def load_cases(path: Path = CASES_PATH) -> list[dict]:
    with path.open("rb") as handle:
        cases = tomllib.load(handle)["case"]
    for case in cases:
        unknown = set(case["expect"]) - set(EXPECT_KEYS)
        if unknown:
            raise ValueError(f"{case['id']}: unknown expect keys {sorted(unknown)}")
    return cases


def request_body(case: dict) -> dict:
    position = json.loads(json.dumps(case.get("position", {})))
    for dotted in case.get("position_nulls", []):  # TOML cannot write JSON's null
        *parents, last = dotted.split(".")
        table = position
        for key in parents:
            table = table.setdefault(key, {})
        table[last] = None
    body = {"position": position, "otazka": case["otazka"]}
    for name in ARGUMENTS:
        if name in case:
            body[name] = case[name]
    return body


def _show(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _yields(answer: dict) -> dict:
    gains = answer.get("zisky") or {}
    cleaned = {colour: {res: n for res, n in cards.items() if n} for colour, cards in gains.items()}
    return {colour: cards for colour, cards in cleaned.items() if cards}


def _points(answer: dict, colour: str, key: str):
    entry = (answer.get("body") or {}).get(colour)
    if entry is None:
        return None
    value = entry.get(key)
    return 0 if value is None and key == "skryte" else value


def compare(case: dict, status: int, answer: dict) -> list[str]:
    """What differs between the case's expected ruling and the API's answer (empty: agreed)."""
    if status != 200:
        reason = answer.get("chyba") or f"status {status}"
        if case.get("needs") and case["needs"] == case["otazka"]:
            return [f"the API cannot ask „{case['needs']}“ yet (status {status}: {reason})"]
        return [f"the site refused the position or question with status {status}: {reason}"]
    problems = []
    for key, expected in case["expect"].items():
        if key == "smi":
            if answer.get("smi") is not expected:
                said = _show(answer.get("smi"))
                problems.append(f"rules: smi={_show(expected)}, site: smi={said}")
        elif key == "holder":
            said = answer.get("drzitel") or "none"
            if said != expected:
                problems.append(f"rules: Longest Road with {expected}, site: with {said}")
        elif key == "lengths":
            said = answer.get("delky") or {}
            for colour, length in expected.items():
                if said.get(colour, 0) != length:
                    problems.append(f"rules: {colour}'s road {length}, site: {said.get(colour, 0)}")
        elif key == "victims":
            said = sorted(answer.get("okrast") or [])
            if said != sorted(expected):
                problems.append(f"rules: may rob {sorted(expected)}, site: {said}")
        elif key == "yields":
            said = _yields(answer)
            if said != expected:
                problems.append(f"rules: yields {_show(expected)}, site: {_show(said)}")
        elif key == "discard":
            said = {colour: n for colour, n in (answer.get("odevzdat") or {}).items() if n}
            if said != expected:
                problems.append(f"rules: discard {_show(expected)}, site: {_show(said)}")
        elif key in ("points", "hidden"):
            field_name = "verejne" if key == "points" else "skryte"
            for colour, points in expected.items():
                said = _points(answer, colour, field_name)
                if said != points:
                    problems.append(f"rules: {colour} {key} {points}, site: {said}")
        elif key == "winner":
            if "vitez" not in answer:
                problems.append("the answer names no winner (no field „vitez“)")
            elif (answer["vitez"] or "none") != expected:
                problems.append(f"rules: winner {expected}, site: {answer['vitez'] or 'none'}")
        else:
            places, _, kind = key.partition("_")
            said = set(answer.get({"settlements": "vesnice", "roads": "silnice",
                                   "cities": "mesto"}[places]) or [])
            if kind == "include" and set(expected) - said:
                problems.append(f"rules: {places} allowed at {sorted(set(expected) - said)}, "
                                "site: not listed")
            if kind == "exclude" and set(expected) & said:
                problems.append(f"rules: no {places} at {sorted(set(expected) & said)}, "
                                "site: listed")
    return problems


def judge(client, case: dict) -> Verdict:
    response = client.post(API_URL, data=json.dumps(request_body(case)),
                           content_type="application/json")
    try:
        answer = response.json()
    except ValueError:
        answer = {"chyba": response.content[:200].decode("utf-8", "replace")}
    return Verdict(case, response.status_code, answer, compare(case, response.status_code, answer))


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def missing_sources(cases: list[dict], seeds: Path = SEEDS_DIR) -> list[str]:
    """Cases whose source sentence is not in the seed file it names."""
    texts: dict[str, str] = {}
    missing = []
    for case in cases:
        name = case["source"]["file"]
        if name not in texts:
            texts[name] = _normalise((seeds / name).read_text(encoding="utf-8"))
        if _normalise(case["source"]["text"]) not in texts[name]:
            missing.append(case["id"])
    return missing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", help="case ids to run (default: all)")
    parser.add_argument("--show-answers", action="store_true",
                        help="print the site's whole answer for each failed case")
    parser.add_argument("--seeds", type=Path, default=SEEDS_DIR,
                        help="folder with the seed texts, to check the quoted sentences")
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.test import Client
    from django.test.utils import setup_test_environment

    settings.ALLOWED_HOSTS = ["*"]
    setup_test_environment()
    client = Client()

    cases = load_cases()
    if args.only:
        cases = [case for case in cases if case["id"] in set(args.only)]
    if args.seeds.is_dir():
        for case_id in missing_sources(cases, args.seeds):
            print(f"SOURCE NOT FOUND {case_id}: the quoted sentence is not in its seed file")
    right = 0
    for case in cases:
        verdict = judge(client, case)
        if verdict.ok:
            right += 1
            continue
        print(f"FAIL {verdict.line()}")
        if args.show_answers:
            print("    " + _show(verdict.answer))
    print(f"referee disputes: {right} of {len(cases)} ruled as the rules say")


if __name__ == "__main__":
    main()
