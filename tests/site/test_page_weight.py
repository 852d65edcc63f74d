"""Page weight: every public page transfers at most 60 KB, HTML, CSS, JS and images together.

Sizes are gzip-compressed, as whitenoise serves static files and a gzip-enabled proxy or
GZipMiddleware would serve the HTML; brotli, which whitenoise also offers, is smaller still.
"""

import gzip
import re

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

pytestmark = pytest.mark.django_db

LIMIT = 60 * 1024
ASSET = re.compile(r'<(?:link[^>]+href|script[^>]+src|img[^>]+src)="(?P<url>[^"]+)"')


def compressed(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9))


def transfer_size(client: Client, url: str) -> dict[str, int]:
    response = client.get(url)
    assert response.status_code == 200, url
    html = response.content
    sizes = {url: compressed(html)}
    for match in ASSET.finditer(html.decode()):
        asset = match.group("url")
        if not asset.startswith(settings.STATIC_URL):
            continue
        path = finders.find(asset.removeprefix(settings.STATIC_URL).split("?")[0])
        assert path, f"{asset} is linked from {url} but does not exist"
        with open(path, "rb") as handle:
            sizes[asset] = compressed(handle.read())
    return sizes


PUBLIC_PAGES = [
    "/",
    "/almanach/",
    "/almanach/nejdelsi-obchodni-cesta/",
    "/almanach/hledat/?q=zlodej",
    "/priklad-hry/",
    "/priklad-hry/tah/7/krok/2/",
    "/priklad-hry/tah/16/",
    "/kvizy/",
    "/kvizy/vesnice/a1/",
    "/kvizy/sedmicka/a1/",
    "/kvizy/nejdelsi-cesta/s7/",
    "/kvizy/zkus/?tah=11&krok=2&druh=vesnice&hrac=blue",
    "/hra/",
    "/prihlaseni/",
]


@pytest.mark.parametrize("url", PUBLIC_PAGES)
def test_public_page_weighs_at_most_60_kb(content, url):
    sizes = transfer_size(Client(), url)
    total = sum(sizes.values())
    print(f"{url}: {total / 1024:.1f} KB {sizes}")
    assert total <= LIMIT, f"{url} weighs {total / 1024:.1f} KB: {sizes}"


def test_quiz_feedback_page_weighs_at_most_60_kb(content):
    client = Client()
    response = client.post("/kvizy/vesnice/a1/", {"vyber": "1", "misto": ["a1.N", "c3.S"]})
    assert response.status_code == 302
    sizes = transfer_size(client, response["Location"])
    assert "quiz-feedback" in client.get(response["Location"]).content.decode()
    assert sum(sizes.values()) <= LIMIT, sizes
