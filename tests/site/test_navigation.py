"""The navigation marks the part of the site a page belongs to, and an error page none."""

import re

import pytest
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


def current(client: Client, url: str) -> list[str]:
    html = client.get(url).content.decode()
    return re.findall(r'<a href="[^"]*" aria-current="page">([^<]*)</a>', html)


@pytest.mark.parametrize(("url", "section"), [
    ("/almanach/", "Almanach"),
    ("/almanach/hledat/?q=zlodej", "Almanach"),
    ("/bez-pripojeni/", "Almanach"),
    ("/priklad-hry/tah/1/krok/1/", "Příklad hry"),
    ("/kvizy/", "Kvízy"),
    ("/hra/", "Kvízy"),
    ("/prihlaseni/", "Kvízy"),
    ("/hrat/", "Hrát"),
    ("/rozhodci/", "Rozhodčí"),
    ("/rozhodci/?plan=zzz", "Rozhodčí"),
])
def test_each_part_of_the_site_is_marked_in_the_navigation(client: Client, url, section):
    assert current(client, url) == [section]


@override_settings(DEBUG=False)
@pytest.mark.parametrize("url", [
    "/", "/tohle-neexistuje/", "/almanach/nic-takoveho/", "/priklad-hry/tah/99/krok/1/",
])
def test_home_and_error_pages_mark_no_part(client: Client, url):
    assert current(client, url) == []
