"""Engine tests: make the helper module engine_kit importable (the test folders have no
__init__.py)."""

import sys
from pathlib import Path

HERE = str(Path(__file__).parent)
if HERE not in sys.path:
    sys.path.append(HERE)
