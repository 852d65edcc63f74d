"""The Almanach's example game, replayed by the engine step by step (no Django here).

The record (data/priklad_hry.json beside this module) holds only what the players chose
and what chance gave: the dice, the cards drawn, the cards stolen, the trades and the places
built. Replaying it from ``Game.beginner()`` gives, for every step, the engine's events, a
snapshot of the whole state and what changed. The engine refuses any illegal action, so a
replay that runs is a replay that follows the rules. It is deterministic and cached.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from engine import Game, actions, words
from engine import topology as topo
from engine.board import beginner_data
from tutorial import narrate

RECORD_PATH = Path(__file__).resolve().parent / "data" / "priklad_hry.json"
COMMENTARY_PATH = (
    Path(__file__).resolve().parents[2] / "almanach" / "content" / "priklad-hry.toml"
)

# Actions that belong to the build phase: with separate phases the trade phase ends first.
_BUILD_PHASE = {"BuildRoad", "BuildSettlement", "BuildCity", "BuyDevelopmentCard"}
_TUPLE_FIELDS = {"dice", "resources", "paths"}
# The only rolls the text gives (turn -> total); every other roll is reconstructed.
ROLLS_FROM_TEXT = {7: 7, 8: 8, 10: 10}


@dataclass
class Step:
    turn: int
    number: int  # 1-based within the turn
    player: str
    actions: list[dict]
    note: str
    events: list[dict]
    before: dict  # state before the step
    state: dict  # state after the step
    text: str = ""
    rules: list[str] = field(default_factory=list)
    changed: dict = field(default_factory=dict)

    @property
    def roll(self) -> list[int] | None:
        for event in self.events:
            if event["kind"] == "dice_rolled":
                return list(event["dice"])
        return None

    @property
    def roll_from_text(self) -> bool:
        """True when the Almanach's text states this roll; the other rolls are reconstructed."""
        return self.roll is not None and ROLLS_FROM_TEXT.get(self.turn) == sum(self.roll)


@dataclass
class Turn:
    number: int
    player: str
    summary: str
    commentary: str
    commentary_003: str
    steps: list[Step]
    start: dict  # state at the start of the turn

    @property
    def roll(self) -> list[int] | None:
        for step in self.steps:
            if step.roll:
                return step.roll
        return None

    @property
    def end(self) -> dict:
        return self.steps[-1].state


@dataclass
class Replay:
    players: tuple[str, ...]
    board: dict  # {"hexes": {...}, "harbors": [...]}: the static part of a position
    start: dict
    turns: list[Turn]
    final_game: Game
    intro: str = ""
    closing: str = ""
    starred: tuple[str, ...] = ()  # the settlements marked with a star on the printed board

    def turn(self, number: int) -> Turn:
        return self.turns[number - 1]

    def step(self, turn: int, number: int) -> Step:
        return self.turns[turn - 1].steps[number - 1]

    def all_steps(self) -> list[Step]:
        return [step for turn in self.turns for step in turn.steps]

    def position(self, state: dict) -> dict:
        """A board_svg position from a state snapshot."""
        return {**self.board, "robber": state["robber"], "buildings": state["buildings"],
                "roads": state["roads"]}

    # What the step viewer reads (a played game's record answers the same three).
    def turn_count(self) -> int:
        return len(self.turns)

    def step_count(self, turn: int) -> int:
        return len(self.turns[turn - 1].steps)

    def step_view(self, turn: int, number: int) -> StepView:
        steps = self.all_steps()
        here = self.step(turn, number)
        index = steps.index(here)
        prev_step = steps[index - 1] if index > 0 else None
        next_step = steps[index + 1] if index + 1 < len(steps) else None
        current = self.turn(turn)
        return StepView(
            turn=current, step=here, step_count=len(current.steps),
            step_labels=[(s.number, narrate.step_label(s.events)) for s in current.steps],
            turns=[(t.number, t.player, t.summary) for t in self.turns],
            prev=(prev_step.turn, prev_step.number) if prev_step else None,
            next=(next_step.turn, next_step.number) if next_step else None,
            first=(steps[0].turn, steps[0].number), last=(steps[-1].turn, steps[-1].number),
            players=self.players, board=self.board, starred=self.starred,
            closing=self.closing,
        )


