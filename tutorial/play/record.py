"""A played game as a record: the example game's shapes (Turn, Step), so the example's
viewer steps through it and /hrat/<id>/zapis.json has the format of /priklad-hry/hra.json.

A record turn is one player's turn; on a variable board each player's set-up placement
(a settlement and its road) is a turn of its own before the first roll. The steps are the
log's actions, one each.

Nothing here holds a whole game in snapshots, however long the game: zapis.json comes in
pages of about PAGE_ACTIONS actions, and a step page replays the log up to its step and
snapshots that step alone. What a process keeps per game is its turn index (where each
record turn starts), a few numbers per turn.

Every step, event, state and narration passes :mod:`tutorial.narrate`'s filter for the
record's viewer (:func:`viewer_of`): while a game with people runs, a player at the table
sees their own cards only.
"""

from __future__ import annotations

import re
import threading
from bisect import bisect_right
from collections import OrderedDict
from dataclasses import dataclass

from django.urls import reverse

from engine import Game, actions, words
from engine.errors import InvalidInput, RuleViolation
from tutorial import action_words, board_svg, narrate
from tutorial import pages as site_pages
from tutorial.example import replay as example_replay
from tutorial.example.views import StepPages, render_step
from tutorial.inputs import parse_int
from tutorial.play import flow, store
from tutorial.play.models import Move

_TURN_ENDS = {"end_turn", "place_road"}
PAGE_ACTIONS = 250  # actions in one page of zapis.json (a page ends with a turn if it can)
STEPS_AROUND = 20  # steps of a long turn listed on either side of the step shown
TURNS_AROUND = 20  # turns of a long game listed on either side of the turn shown
_BROKEN = (RuleViolation, InvalidInput, KeyError, TypeError, ValueError)


class NoSuchPage(Exception):
    """zapis.json?strana=<n> with no such page; the message is Czech."""


def turn_steps(types: list[str]) -> list[tuple[int, int]]:
    """(record turn, step) of every action in the log, both from 1."""
    out, turn, step = [], 1, 0
    for kind in types:
        step += 1
        out.append((turn, step))
        if kind in _TURN_ENDS:
            turn, step = turn + 1, 0
    return out


# --- the turn index ------------------------------------------------------------------------

@dataclass(frozen=True)
class Index:
    """Where each record turn starts in the log, and who plays it."""

    starts: tuple[int, ...]  # the log number of each turn's first action
    players: tuple[str, ...]
    length: int  # actions in the log
    closed: bool = True  # the last action ended a turn (the next one starts a new turn)

    @property
    def turn_count(self) -> int:
        return len(self.starts)

    def steps_in(self, turn: int) -> int:
        end = self.starts[turn] if turn < len(self.starts) else self.length
        return end - self.starts[turn - 1]

    def locate(self, number: int) -> tuple[int, int]:
        """(turn, step) of the log's action ``number``."""
        turn = bisect_right(self.starts, number)
        return turn, number - self.starts[turn - 1] + 1

    def number(self, turn: int, step: int) -> int:
        return self.starts[turn - 1] + step - 1

    def extended(self, rows) -> Index:
        """The index after more actions, (type, player) each."""
        starts, players, closed, length = list(self.starts), list(self.players), self.closed, \
            self.length
        for kind, player in rows:
            if closed:
                starts.append(length)
                players.append(player)
            closed = kind in _TURN_ENDS
            length += 1
        return Index(tuple(starts), tuple(players), length, closed)


# Per process: each game's turn index (a few numbers a turn; the log only grows, so an
# index is extended by the new actions) and a few positions of games whose record is being
# read (the engine's position alone, no history): the next page or step replays from the
# nearest one instead of from the start.
_lock = threading.Lock()
_indexes: OrderedDict[str, Index] = OrderedDict()
_positions: OrderedDict[tuple[str, int], Game] = OrderedDict()
INDEXES_KEPT = 64
POSITIONS_KEPT = 16


def _remember(cache: OrderedDict, key, value, size: int) -> None:
    with _lock:
        cache[key] = value
        cache.move_to_end(key)
        while len(cache) > size:
            cache.popitem(last=False)


def forget() -> None:
    with _lock:
        _indexes.clear()
        _positions.clear()


def index_of(row) -> Index:
    with _lock:
        index = _indexes.get(row.pk)
    if index is None or index.length > row.moves:
        index = Index((), (), 0)
    if index.length < row.moves:
        rows = (Move.objects.filter(game_id=row.pk, number__gte=index.length,
                                    number__lt=row.moves)
                .order_by("number").values_list("action__type", "action__player"))
        index = index.extended(rows.iterator(chunk_size=2000))
        _remember(_indexes, row.pk, index, INDEXES_KEPT)
    return index


