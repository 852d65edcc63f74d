"""What a player at the table knows of the others' cards: a card counter's estimate.

A computer player decides from what a person in its seat would know: its own cards, and of
the others their hand sizes, buildings, played cards and what a player who counts cards
can tell. Counted is every hand change announced at the table: production, trades with
players and the bank, discards, builds and bought cards, Monopoly, Year of Plenty, and in
Katan pro dva the forced trade and the cards given back. A steal the viewer took part in
(as thief or victim) is known card for card; a steal between two others moves one card
the viewer did not see: the victim's expected counts lose one card spread over what it was
thought to hold, and the thief's gain the same. The estimate is a list of expected counts
per resource (floats) that always adds up to the public hand size.

How it is counted: the game's history is replayed on a *shadow* game from the starting
position (the same engine, so production follows the rules exactly, shortages included),
and only the *events* of each action feed the count, filtered as the table sees them
(``stolen`` names its card only to the thief and the victim). The shadow's hands are never
read. A position whose history does not replay to it (a sandbox, a position loaded from
JSON, which keeps no history) falls back to the others' hand sizes spread over what their
buildings produce.

The counts are cached per game (its history list), so a game played on counts only the new
actions, and a copy of a counted game (the review's playouts) starts from a snapshot.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

from .. import actions as A
from ..board import Board
from ..constants import CITY_COST, DEV_CARD_COST, RESOURCES, ROAD_COST, SETTLEMENT_COST
from ..game import Game

R = {r: i for i, r in enumerate(RESOURCES)}
# What an action itself costs its player (the events say the rest).
PAID = {A.BuildRoad: ROAD_COST, A.BuildSettlement: SETTLEMENT_COST, A.BuildCity: CITY_COST,
        A.BuyDevelopmentCard: DEV_CARD_COST}
CACHE_SIZE = 256

Counts = dict[str, list[float]]           # colour -> expected cards per resource
Known = dict[str, Counts]                 # viewer -> its estimate of every player


class _Count:
    """The shadow game after the first ``n`` actions of ``history`` and every viewer's
    counts. A live count follows one game's history list (append-only) as it grows; a kept
    one is a snapshot that copies of that game (sharing its actions) start from."""

    __slots__ = ("start", "history", "n", "shadow", "known")

    def __init__(self, start: tuple, history: list, n: int, shadow: Game,
                 known: Known) -> None:
        self.start, self.history, self.n = start, history, n
        self.shadow, self.known = shadow, known

    def copy(self, history: list) -> _Count:
        return _Count(self.start, history, self.n, self.shadow.copy(), _copy(self.known))

    def starts(self, start: tuple, history: list) -> bool:
        """Is this count's game the beginning of ``history`` from the same start (the same
        action objects)?"""
        n = self.n
        if n > len(history) or start != self.start:
            return False
        mine = self.history
        return all(a is b for a, b in zip(mine[:n], history[:n], strict=True))

    def advance(self, history: list) -> bool:
        """Count the actions of ``history`` after the first n; False when they do not
        replay."""
        shadow, known = self.shadow, self.known
        try:
            for action in history[self.n:]:
                _count(shadow, known, action, shadow.apply(action))
        except Exception:   # the history does not replay from the start we guessed
            return False
        shadow.history = []  # never read; spares the copies
        self.n = len(history)
        return True


# Live counts by id(game.history) (the list is kept referenced, so the id stays its own);
# kept snapshots, newest last.
_live: OrderedDict[int, _Count] = OrderedDict()
_kept: list[_Count] = []
KEPT = 16


def estimate(game: Game, viewer: str) -> Counts | None:
    """Every player's cards as ``viewer`` can count them (its own exactly), or None when the
    game's history does not replay to this position (then only hand sizes are known)."""
    count = _counted(game)
    if count is None or not _same_public_position(count.shadow, game):
        return None
    known = count.known[viewer]
    out = {c: list(known[c]) for c in game.players}
    out[viewer] = [float(game.hand(viewer)[r]) for r in RESOURCES]
    return out


# -- replaying the history ----------------------------------------------------------------


def _counted(game: Game) -> _Count | None:
    history = game.history
    n = len(history)
    live = _live.get(id(history))
    if live is not None and live.history is history and live.n <= n \
            and (live.n == 0 or history[live.n - 1] is live.history[live.n - 1]):
        _live.move_to_end(id(history))
        if live.n < n and not live.advance(history):
            del _live[id(history)]
            return None
        return live
    # A game this process has not counted yet: from the longest kept snapshot it shares
    # its beginning with (a copy of a counted game), else from the start.
    start = _start_key(game)
    if start is None:
        return None
    bases = [k for k in _kept if k.starts(start, history)]
    if bases:
        count = max(bases, key=lambda k: k.n).copy(history)
    else:
        count = _start(start)
    if not count.advance(history):
        return None
    _live[id(history)] = count
    while len(_live) > CACHE_SIZE:
        _live.popitem(last=False)
    _kept.append(count.copy(history[:]))
    del _kept[:-KEPT]
    return count


