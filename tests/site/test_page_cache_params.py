"""Made-up query parameters never fill the page cache (issue 22, Low 2): a reading page is
kept under the parameters its view reads; a URL with anything else is redirected to the
page's clean URL (as /kvizy/zkus/ already does for its own parameters)."""

import pytest
from django.core.cache import caches

pytestmark = pytest.mark.usefixtures("content")


def stored_pages() -> int:
    return sum(1 for key in caches["default"]._cache if ":page:" in key)


@pytest.mark.parametrize("path", ["/priklad-hry/hra.json", "/almanach/zlodej/", "/",
                                  "/priklad-hry/tah/3/krok/1/", "/kvizy/"])
def test_random_parameters_are_redirected_and_never_stored(client, path):
    assert client.get(path).status_code == 200
    before = stored_pages()
    for number in range(20):
        response = client.get(path, {"z": f"nahodne{number}"})
        assert response.status_code == 302 and response["Location"] == path
    assert stored_pages() == before == 1


def test_the_parameters_a_page_reads_are_kept(client):
    response = client.get("/almanach/hledat/", {"q": "zloděj", "utm_source": "x", "z": "1"})
    assert response.status_code == 302
    assert response["Location"] == "/almanach/hledat/?q=zlod%C4%9Bj"
    page = client.get(response["Location"])
    assert page.status_code == 200 and "Zloděj" in page.content.decode()
    # The page's own parameter with a new value is a new page, as it should be.
    assert client.get("/almanach/hledat/", {"q": "loupežník"}).status_code == 200