def step_urls(row):
    """number in the log -> the URL of its step in the viewer ("" if there is none)."""
    index = index_of(row)
    base = reverse("play:step", kwargs={"game_id": row.pk, "turn": 1, "step": 1})
    base = base[: -len("1/krok/1/")]

    def url(number: int) -> str:
        if not 0 <= number < index.length:
            return ""
        turn, step = index.locate(number)
        return f"{base}{turn}/krok/{step}/"
    return url


def first_step_url(row) -> str:
    return step_urls(row)(0) if row.moves else ""


# --- who looks -----------------------------------------------------------------------------

def viewer_of(row) -> narrate.Viewer:
    """Who reads the record: the person at the table (hot-seat: the one the device was last
    handed to); everybody's cards once the game is over or when only computers play."""
    setup = store.setup_of(row)
    if row.winner or not setup.people:
        return narrate.EVERYONE
    if len(setup.people) == 1:
        return narrate.Viewer(setup.people[0])
    return narrate.Viewer(row.shown_to or None)


# What only the computer player's own hand could tell: its plan ("šetří na město"). Today's
# computer players never tell it at the table; games saved before keep such reasons.
PLAN = re.compile(r"šetří|šetření|zbyly suroviny|výhled|míří k")
_BECAUSE = (", protože ", ", aby ")


def table_reason(reason: str) -> str:
    """A stored computer player's reason as the table may read it: the clause that tells a
    plan goes ("Červený končí tah, protože šetří na město." -> "Červený končí tah."), and a
    reason that is nothing but a plan goes whole."""
    found = PLAN.search(reason or "")
    if found is None:
        return reason
    cut = max(reason.rfind(sep, 0, found.start()) for sep in _BECAUSE)
    return reason[:cut] + "." if cut > 0 else ""


def text_for(move: Move, viewer: narrate.Viewer) -> str:
    """A stored move's narration as the viewer may read it (a stolen card is named only to
    the thief and the victim)."""
    secret = move.secret or {}
    if secret and viewer.sees(*secret.get("to", ())):
        return secret["text"]
    return move.text


# --- replaying a stretch of the log --------------------------------------------------------

def _replay_to(row, setup: flow.Setup, number: int) -> Game:
    """The game before the log's action ``number``, replayed from the nearest position this
    process kept (or from the start)."""
    with _lock:
        kept = max((n for (game_id, n) in _positions if game_id == row.pk and n <= number),
                   default=None)
        game = _positions[row.pk, kept].copy() if kept is not None else None
    if game is None:
        kept, game = 0, flow.start(setup)
    log = (row.log.filter(number__gte=kept, number__lt=number).order_by("number")
           .values_list("action", flat=True))
    try:
        for action in log.iterator(chunk_size=2000):
            game.apply(actions.from_json(action))
    except _BROKEN as exc:
        raise store.Unreadable from exc
    position = game.copy()
    position.history = []  # the rules never read it; a long game's would fill memory
    _remember(_positions, (row.pk, number), position, POSITIONS_KEPT)
    return game


def game_before(row, setup: flow.Setup, number: int) -> Game:
    """The game before the log's action ``number`` (the game page replays the stretch the
    person has not seen from there)."""
    return _replay_to(row, setup, number)


def _public_action(action: dict, viewer: narrate.Viewer) -> dict:
    """An action without the chance results the viewer may not know (a card drawn or
    stolen); the dice stay."""
    if viewer.everything:
        return action
    return {k: v for k, v in action.items() if k in ("dice",) or k not in flow.CHANCE_FIELDS}


def _step(game: Game, move: Move, index: Index, viewer: narrate.Viewer, board: dict,
          before: dict | None = None) -> tuple[example_replay.Step, dict]:
    """Apply the move; the step as the viewer may see it (snapshots included) and the
    whole snapshot after it (the next step's ``before``)."""
    before = before if before is not None else example_replay.snapshot(game)
    position = board_svg.position_of(game)
    action = actions.from_json(move.action)
    events = [e.to_json() for e in game.apply(action)]
    after = example_replay.snapshot(game)
    seen = narrate.visible_events(events, viewer)
    turn, number = index.locate(move.number)
    return example_replay.Step(
        turn=turn, number=number, player=move.action["player"],
        actions=[_public_action(move.action, viewer)], note=table_reason(move.reason),
        events=seen,
        before=narrate.visible_state(before, viewer), state=narrate.visible_state(after, viewer),
        rules=narrate.rules_for(events),
        text=action_words.tell(action, seen, position, game.players),
        changed=narrate.visible_changes(
            example_replay.changes(before, after, events, board), viewer),
    ), after