@dataclass
class StepView:
    """One step page of a record: the step, its turn, and the way to the other steps. A
    long record lists only the steps and turns near this one (None marks a gap)."""

    turn: Turn  # its summary and commentary (its steps need not be there)
    step: Step
    step_count: int  # steps in the turn
    step_labels: list[tuple[int, str] | None]  # (step number, label) listed
    turns: list[tuple[int, str, str] | None]  # (turn number, player, summary) listed
    prev: tuple[int, int] | None  # (turn, step)
    next: tuple[int, int] | None
    first: tuple[int, int]
    last: tuple[int, int]
    players: tuple[str, ...]
    board: dict
    starred: tuple[str, ...] = ()
    closing: str = ""

    def position(self, state: dict) -> dict:
        return {**self.board, "robber": state["robber"], "buildings": state["buildings"],
                "roads": state["roads"]}


def load_record(path: Path = RECORD_PATH) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def load_commentary(path: Path = COMMENTARY_PATH) -> dict:
    """The Almanach's own text of the example (intro, per-turn text, closing)."""
    if not path.exists():
        return {"intro": "", "closing": "", "turn": []}
    return tomllib.loads(path.read_text(encoding="utf-8"))


def make_action(record_action: dict, player: str) -> actions.Action:
    fields = {k: v for k, v in record_action.items() if k != "action"}
    for key in _TUPLE_FIELDS & fields.keys():
        fields[key] = tuple(fields[key])
    return getattr(actions, record_action["action"])(player=player, **fields)


def snapshot(game: Game) -> dict:
    """Everything a step page shows, as plain JSON-able data."""
    players = {}
    for color in game.players:
        points = game.points(color, include_hidden=True)
        players[color] = {
            "points": points["total"],
            "points_detail": dict(points),
            "hand": {r: game.hand(color).get(r, 0) for r in words.RESOURCES},
            "hand_size": game.hand_size(color),
            "dev_cards": [{"card": card, "new": bool(new)} for card, new in game.dev_cards(color)],
            "played": list(game.played_cards(color)),
            "knights": game.played_knights(color),
            "road_length": game.road_length(color),
            "longest_road": game.longest_road_holder == color,
            "largest_army": game.largest_army_holder == color,
        }
    return {
        "players": players,
        "robber": game.robber,
        "bank": {r: game.bank.get(r, 0) for r in words.RESOURCES},
        "deck_size": game.deck_size,
        "buildings": {node: list(piece) for node, piece in sorted(game.buildings.items())},
        "roads": dict(sorted(game.roads.items())),
        "current": game.current_player,
        "phase": game.phase,
        "longest_road": game.longest_road_holder,
        "largest_army": game.largest_army_holder,
    }


def board_of(game: Game) -> dict:
    board = game.board
    return {
        "hexes": {h: [board.terrain(h), board.number(h)] for h in topo.HEX_IDS},
        "harbors": [[harbor.path, harbor.kind] for harbor in board.harbors],
    }


def changes(before: dict, after: dict, events: list[dict], board: dict) -> dict:
    """What a step changed, for highlighting: hexes, intersections, paths, hands."""
    hexes: set[str] = set()
    if before["robber"] != after["robber"]:
        hexes.add(after["robber"])
    for event in events:
        if event["kind"] == "dice_rolled" and event["total"] != 7:
            hexes |= {h for h, (_, n) in board["hexes"].items() if n == event["total"]}
    nodes = [n for n, piece in after["buildings"].items() if before["buildings"].get(n) != piece]
    paths = [p for p in after["roads"] if p not in before["roads"]]
    hands = {}
    for color, data in after["players"].items():
        old = before["players"][color]["hand"]
        delta = {r: data["hand"][r] - old[r] for r in words.RESOURCES if data["hand"][r] != old[r]}
        if delta:
            hands[color] = delta
    return {"hexes": sorted(hexes), "nodes": nodes, "paths": paths, "hands": hands}


def _apply(game: Game, action: actions.Action) -> list[dict]:
    events = []
    if type(action).__name__ in _BUILD_PHASE and game.phase == "trade":
        events += game.apply(actions.EndTrade(player=action.player))
    events += game.apply(action)
    return [e.to_json() for e in events]


