"""What a transactional test (live_server, transactional_db) leaves behind for the next one:
nothing of its own, and the site's content as django_db_setup loaded it (tests/conftest.py)."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import TransactionTestCase

from almanach.models import Entry


class _Ending(TransactionTestCase):
    __test__ = False  # only its teardown is used

    def runTest(self):  # noqa: N802 (unittest's name)
        pass


@pytest.mark.django_db(transaction=True)
def test_a_transactional_test_ends_with_the_database_as_it_was(content):
    entries = list(Entry.objects.order_by("slug").values_list("slug", "plain"))
    get_user_model().objects.create_user("novakova", password="Katan-uci-2026!")
    Entry.objects.filter(slug="zlodej").update(plain="změněno")

    _Ending()._fixture_teardown()

    assert not get_user_model().objects.exists()
    if connection.vendor == "sqlite":  # put back from the copy: the Almanach is there
        assert list(Entry.objects.order_by("slug").values_list("slug", "plain")) == entries
    else:  # flushed: the next test's `content` loads the Almanach again
        assert not Entry.objects.exists()
