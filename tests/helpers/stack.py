"""Run a deep, hot computation without CPython 3.11 mapping and unmapping its frame memory.

CPython 3.11 keeps Python frames in chunks of 16 KiB (`push_chunk` and
`_PyThreadState_PopFrame` in Python/pystate.c): a call that does not fit in the current chunk
maps a new one, and returning from it unmaps it again. A hot loop whose calls go back and
forth across such a boundary makes a system call pair and a page fault per call. The review
of the seeded game hit one under the test client (tests/review/conftest.py): 1.47 million
page faults and 13-15 CPU-s instead of 4.9 (the same review called from a few frames
shallower or deeper has none).

``roomy(function, *args)`` calls ``function`` from a frame with 16,000 (never used) local
variables: it does not fit in the current chunk, so CPython maps a 256 KiB chunk for it and
the calls below it share the 134 KB left there, with no boundary to cross. The result is the
same; only where the frames live changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_LOCALS = 16_000  # 128 KB of frame; CPython then maps 256 KiB (the size doubles from 16 KiB
# until it holds the frame and 1,000 more words)

_source = (
    "def roomy(function, *args):\n"
    "    if False:\n"
    f"        {' = '.join(f'_{i}' for i in range(_LOCALS))} = None\n"
    "    return function(*args)\n"
)
_namespace: dict[str, Any] = {}
exec(compile(_source, "<tests.helpers.stack>", "exec"), _namespace)  # noqa: S102  (our own text)
roomy: Callable[..., Any] = _namespace["roomy"]
roomy.__doc__ = "function(*args), called from a frame that starts its own 256 KiB chunk."
