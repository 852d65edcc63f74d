"""Deployment settings: production refuses to start half-configured and passes check --deploy."""

import os
import subprocess
import sys
from pathlib import Path

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


def test_production_refuses_to_start_without_secret_key():
    env = dict(PRODUCTION_ENV)
    del env["DJANGO_SECRET_KEY"]
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_production_refuses_to_start_without_allowed_hosts():
    env = dict(PRODUCTION_ENV)
    del env["DJANGO_ALLOWED_HOSTS"]
    result = run_manage("check", env=env)
    assert result.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS" in result.stderr
