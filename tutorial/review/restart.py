"""'Hrát odsud' from any moment of a reviewed game: a new game at that moment of a finished
one, the person at their seat, computer players for the others (no HTTP here).

From any step of the game (a swing, a turn's start): the game as it stood before that step.
From a graded decision, three starts: before the decision (the person decides again), with
the person's move as it was played, or with the strong player's move. The moves before are
copied into the new game's log as a prefix (``by="example"``, as 'Hrát odsud' from the
example game does, so a review of the new game starts where the person took over); the
chance to come is the new game's own (a new secret), the development cards already drawn
stay drawn.
"""

from __future__ import annotations

from engine import actions
from tutorial.play import flow, store
from tutorial.play.computers import decide_for, seat
from tutorial.play.models import PlayedGame

VARIANTS = {"pred": "před rozhodnutím", "vas": "s vaším tahem", "lepsi": "s lepším tahem"}


class NoSuchDecision(Exception):
    """No such step in the game, or a variant the step does not have (only a graded
    decision has "vas" and "lepsi")."""


def start_from(row: PlayedGame, result: dict, step: int, variant: str, address: str,
               browser: str, viewer: str | None = None) -> PlayedGame:
    """The new game (store.TooMany when this browser or address starts too many games;
    NoSuchDecision for a step outside the game or a variant it does not have).

    The person takes the graded player's seat, or at any other step ``viewer``'s (the
    person reading the review): never another person's seat they could not see from."""
    grade = next((g for g in result["grades"] if g["step"] == step), None)
    setup = store.setup_of(row)
    log = store.log_of(row)
    if variant not in VARIANTS or not 0 <= step < len(log) or (
            grade is None and variant != "pred"):
        raise NoSuchDecision
    kept = log[:step + 1] if variant == "vas" else log[:step]
    person = grade["player"] if grade is not None else _person_at(setup, log, step, viewer)
    new = _setup(setup, person, kept)
    game = store.replay(new, [m.action for m in kept])
    moves = [flow.Move(action=m.action, by="example", reason=m.reason, text=m.text,
                       secret=m.secret) for m in kept]
    new_row = store.create_limited(new, address, browser)
    if variant == "lepsi":
        moves.append(flow.apply(game, new, actions.from_json(grade["best"]), "person"))
    bots = seat(new)
    moves += flow.computers_play(game, new, decide_for(bots))
    store.save(new_row, game, moves, person_acted=False, bots=bots)
    PlayedGame.objects.filter(pk=new_row.pk).update(seen=len(kept))
    return new_row


def _person_at(setup: flow.Setup, log: list, step: int, viewer: str | None) -> str:
    """Whose seat the person takes at an ungraded step: the viewer's; with no viewer (one
    device shared by several people) the person who acts at that step, else the first
    person; in a game of computers alone, the player who acts there."""
    if viewer in setup.people:
        return viewer
    acting = log[step].action.get("player")
    if acting in setup.people or not setup.people:
        return acting or setup.players[0]
    return setup.people[0]


def _setup(setup: flow.Setup, person: str, kept: list) -> flow.Setup:
    """The old game's board and rules; the person alone at the table, the others at the
    old computers' level (a seat a person held gets the level of the first computer)."""
    computers = [c for c in setup.players if c != person]
    default = setup.level_of(setup.computers[0]) if setup.computers else "silny"
    levels = tuple(setup.level_of(c) if c in setup.computers else default for c in computers)
    drawn = tuple(m.action["card"] for m in kept
                  if m.action.get("type") == "buy_development_card" and m.action.get("card"))
    return flow.Setup(players=setup.players, people=(person,), plan=setup.plan,
                      seed=setup.seed, options=setup.options, deck=drawn,
                      levels=levels, secret=flow.new_secret())