def _label(game: Game, move: Move, viewer: narrate.Viewer) -> str:
    """Apply the move; a few words naming it (no snapshots)."""
    events = [e.to_json() for e in game.apply(actions.from_json(move.action))]
    return narrate.step_label(narrate.visible_events(events, viewer))


def _summary(first_action: dict, labels: list[str]) -> str:
    if first_action["type"] in ("place_settlement", "place_road"):
        return "Fáze zakládání: vesnice a silnice"
    summary = ", ".join(dict.fromkeys(label for label in labels if label != "tah"))
    return summary or "Tah bez hodu a stavby"


# --- zapis.json, page by page ----------------------------------------------------------------

def page_starts(index: Index) -> list[int]:
    """The log number each page of zapis.json starts at: whole turns up to PAGE_ACTIONS
    actions; a turn longer than that is cut."""
    starts, size = [0], 0
    for turn in range(1, index.turn_count + 1):
        first, count = index.starts[turn - 1], index.steps_in(turn)
        if size and size + count > PAGE_ACTIONS:
            starts.append(first)
            size = 0
        while size + count > PAGE_ACTIONS:
            first += PAGE_ACTIONS - size
            count -= PAGE_ACTIONS - size
            starts.append(first)
            size = 0
        size += count
    return starts


def _json_state(state: dict) -> dict:
    data = example_replay.json_state(state)
    for color, player in data["players"].items():
        player["hand_size"] = state["players"][color]["hand_size"]
    return data


def as_json(row, page: str = "1") -> dict:
    """One page of the record in the shape of /priklad-hry/hra.json, plus the winner (or
    null), ``hidden`` (whose cards the viewer may not see) and ``page`` (this page, the
    number of pages, the neighbours' URLs). A short game fits on one page."""
    index = index_of(row)
    starts = page_starts(index)
    number = parse_int(page, 1, len(starts))
    if number is None:
        raise NoSuchPage(f"Záznam této hry má stránky 1 až {len(starts)}.")
    first = starts[number - 1]
    end = starts[number] if number < len(starts) else index.length
    setup = store.setup_of(row)
    viewer = viewer_of(row)
    game = _replay_to(row, setup, first)
    board = example_replay.board_of(game)
    start = narrate.visible_state(example_replay.snapshot(game), viewer)
    turns: list[dict] = []
    before = None
    try:
        for move in row.log.filter(number__gte=first, number__lt=end).order_by("number"):
            step, before = _step(game, move, index, viewer, board, before)
            if not turns or turns[-1]["number"] != step.turn:
                turns.append({"number": step.turn, "player": index.players[step.turn - 1],
                              "first": move.action, "steps": []})
            turns[-1]["steps"].append(step)
    except _BROKEN as exc:
        raise store.Unreadable from exc
    url = reverse("play:record", kwargs={"game_id": row.pk})
    data = {
        "players": list(game.players),
        "board": board,
        "start": _json_state(start),
        "turns": [_json_turn(t) for t in turns],
        "winner": row.winner or None,
        "page": {
            "number": number, "count": len(starts), "first_action": first,
            "actions": end - first,
            "previous": f"{url}?strana={number - 1}" if number > 1 else None,
            "next": f"{url}?strana={number + 1}" if number < len(starts) else None,
        },
    }
    hidden = sorted(c for c in setup.players if not viewer.sees(c))
    if hidden:
        data["hidden"] = hidden
    return data


def _json_turn(turn: dict) -> dict:
    steps = turn["steps"]
    roll = next((s.roll for s in steps if s.roll), None)
    return {
        "number": turn["number"], "player": turn["player"], "roll": roll,
        "summary": _summary(turn["first"], [narrate.step_label(s.events) for s in steps]),
        "steps": [{"number": s.number, "text": s.text, "note": s.note, "rules": s.rules,
                   "events": s.events, "state": _json_state(s.state)} for s in steps],
    }


# --- the step viewer -----------------------------------------------------------------------

