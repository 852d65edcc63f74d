"""The suite's own machinery: pytest rewrites the test modules' asserts so that a failure
shows what was compared. On a fresh clone each xdist worker rewrites a share of the modules
ahead of collecting (tests/conftest.py, pytest_collection) and reads the rest from the cache
the other worker wrote: whichever worker wrote this module, its asserts say what failed."""

import pytest


def test_a_failed_assert_shows_both_sides():
    expected, found = ["Zloděj", "Poušť"], ["Zloděj", "Les"]
    with pytest.raises(AssertionError) as failure:
        assert found == expected
    assert "['Zloděj', 'Les'] == ['Zloděj', 'Poušť']" in str(failure.value)
