"""Editing a position in Rozhodčí: a tap on the board (a piece, a road drawn from–to, the
robber) and the settings form 'Hráči, karty a tah' (everything the taps do not set). Each
returns the changed position or raises :class:`~tutorial.referee.notation.BadCode` with the
Czech reason; whether the position can be so, ``notation.build`` decides afterwards.
"""

from __future__ import annotations

from dataclasses import replace

from engine import topology as topo
from tutorial.referee import forms as referee_forms
from tutorial.referee import notation
from tutorial.referee.notation import BadCode, Table
from tutorial.referee.state import EDIT_TOOLS, UiState


def tap(pos: Table, state: UiState, place: str) -> Table:
    """A tap on ``place`` with the state's tool (:func:`tapped` says where the next road
    drawn from–to starts)."""
    tool = EDIT_TOOLS.get(state.tool)
    if tool == "draw":
        if place not in topo.INTERSECTION_INDEX:
            raise BadCode("Klepněte na křižovatku.")
        place = notation._canonical("settlement", place)
        start = state.road_from
        # The first tap (or a tap on the start again) only chooses where roads start; the
        # next one lays them.
        if not start or start == place:
            return pos
        return notation.draw_road(pos, state.color, start, place)
    if tool == "robber":
        if place not in topo.HEX_INDEX:
            raise BadCode("Zloděj stojí na poli.")
        return replace(pos, robber=place)
    if tool is None:
        raise BadCode("Zvolte, co chcete stavět.")
    known = topo.PATH_INDEX if tool == "road" else topo.INTERSECTION_INDEX
    if place not in known:
        raise BadCode("Takové místo na plánu není.")
    place = notation._canonical(tool, place)
    if len(pos.pieces) >= notation.MAX_PIECES:
        raise BadCode("Víc figurek se na plán nevejde.")
    return notation.toggle(pos, state.color, tool, place)


def tapped(state: UiState, place: str) -> UiState:
    """The UI state after a tap on ``place``, whether or not the tap changed the position:
    with "Silnice od–do" the road goes on from the intersection tapped (a tap on the start
    again ends the drawing)."""
    if EDIT_TOOLS.get(state.tool) != "draw" or place not in topo.INTERSECTION_INDEX:
        return state
    place = notation._canonical("settlement", place)
    return replace(state, road_from="" if place == state.road_from else place)


def apply_form(pos: Table, get) -> Table:
    """The 'Hráči, karty a tah' form: players, rules, hands, development cards, knights and
    whose turn it is (everything the board taps do not set)."""
    players = tuple(c for c in notation.ALL_COLORS if get.get(f"hraje-{c}"))
    rules = referee_forms.RulesForm(get).letters()
    if "2" in rules and len(players) != 2:
        raise BadCode("Katan pro dva hrají právě 2 hráči: zaškrtněte dvě barvy.")
    if len(players) < 2:
        raise BadCode("Hrají aspoň 2 hráči.")
    cards = referee_forms.CardsForm(get, players)
    if not cards.is_valid():
        raise BadCode(cards.first_error())
    hands, dev, counts = cards.cards()
    order = [c for c, _k in pos.knights] + [c for c in players if c not in dict(pos.knights)]
    knights = [(c, counts[c]) for c in order if c in counts and counts[c]]
    current = get.get("na-tahu", "")
    phase = get.get("faze", "")
    if current not in players:
        current = phase = ""
    elif phase not in _phases_of(rules):
        phase = notation.default_phase(replace(pos, rules=rules))
    turn = referee_forms.TurnForm(get, players, two_player="2" in rules)
    if not turn.is_valid():
        raise BadCode(turn.first_error())
    pieces = tuple(p for p in pos.pieces
                   if p[0] in players or ("2" in rules and len(players) == 2))
    colors = notation.Table(players=players, rules=rules).colors()
    holders = referee_forms.HoldersForm(get, colors, players)
    if not holders.is_valid():
        raise BadCode(holders.first_error())
    road, army = holders.holders(pos.road_holder, pos.army_holder)
    return replace(pos, players=players, rules=rules, hands=hands, dev=dev,
                   knights=tuple(knights), current=current, phase=phase, pieces=pieces,
                   road_holder=road, army_holder=army, **turn.turn_state())


def _phases_of(rules) -> tuple[str, ...]:
    """The phases a turn may be in under these rules (the engine's names)."""
    play = ("main",) if "k" in rules else ("trade", "build")
    return ("roll", *play, "discard", "robber", "setup")