def _start_key(game: Game) -> tuple | None:
    """How the game was created: Game.new before the set-up (the history begins with a
    set-up settlement), or the beginner set-up on the beginner board; None for anything
    else (a sandbox)."""
    history = game.history
    if history[0:1] == [] and game.phase == "setup" or \
            history and isinstance(history[0], A.PlaceSettlement):
        return ("new", game.board, game.players, game.rules)
    if game.board == Board.beginner():
        return ("beginner", game.board, game.players, game.rules)
    return None


def _start(start: tuple) -> _Count:
    """The starting position; its hands are public (the beginner set-up's come from the
    starred settlements)."""
    kind, board, players, rules = start
    if kind == "new":
        shadow = Game.new(board, players, rules=rules)
    else:
        shadow = Game.beginner(players=players, rules=rules)
    hands = {c: [float(shadow.hand(c)[r]) for r in RESOURCES] for c in players}
    known = {v: {c: list(h) for c, h in hands.items()} for v in players}
    return _Count(start, [], 0, shadow, known)


def _copy(known: Known) -> Known:
    return {v: {c: list(h) for c, h in counts.items()} for v, counts in known.items()}


def _same_public_position(shadow: Game, game: Game) -> bool:
    """Does the replay end where the game is (what everybody sees)?"""
    return (shadow.buildings == game.buildings and shadow.roads == game.roads
            and shadow.robber == game.robber and shadow.phase == game.phase
            and shadow.turn_number == game.turn_number
            and all(shadow.hand_size(c) == game.hand_size(c) for c in game.players))


# -- counting one action --------------------------------------------------------------


def _count(shadow: Game, known: Known, action: A.Action, events: list) -> None:
    """Add one applied action to every viewer's counts, from its events as the table sees
    them; then make each estimate add up to the public hand sizes."""
    paid = PAID.get(type(action))
    if paid is not None:
        _all(known, action.player, [-float(x) for x in paid])
    for event in events:
        kind = event.kind
        if kind == "produced":
            for color, gains in event.gains.items():
                if color in known:
                    _all(known, color, _vector(gains))
        elif kind == "discarded":
            _all(known, event.player, _vector(event.cards, -1))
        elif kind == "stolen":
            card = _vector({event.card: 1})
            for viewer, counts in known.items():
                if viewer in (event.thief, event.victim):
                    _add(counts[event.victim], card, -1)
                    _add(counts[event.thief], card, 1)
                else:
                    _unseen_steal(counts, event.thief, event.victim)
        elif kind == "traded":
            give, get = _vector(event.give), _vector(event.get)
            _all(known, event.player, [g - x for g, x in zip(get, give, strict=True)])
            _all(known, event.partner, [x - g for g, x in zip(get, give, strict=True)])
        elif kind == "bank_traded":
            change = [0.0] * 5
            change[R[event.give]] -= event.rate * event.count
            change[R[event.get]] += event.count
            _all(known, event.player, change)
        elif kind == "monopoly_taken":
            total = 0
            for color, n in event.taken.items():
                change = [0.0] * 5
                change[R[event.resource]] = -n
                _all(known, color, change)
                total += n
            change = [0.0] * 5
            change[R[event.resource]] = total
            _all(known, event.player, change)
        elif kind == "year_of_plenty":
            _all(known, event.player, _vector({r: event.resources.count(r)
                                               for r in event.resources}))
        elif kind == "forced_trade":   # Katan pro dva: both players see the cards drawn
            drawn = _vector(event.drawn)
            _all(known, event.victim, [-x for x in drawn])
            _all(known, event.player, drawn)
        elif kind == "given_back":
            cards = _vector(event.cards)
            _all(known, event.player, [-x for x in cards])
            _all(known, event.partner, cards)
    for counts in known.values():
        for color, hand in counts.items():
            _fit(hand, shadow.hand_size(color))


def _vector(cards: dict, sign: int = 1) -> list[float]:
    out = [0.0] * 5
    for r, n in cards.items():
        out[R[r]] += sign * n
    return out


def _add(hand: list[float], change: Sequence[float], sign: int = 1) -> None:
    for r in range(5):
        hand[r] += sign * change[r]


def _all(known: Known, color: str, change: Sequence[float]) -> None:
    """A public change of ``color``'s hand, seen by every viewer."""
    for counts in known.values():
        if color in counts:
            _add(counts[color], change)


def _unseen_steal(counts: Counts, thief: str, victim: str) -> None:
    """One card the viewer did not see: each resource in proportion to what the victim was
    thought to hold."""
    hand = counts[victim]
    total = sum(hand)
    if total <= 0:
        return
    share = [x / total for x in hand]
    _add(hand, share, -1)
    _add(counts[thief], share)


def _fit(hand: list[float], size: int) -> None:
    """No negative counts (a card paid that was counted elsewhere came from the unseen
    ones), and the counts add up to the public hand size."""
    for r in range(5):
        if hand[r] < 1e-9:
            hand[r] = 0.0
    total = sum(hand)
    if abs(total - size) < 1e-9:
        return
    if total <= 0:
        hand[:] = [size / 5.0] * 5
    else:
        scale = size / total
        for r in range(5):
            hand[r] *= scale