def replay(record: dict | None = None) -> Replay:
    """Replay the record with the engine; raises the engine's RuleViolation if a step is
    illegal (the test suite turns that into a failed build)."""
    record = record or load_record()
    texts = load_commentary()
    commentary = {t["number"]: t for t in texts.get("turn", [])}
    players = tuple(record["players"])
    game = Game.beginner(players=players, deck=list(record["deck"]))
    board = board_of(game)
    start = snapshot(game)
    turns = []
    for turn_record in record["turns"]:
        player = turn_record["player"]
        if game.current_player != player:
            raise ValueError(f"turn {turn_record['number']}: {game.current_player} is to play,"
                             f" the record says {player}")
        turn_start = snapshot(game)
        steps = []
        last = len(turn_record["steps"])
        for number, step_record in enumerate(turn_record["steps"], start=1):
            before = snapshot(game)
            events: list[dict] = []
            for record_action in step_record["actions"]:
                events += _apply(game, make_action(record_action, player))
            if number == last:
                events += [e.to_json() for e in game.apply(actions.EndTurn(player=player))]
            after = snapshot(game)
            position = {**board, "robber": before["robber"], "buildings": before["buildings"],
                        "roads": before["roads"]}
            steps.append(Step(
                turn=turn_record["number"], number=number, player=player,
                actions=step_record["actions"], note=step_record.get("note", ""),
                events=events, before=before, state=after,
                text=narrate.narrate(events, position, players),
                rules=narrate.rules_for(events, step_record.get("rules", ())),
                changed=changes(before, after, events, board),
            ))
        text = commentary.get(turn_record["number"], {})
        turns.append(Turn(
            number=turn_record["number"], player=player, summary=turn_record["summary"],
            commentary=text.get("text", ""), commentary_003=text.get("text_003", ""),
            steps=steps, start=turn_start,
        ))
    starred = tuple(beginner_data()["start"][color]["starred"] for color in players)
    return Replay(players=players, board=board, start=start, turns=turns, final_game=game,
                  intro=texts.get("intro", ""), closing=texts.get("closing", ""),
                  starred=starred)


def game_after(turn: int, step: int, end_turn: bool = False, record: dict | None = None) -> Game:
    """A fresh engine Game right after the actions of one step (for "what if" checks).

    The last step of a turn also ends the turn only when ``end_turn`` is true.
    """
    record = record or load_record()
    game = Game.beginner(players=tuple(record["players"]), deck=list(record["deck"]))
    for turn_record in record["turns"]:
        player = turn_record["player"]
        last = len(turn_record["steps"])
        for number, step_record in enumerate(turn_record["steps"], start=1):
            for record_action in step_record["actions"]:
                _apply(game, make_action(record_action, player))
            here = (turn_record["number"], number) == (turn, step)
            if here and not end_turn:
                return game
            if number == last:
                game.apply(actions.EndTurn(player=player))
            if here:
                return game
    raise ValueError(f"no step {step} in turn {turn}")


@cache
def example_game() -> Replay:
    """The replay of the Almanach's example game, computed once per process."""
    return replay()


def json_state(s: dict) -> dict:
    """A state snapshot as /priklad-hry/hra.json gives it."""
    return {
        "players": {
            color: {
                "points": p["points"], "hand": p["hand"], "points_detail": p["points_detail"],
                "dev_cards": p["dev_cards"], "played": p["played"], "knights": p["knights"],
                "road_length": p["road_length"],
            }
            for color, p in s["players"].items()
        },
        "robber": s["robber"], "bank": s["bank"], "buildings": s["buildings"],
        "roads": s["roads"], "longest_road": s["longest_road"],
        "largest_army": s["largest_army"],
    }


def as_json(rep: Replay) -> dict:
    """The whole replay in the shape of /priklad-hry/hra.json."""
    state = json_state
    return {
        "players": list(rep.players),
        "board": rep.board,
        "start": state(rep.start),
        "turns": [
            {
                "number": turn.number, "player": turn.player, "roll": turn.roll,
                "summary": turn.summary,
                "steps": [
                    {"number": step.number, "text": step.text, "note": step.note,
                     "rules": step.rules, "events": step.events, "state": state(step.state)}
                    for step in turn.steps
                ],
            }
            for turn in rep.turns
        ],
    }
