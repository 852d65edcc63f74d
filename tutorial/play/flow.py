"""A game at the table (no Django here): its set-up, the log the engine replays, the moves
of people and of computer players.

A stored game is its :class:`Setup` plus the actions applied, each with its chance results
filled in (``game.history``): replaying them gives the same position, so a game survives a
restart. Chance itself is seeded by the set-up's seed and the number of actions so far,
never by the process's history: a game replayed from the log and one kept in memory roll
the same dice next.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from engine import Board, Game, Rules, actions
from engine import options as rule_options
from engine.errors import InvalidInput, RuleViolation
from tutorial import action_words, board_svg, narrate
from tutorial.play import limits

PLANS = {"zacatecnici": "startovní rozmístění pro začátečníky",
         "variabilni": "variabilní herní plán s fází zakládání"}
# Who plays for how many: with 3 the red pieces stay in the box (Pravidla hry).
SEATS = {2: ("orange", "red"), 3: ("orange", "blue", "white"),
         4: ("orange", "red", "blue", "white")}
# Bots play until a person must act; a long stretch is cut so no request runs away.
COMPUTER_STEP_LIMIT = 400
# The rule options the new-game form offers (engine.options: those with a Hrát field);
# Katan pro dva is chosen by the number of players.
OPTIONS = tuple(option for option in rule_options.OPTIONS if option.play_field)


@dataclass(frozen=True)
class Setup:
    """What the new-game form chose: enough to recreate the starting position."""

    players: tuple[str, ...]
    people: tuple[str, ...]
    plan: str = "zacatecnici"
    seed: int = 0
    # The rule options chosen (OPTIONS); two_player follows the number of players.
    options: Rules = Rules()
    deck: tuple[str, ...] | None = None  # an explicit deck (a game started from the example)
    # The computer players' levels (engine.bots.levels), in the order of ``computers``;
    # games stored before levels existed play "silny", as they did.
    levels: tuple[str, ...] = ()
    # The server's own secret for this game's chance (never shown): with it, the seed fixes
    # only the board. Games stored before it existed have "" and the old seeding.
    secret: str = ""

    @property
    def rules(self) -> Rules:
        return replace(self.options, two_player=len(self.players) == 2)

    @property
    def computers(self) -> tuple[str, ...]:
        return tuple(c for c in self.players if c not in self.people)

    def level_of(self, color: str) -> str:
        """The level of a computer player ("zacatecnik", "pokrocily", "silny")."""
        index = self.computers.index(color)
        return self.levels[index] if index < len(self.levels) else "silny"

    def to_json(self) -> dict:
        return {"players": list(self.players), "people": list(self.people), "plan": self.plan,
                "seed": self.seed,
                **{option.name: getattr(self.options, option.name) for option in OPTIONS},
                "deck": list(self.deck) if self.deck is not None else None,
                "levels": list(self.levels), "secret": self.secret}

    @classmethod
    def from_json(cls, d: dict) -> Setup:
        deck = d.get("deck")
        return cls(players=tuple(d["players"]), people=tuple(d["people"]), plan=d["plan"],
                   seed=int(d["seed"]),
                   options=Rules.from_json({o.name: d[o.name] for o in OPTIONS if o.name in d}),
                   deck=tuple(deck) if deck is not None else None,
                   levels=tuple(d.get("levels") or ()),
                   secret=str(d.get("secret") or ""))


@dataclass
class Move:
    """One applied action as the log keeps it, with what the table saw."""

    action: dict  # Action.to_json(), chance results filled in
    by: str  # "person", "computer" or "example"
    reason: str = ""  # the computer player's one sentence
    text: str = ""  # the narration of its events, as anybody may read it
    # When the full narration tells more (a stolen card): {"text": ..., "to": [colours]}.
    secret: dict = field(default_factory=dict)


def new_secret() -> str:
    return secrets.token_hex(16)


def _chance(setup: Setup, what: str) -> int | str:
    """The seed of a chance result ("deck", or the log's length for the next action): the
    set-up's seed mixed with the game's secret by HMAC-SHA256."""
    if not setup.secret:  # a game stored before the secret: as it was seeded then
        return setup.seed if what == "deck" else f"{setup.seed}/{what}"
    digest = hmac.new(setup.secret.encode(), f"{setup.seed}/{what}".encode(), hashlib.sha256)
    return int(digest.hexdigest(), 16)


def start(setup: Setup) -> Game:
    """The starting position: the beginner set-up, or a variable board before its set-up.
    The seed alone builds the board; the deck is shuffled by the game's secret."""
    deck = list(setup.deck) if setup.deck is not None else None
    shuffle = _chance(setup, "deck")
    if setup.plan == "variabilni":
        return Game.new(Board.variable(setup.seed), setup.players, seed=shuffle,
                        rules=setup.rules, deck=deck)
    return Game.beginner(players=setup.players, seed=shuffle, rules=setup.rules, deck=deck)


def replay(setup: Setup, log: list[dict]) -> Game:
    game = start(setup)
    for entry in log:
        game.apply(actions.from_json(entry))
    return game


def _reseed(game: Game, setup: Setup) -> None:
    # The engine's own generator decides the dice and the stolen card; seeding it by the
    # position in the log makes the next chance result the same whether the game was
    # replayed or kept in memory.
    game.reseed(_chance(setup, str(len(game.history))))


def apply(game: Game, setup: Setup, action: actions.Action, by: str,
          reason: str = "") -> Move:
    """Apply one action (RuleViolation / InvalidInput leave the game unchanged). Every
    action of a game on the site passes here, so the site's limits are checked here."""
    limits.check(game, action)
    before = board_svg.position_of(game)
    _reseed(game, setup)
    length = len(game.history)
    events = [e.to_json() for e in game.apply(action)]
    recorded = game.history[length:] or [action]
    public = action_words.tell(recorded[-1], narrate.visible_events(events, narrate.NOBODY),
                               before, game.players)
    full = action_words.tell(recorded[-1], events, before, game.players)
    secret = ({"text": full, "to": narrate.knowers(events, game.players)} if full != public
              else {})
    return Move(action=recorded[-1].to_json(), by=by, reason=reason, text=public,
                secret=secret)


# Building in the trade phase ends the trade first, as a player at the table does.
BUILDING = (actions.BuildRoad, actions.BuildSettlement, actions.BuildCity,
            actions.BuyDevelopmentCard)


def after_trade(game: Game) -> Game:
    """The game as the player on turn would find it after ending the trade phase (or the
    game itself outside the trade phase)."""
    if game.phase != "trade":
        return game
    ahead = game.copy()
    ahead.apply(actions.EndTrade(game.current_player))
    return ahead


def play_person(game: Game, setup: Setup, action: actions.Action) -> list[Move]:
    """A person's move; a build in the trade phase first ends the trade (two log entries).
    Nothing changes when the move is refused."""
    if game.phase == "trade" and isinstance(action, BUILDING):
        after_trade(game).check(action)
        return [apply(game, setup, actions.EndTrade(action.player), "person"),
                apply(game, setup, action, "person")]
    return [apply(game, setup, action, "person")]


# What chance decides; a person's posted move never sets it (no loaded dice).
CHANCE_FIELDS = ("dice", "card", "drawn")


def parse(data: object) -> actions.Action:
    """A person's action from the JSON a form posted, chance left to the game;
    InvalidInput when it is not one."""
    if isinstance(data, dict):
        data = {k: v for k, v in data.items() if k not in CHANCE_FIELDS}
    try:
        return actions.from_json(data)
    except InvalidInput:
        raise
    except (TypeError, ValueError, KeyError, AttributeError):
        raise InvalidInput("Tomuto tahu nerozumíme.") from None


def person_may_act(game: Game, setup: Setup) -> str | None:
    """The person who must act now, or None (a computer player, or the game is over)."""
    acting = game.acting_player
    return acting if acting in setup.people else None


Decide = Callable[[Game], tuple[actions.Action, str]]

# Katan pro dva has one opponent: what the computer players' reasons and the buttons say
# of several, said of one.
ONE_OPPONENT = (
    ("škodí soupeřům", "škodí soupeři"),
    ("od soupeřů vezme", "od soupeře vezme"),
    ("co soupeři těží, jí nejspíš mají dost (jejich karty nevidí)",
     "co soupeř těží, jí nejspíš má dost (jeho karty nevidí)"),
    ("kde stojí soupeři, by", "kde stojí soupeř, by"),
    ("nabízí všem", "nabízí soupeři"),
    ("Nabídnout všem", "Nabídnout soupeři"),
)


def for_table(text: str, setup: Setup) -> str:
    """A sentence as this table reads it: in Katan pro dva of one opponent."""
    if len(setup.players) != 2:
        return text
    for several, one in ONE_OPPONENT:
        text = text.replace(several, one)
    return text


def computers_play(game: Game, setup: Setup, decide_for: Callable[[str, int], Decide],
                   *, until_turn_ends: bool = False, limit: int = COMPUTER_STEP_LIMIT,
                   ) -> list[Move]:
    """Let the computer players act until a person must act, the game is over or ``limit``
    actions are done. ``until_turn_ends`` stops at the next turn (watching a bots' game)."""
    moves: list[Move] = []
    turn = game.turn_number
    while len(moves) < limit and game.winner is None and len(
            game.history) < limits.MAX_ACTIONS:
        acting = game.acting_player
        if acting is None or acting in setup.people:
            break
        if until_turn_ends and game.turn_number != turn:
            break
        action, reason = decide_for(acting, len(game.history))(game)
        moves.append(apply(game, setup, action, "computer", for_table(reason, setup)))
    return moves


def refusal(exc: RuleViolation | InvalidInput) -> dict:
    """A refused move as the page shows it: the engine's sentence and its headword."""
    return {"message": exc.message, "headword": getattr(exc, "headword", "") or ""}
