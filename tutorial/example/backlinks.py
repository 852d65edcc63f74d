"""Links from Almanach entries back to the steps of the example game that apply them, and
the figures the tutorial draws for entries whose text points at a lost picture.

Registered with almanach.links in TutorialConfig.ready(); computed once from the replay.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import cache

from django.urls import reverse
from django.utils.safestring import mark_safe

from tutorial import narrate

MAX_PER_ENTRY = 6
log = logging.getLogger(__name__)


@cache
def _index() -> dict[str, list[tuple[str, str]]]:
    from tutorial.example.replay import example_game

    found: dict[str, list[tuple[str, str]]] = {}
    turns_seen: dict[str, set[int]] = {}
    for step in example_game().all_steps():
        label = narrate.step_label(step.events)
        url = reverse("example:step", kwargs={"turn": step.turn, "step": step.number})
        for slug in step.rules:
            seen = turns_seen.setdefault(slug, set())
            if step.turn in seen or len(seen) >= MAX_PER_ENTRY:
                continue  # one link per turn, a handful per entry
            seen.add(step.turn)
            found.setdefault(slug, []).append((f"Příklad hry, {step.turn}. tah: {label}", url))
    return found


def example_game_steps(slug: str) -> list[tuple[str, str]]:
    """Provider for almanach.links: (label, url) of the steps that apply the entry's rule."""
    try:
        return list(_index().get(slug, []))
    except Exception:  # an engine problem must never break an Almanach page
        log.exception("example game back-links unavailable")
        return []


def entry_figures(slug: str) -> list:
    """Provider for almanach.figures: the drawn pictures of tutorial.example.figures, marked safe
    (board_svg escapes every text it writes)."""
    from tutorial.example.figures import figures_for

    return [replace(figure, svg=mark_safe(figure.svg)) for figure in figures_for(slug)]