class PlayedRecord:
    """A played game as the step viewer reads it (tutorial.example.views.render_step):
    each page replays the log up to its step."""

    def __init__(self, row):
        self.row = row
        self.index = index_of(row)
        self.viewer = viewer_of(row)

    def turn_count(self) -> int:
        return self.index.turn_count

    def step_count(self, turn: int) -> int:
        return self.index.steps_in(turn)

    def step_view(self, turn: int, step: int) -> example_replay.StepView:
        index, row = self.index, self.row
        count = index.steps_in(turn)
        low, high = max(1, step - STEPS_AROUND), min(count, step + STEPS_AROUND)
        first = index.number(turn, low)
        game = _replay_to(row, store.setup_of(row), first)
        board = example_replay.board_of(game)
        labels: list[tuple[int, str] | None] = [None] if low > 1 else []
        moves = row.log.filter(number__gte=first, number__lte=index.number(turn, high))
        here, opening = None, {"type": ""}
        try:
            for move in moves.order_by("number"):
                number = index.locate(move.number)[1]
                if number == step:
                    here, _ = _step(game, move, index, self.viewer, board)
                    labels.append((number, narrate.step_label(here.events)))
                else:
                    labels.append((number, _label(game, move, self.viewer)))
                if number == 1:
                    opening = move.action
        except _BROKEN as exc:
            raise store.Unreadable from exc
        if high < count:
            labels.append(None)
        if low > 1:  # a long turn: what its first action was decides the summary's kind
            opening = row.log.get(number=index.starts[turn - 1]).action
        listed = [label for entry in labels if entry for label in [entry[1]]]
        summary = _summary(opening, listed)
        if low > 1 or high < count:
            summary += " (jen část dlouhého tahu)"
        last_turn = index.turn_count
        return example_replay.StepView(
            turn=example_replay.Turn(number=turn, player=index.players[turn - 1],
                                     summary=summary, commentary="", commentary_003="",
                                     steps=[], start={}),
            step=here, step_count=count, step_labels=labels,
            turns=_around(turn, last_turn, [(t, index.players[t - 1], "")
                                             for t in range(1, last_turn + 1)]),
            prev=(turn, step - 1) if step > 1 else (
                (turn - 1, index.steps_in(turn - 1)) if turn > 1 else None),
            next=(turn, step + 1) if step < count else ((turn + 1, 1) if turn < last_turn
                                                         else None),
            first=(1, 1), last=(last_turn, index.steps_in(last_turn)),
            players=game.players, board=board,
        )


def _around(turn: int, count: int, entries: list) -> list:
    """The turns listed on a step page: all in a short game; in a long one the first, the
    last and those near ``turn``, a None where some are left out."""
    if count <= 2 * TURNS_AROUND + 3:
        return entries
    keep = {1, count} | set(range(max(1, turn - TURNS_AROUND),
                                  min(count, turn + TURNS_AROUND) + 1))
    out: list = []
    for number in range(1, count + 1):
        if number in keep:
            out.append(entries[number - 1])
        elif out and out[-1] is not None:
            out.append(None)
    return out


def pages(row) -> StepPages:
    game_url = reverse("play:game", kwargs={"game_id": row.pk})
    return StepPages(
        title="Záznam hry", home_url=game_url, note_label="Proč tak hrál počítač:",
        end_label="poslední krok dosud",
        step_url=lambda turn, step: reverse(
            "play:step", kwargs={"game_id": row.pk, "turn": turn, "step": step}),
        turn_url=lambda turn: reverse("play:turn", kwargs={"game_id": row.pk, "turn": turn}),
    )


def step_page(request, row, turn: int, step: int):
    """A step of the record, or a Czech 404 that leads back to the game and to the record's
    first step when the game has no such turn or step."""
    index = index_of(row)
    if not 1 <= turn <= index.turn_count:
        turns = words.plural_count(index.turn_count, "tah", "tahy", "tahů")
        text = (f"Tato hra má zatím jen {turns} (1 až {index.turn_count})."
                if index.turn_count else "Tato hra zatím nemá žádný tah.")
        return _no_step(request, row, text)
    if not 1 <= step <= index.steps_in(turn):
        steps = words.plural_count(index.steps_in(turn), "krok", "kroky", "kroků")
        return _no_step(request, row, f"{turn}. tah této hry má jen {steps}.")
    return render_step(request, PlayedRecord(row), turn, step, pages(row))


def _no_step(request, row, text: str):
    first = first_step_url(row)
    return site_pages.message(
        request, "Tento krok hry neexistuje", text, 404,
        retry_url=reverse("play:game", kwargs={"game_id": row.pk}), retry_label="Zpět ke hře",
        home_url=first, home_label="Záznam hry od začátku" if first else "")
