"""Deployment settings: production refuses to start half-configured and passes check --deploy."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from tests.site.settings_probe import read_settings

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION_ENV = {
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": "t3st-Only+Q9v!rM2#pL8zW@xC5nB7yF1hJ4kD6sG0aE-uR_iO%oP^lZ&mN*bV(cX)",
    "DJANGO_ALLOWED_HOSTS": "katan.example.cz",
}


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean, capture_output=True, text=True
    )


def test_production_check_deploy_reports_no_warnings():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


# The refusals happen while the settings are read, before Django does anything else: reading
# them in this process is what a server start would do first.
def test_production_settings_read_whole():
    settings = read_settings(PRODUCTION_ENV)
    assert settings.DEBUG is False
    assert settings.SECRET_KEY == PRODUCTION_ENV["DJANGO_SECRET_KEY"]
    assert settings.ALLOWED_HOSTS == ["katan.example.cz"]


@pytest.mark.parametrize("missing", ["DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS"])
def test_production_refuses_to_start_without(missing):
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != missing}
    with pytest.raises(ImproperlyConfigured, match=missing):
        read_settings(env)


def test_production_refuses_a_short_secret_key():
    with pytest.raises(ImproperlyConfigured, match="DJANGO_SECRET_KEY"):
        read_settings({**PRODUCTION_ENV, "DJANGO_SECRET_KEY": "too-short"})
