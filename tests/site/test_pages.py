"""Project-wide pages: home, health check, Czech error pages, security headers."""

import pytest
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


def test_home_page_links_the_three_parts(client: Client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="cs">' in html
    for label in ("Almanach", "Příklad hry", "Kvízy"):
        assert label in html
    assert 'name="q"' in html, "every page has the search box"


def test_health_check_reports_ok(client: Client):
    response = client.get("/zdravi/")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


@override_settings(DEBUG=False)
def test_unknown_url_gets_czech_404(client: Client):
    response = client.get("/tohle-neexistuje/")
    assert response.status_code == 404
    assert "Stránka nenalezena" in response.content.decode()


def test_czech_500_page_renders_without_request_context():
    from django.test import RequestFactory

    from config.views import server_error

    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert "Chyba serveru" in response.content.decode()


def test_pages_carry_a_strict_content_security_policy(client: Client):
    response = client.get("/")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
