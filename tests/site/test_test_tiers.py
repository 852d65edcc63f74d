"""The quick tier (`make test-quick`) leaves out what tests/conftest.py marks slow: a test file
renamed or moved must not silently fall into the quick tier, nor a slow list name nothing."""

from pathlib import Path

from tests.conftest import SLOW, SLOW_TESTS

ROOT = Path(__file__).resolve().parents[2]


def test_every_file_the_quick_tier_leaves_out_exists():
    missing = [name for name in SLOW if not (ROOT / name).is_file()]
    assert missing == []


def test_every_single_test_the_quick_tier_leaves_out_exists():
    missing = [name for name in SLOW_TESTS
               if f"def {name.split('::')[1]}(" not in (ROOT / name.split("::")[0]).read_text(
                   encoding="utf-8")]
    assert missing == []


def test_the_makefile_s_quick_tier_leaves_out_the_browser_and_the_slow_tests():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert '-m "not browser and not slow"' in makefile
