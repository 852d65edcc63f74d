"""What a wheel of the project holds: every package with the templates, static files, content
and data the site reads at run time (pyproject.toml's package-data), the offline app included.

A wheel is what setuptools' build_py lays out (bdist_wheel adds only its metadata), so the
test runs build_py on a copy of the packages, offline, with the setuptools of the virtualenv:
no network, no `wheel` package, nothing written into the checkout. Only the search's
evaluation sets (almanach/eval/) stay out: the benchmarks and tests read them from the checkout.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("config", "almanach", "tutorial", "engine", "offline")
DEVELOPMENT_ONLY = ("almanach/eval/",)
SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


def files_under(root: Path) -> set[str]:
    return {path.relative_to(root).as_posix() for path in root.rglob("*")
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[set[str], set[str]]:
    """(the files of the packages in the checkout, the files build_py puts in the wheel)."""
    tmp_path = tmp_path_factory.mktemp("packaging")
    source, out = tmp_path / "source", tmp_path / "wheel"
    for package in PACKAGES:
        shutil.copytree(ROOT / package, source / package, ignore=SKIPPED)
    shutil.copy(ROOT / "pyproject.toml", source / "pyproject.toml")
    done = subprocess.run(
        [sys.executable, "-c", "import setuptools; setuptools.setup()", "--quiet",
         "build_py", "--build-lib", str(out)],
        cwd=source, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    checkout = {name for name in files_under(source)
                if name.split("/")[0] in PACKAGES and not name.startswith(DEVELOPMENT_ONLY)}
    return checkout, files_under(out)


def test_the_wheel_holds_every_file_the_site_reads(built):
    checkout, wheel = built
    assert sorted(checkout - wheel) == []
    # What was missing before: the offline app, the templates and static files of Hrát,
    # Rozhodčí and the lessons' accounts (their e-mails too) and projector, the seat rates
    # and the figures.
    for name in ("offline/static/sw.js", "offline/static/js/search/index.js",
                 "offline/views.py", "tutorial/play/static/play/discard.js",
                 "tutorial/play/seat_rates.json", "tutorial/example/figures.toml",
                 "tutorial/example/static/example/step.js", "engine/review/weights.json",
                 "tutorial/lessons/templates/lessons/accounts/reset_email.txt"):
        assert name in wheel, name
    for folder in ("tutorial/play/templates/play/", "tutorial/referee/templates/referee/",
                   "tutorial/lessons/templates/lessons/projector/",
                   "tutorial/lessons/templates/lessons/accounts/",
                   "tutorial/review/templates/review/",
                   "offline/templates/offline/", "almanach/content/hesla/"):
        assert any(name.startswith(folder) for name in wheel), folder


def test_the_wheel_leaves_out_the_evaluation_sets_and_adds_nothing(built):
    checkout, wheel = built
    assert not any(name.startswith(DEVELOPMENT_ONLY) for name in wheel)
    assert wheel - checkout == set()
