"""The load script that prints the README's Hrát figure keeps working: a tiny run on
loopback, under gunicorn with production settings, plays without errors."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_play_load_script_plays_games_without_errors(script_env):
    result = subprocess.run(
        [sys.executable, "scripts/loadtest_play.py", "--games", "2", "--moves", "6",
         "--seconds", "30", "--think", "0", "--workers", "1"],
        cwd=ROOT, env=script_env, capture_output=True, text=True, timeout=240)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    summary = re.search(r"^loadtest_play games=(\d+) moves=(\d+) p50_ms=[\d.]+ p95_ms=[\d.]+"
                        r" errors=(\d+)$", result.stdout, re.M)
    assert summary, result.stdout
    assert summary[1] == "2" and int(summary[2]) == 12 and summary[3] == "0", result.stdout
