"""The engine is plain Python: no Django, no global random state."""

import random
import subprocess
import sys
from pathlib import Path

from engine_kit import random_game

ROOT = Path(__file__).resolve().parents[2]


def test_engine_never_imports_django():
    code = ("import sys, engine, engine.bench, engine.game, engine.rules\n"
            "engine.Game.beginner().legal_actions()\n"
            "assert 'django' not in sys.modules, sorted(m for m in sys.modules if 'django' in m)\n"
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_the_global_random_generator_is_never_used():
    random.seed(12345)
    state = random.getstate()
    random_game(7, 2000)
    assert random.getstate() == state


def test_same_seed_same_game():
    assert random_game(21, 800).to_json() == random_game(21, 800).to_json()
