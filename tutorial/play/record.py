"""A played game as a record: the example game's Replay shape, so the example's viewer
steps through it and /hrat/<id>/zapis.json has the format of /priklad-hry/hra.json.

A record turn is one player's turn; on a variable board each player's set-up placement
(a settlement and its road) is a turn of its own before the first roll. The steps are the
log's actions, one each.
"""

from __future__ import annotations

from functools import lru_cache

from django.urls import reverse

from engine import actions
from engine.errors import InvalidInput, RuleViolation
from tutorial import board_svg, narrate
from tutorial.example import replay as example_replay
from tutorial.example.views import StepPages, render_step
from tutorial.play import flow, store

_TURN_ENDS = {"end_turn", "place_road"}


def turn_steps(types: list[str]) -> list[tuple[int, int]]:
    """(record turn, step) of every action in the log, both from 1."""
    out, turn, step = [], 1, 0
    for kind in types:
        step += 1
        out.append((turn, step))
        if kind in _TURN_ENDS:
            turn, step = turn + 1, 0
    return out


@lru_cache(maxsize=64)
def _positions(game_id: str, length: int) -> tuple[tuple[int, int], ...]:
    types = store.PlayedGame.objects.get(pk=game_id).log.order_by("number").values_list(
        "action__type", flat=True)
    return tuple(turn_steps(list(types)))


def step_urls(row):
    """number in the log -> the URL of its step in the viewer ("" if there is none)."""
    positions = _positions(row.pk, row.moves)
    base = reverse("play:step", kwargs={"game_id": row.pk, "turn": 1, "step": 1})
    base = base[: -len("1/krok/1/")]

    def url(number: int) -> str:
        if not 0 <= number < len(positions):
            return ""
        turn, step = positions[number]
        return f"{base}{turn}/krok/{step}/"
    return url


def first_step_url(row) -> str:
    return step_urls(row)(0) if row.moves else ""


@lru_cache(maxsize=4)
def _build(game_id: str, length: int) -> example_replay.Replay:
    row = store.PlayedGame.objects.get(pk=game_id)
    try:
        return build(store.setup_of(row), list(row.log.order_by("number")[:length]))
    except (RuleViolation, InvalidInput, KeyError, TypeError, ValueError) as exc:
        raise store.Unreadable from exc


def build(setup: flow.Setup, moves: list) -> example_replay.Replay:
    """Replay the log into turns and steps with snapshots, as the example game has them."""
    game = flow.start(setup)
    board = example_replay.board_of(game)
    start = example_replay.snapshot(game)
    turns: list[example_replay.Turn] = []
    steps: list[example_replay.Step] = []
    turn_start = start
    for move in moves:
        before = example_replay.snapshot(game)
        position = board_svg.position_of(game)
        action = actions.from_json(move.action)
        events = [e.to_json() for e in game.apply(action)]
        after = example_replay.snapshot(game)
        steps.append(example_replay.Step(
            turn=len(turns) + 1, number=len(steps) + 1, player=move.action["player"],
            actions=[move.action], note=move.reason, events=events, before=before,
            state=after, rules=narrate.rules_for(events),
            # The example's own moves ("Hrát odsud") are told here, not stored.
            text=move.text or flow.tell(action, events, position, game.players),
            changed=example_replay.changes(before, after, events, board),
        ))
        if move.action["type"] in _TURN_ENDS:
            turns.append(_turn(len(turns) + 1, steps, turn_start))
            steps, turn_start = [], after
    if steps:
        turns.append(_turn(len(turns) + 1, steps, turn_start))
    return example_replay.Replay(players=game.players, board=board, start=start, turns=turns,
                                 final_game=game)


def _turn(number: int, steps: list, start: dict) -> example_replay.Turn:
    setup = steps[0].actions[0]["type"] in ("place_settlement", "place_road")
    labels = [narrate.step_label(s.events) for s in steps]
    summary = ("Fáze zakládání: vesnice a silnice" if setup
               else ", ".join(dict.fromkeys(label for label in labels if label != "tah")))
    player = steps[0].player if setup else (start.get("current") or steps[0].player)
    return example_replay.Turn(number=number, player=player,
                               summary=summary or "Tah bez hodu a stavby",
                               commentary="", commentary_003="", steps=steps, start=start)


def replay_of(row) -> example_replay.Replay:
    return _build(row.pk, row.moves)


def as_json(row) -> dict:
    """The record in the shape of /priklad-hry/hra.json plus the winner (or null). While a
    game with people runs, the cards of the players in ``hidden`` are null."""
    data = example_replay.as_json(replay_of(row))
    data["winner"] = row.winner or None
    hidden = sorted(hidden_colors(row))
    if hidden:
        data["hidden"] = hidden
        states = [data["start"]] + [s["state"] for t in data["turns"] for s in t["steps"]]
        for state in states:
            for color in hidden:
                state["players"][color].update(hand=None, dev_cards=None)
    return data


def pages(row) -> StepPages:
    game_url = reverse("play:game", kwargs={"game_id": row.pk})
    return StepPages(
        title="Záznam hry", home_url=game_url, note_label="Proč tak hrál počítač:",
        hidden=frozenset(hidden_colors(row)),
        end_label="poslední krok dosud",
        step_url=lambda turn, step: reverse(
            "play:step", kwargs={"game_id": row.pk, "turn": turn, "step": step}),
        turn_url=lambda turn: reverse("play:turn", kwargs={"game_id": row.pk, "turn": turn}),
    )


def step_page(request, row, turn: int, step: int):
    return render_step(request, replay_of(row), turn, step, pages(row))


def hidden_colors(row) -> set[str]:
    """Whose cards a running game's record keeps hidden from the person."""
    setup = store.setup_of(row)
    if row.winner or not setup.people:
        return set()
    return {c for c in setup.players if c not in setup.people} | (
        set(setup.people) if len(setup.people) > 1 else set())

