"""The computer players' reasons ("Proč: …") are shown to everybody at the table: they may
say what the move itself shows and what the player intends ("šetří na vesnici"), never
what it holds in its hand or which development cards it has not played.

Each reason of many seeded games is checked against what was public at that moment: the
resources and development cards the move's events show to everybody (a steal and the
cards drawn by a forced trade are not among them: only the two players see those), the
offer on the table, and the board around a place the move builds on."""

import re

import pytest

from engine import Board, Game, Rules
from engine import events as E
from engine.bots import StrongBot
from engine.constants import GENERIC, RESOURCES
from engine.topology import INTERSECTION_HEXES, INTERSECTION_INDEX

FOUR = ("orange", "red", "blue", "white")
LEVELS = ("silny", "pokrocily", "zacatecnik")

# Every Czech form of a resource (cihla, cihlu, cihly, cihel, dřevo, dřeva, dřev, …).
RESOURCE_WORDS = {
    "brick": re.compile(r"\b(cihl\w*|cihel)\b", re.IGNORECASE),
    "lumber": re.compile(r"\bdřev\w*\b", re.IGNORECASE),
    "wool": re.compile(r"\bvln\w*\b", re.IGNORECASE),
    "grain": re.compile(r"\bobilí\w*\b", re.IGNORECASE),
    "ore": re.compile(r"\brud[auy]?\b", re.IGNORECASE),
}
# Development cards by name (a card bought is only "akční karta" until it is played).
CARD_WORDS = {
    "knight": re.compile(r"\bRytíř\w*", re.IGNORECASE),
    "road_building": re.compile(r"\bStavb\w* silnic", re.IGNORECASE),
    "year_of_plenty": re.compile(r"\bVynález\w*", re.IGNORECASE),
    "monopoly": re.compile(r"\bMonopol\w*", re.IGNORECASE),
    "victory_point": re.compile(r"\b(vítězn|výhern)\w* bod", re.IGNORECASE),
}
# What a player holds or lacks, said of its hand: "chybí mu vlna", "má suroviny na město",
# "aby si nechal suroviny na vesnici", "nepřijde o suroviny", "Rytíře si nechává". A hand's
# size is public ("soupeř drží 5 karet").
HOLDINGS = re.compile(r"\b(chybí|nechal\w*|nechává|nepřijde o|má suroviny|má na"
                      r"|drží(?! \d+ kar))\b")


def public_content(board: Board, offer: dict | None, action,
                   events) -> tuple[set[str], set[str]]:
    """(resources, development cards) that everybody at the table sees in this move: its
    public events, the offer it answers, the terrain and harbour of the place it builds."""
    resources: set[str] = set()
    cards: set[str] = set()
    for event in events:
        if isinstance(event, E.Discarded | E.GivenBack):
            resources |= set(event.cards)
        elif isinstance(event, E.BankTraded):
            resources |= {event.give, event.get}
        elif isinstance(event, E.Traded | E.TradeOffered):
            resources |= set(event.give) | set(event.get)
        elif isinstance(event, E.MonopolyTaken):
            resources.add(event.resource)
        elif isinstance(event, E.YearOfPlenty):
            resources |= set(event.resources)
        elif isinstance(event, E.CardPlayed):
            cards.add(event.card)
        elif isinstance(event, E.KnightRetired):
            cards.add("knight")
    if offer is not None and action.type in ("accept_trade", "decline_trade",
                                             "counter_offer"):
        resources |= set(offer["give"]) | set(offer["get"])
    node = getattr(action, "node", None)
    if node is not None:
        n = INTERSECTION_INDEX[node]
        resources |= {RESOURCES[board.hex_resource[h]] for h in INTERSECTION_HEXES[n]
                      if board.hex_resource[h] >= 0}
        harbor = board.node_harbor[n]
        if harbor >= 0 and harbor != GENERIC:
            resources.add(RESOURCES[harbor])
    return resources, cards


def leaks(reason: str, resources: set[str], cards: set[str]) -> list[str]:
    """What the reason tells that the move does not show: resources and development cards
    by name, and claims about what the player holds."""
    found = [r for r, word in RESOURCE_WORDS.items() if r not in resources and word.search(reason)]
    found += [c for c, word in CARD_WORDS.items() if c not in cards and word.search(reason)]
    claim = HOLDINGS.search(reason)
    if claim:
        found.append(claim.group(0))
    return found


def test_the_check_catches_what_a_player_must_not_know():
    """The check itself can fail: each of these tells a hidden card."""
    assert leaks("Oranžový mění se zámořím 4 rudy za 1 vlnu, protože mu chybí vlna na "
                 "vesnici.", {"ore", "wool"}, set()) == ["chybí"]
    assert leaks("Oranžový odhazuje 2 rudy, aby si nechal suroviny na vesnici.",
                 {"ore"}, set()) == ["nechal"]
    assert leaks("Oranžový končí obchod, protože má suroviny na město.", set(), set()) == [
        "má suroviny"]
    assert leaks("Oranžový hází kostkami a Rytíře si nechává, protože zloděj mu nic "
                 "neblokuje.", set(), set()) == ["knight", "nechává"]
    assert leaks("Oranžový hraje Vynález a bere si 1 cihlu a 1 dřevo, protože šetří na "
                 "město a má 2 rudy.", {"brick", "lumber"}, {"year_of_plenty"}) == ["ore"]
    # What the move shows, an intent, a hand's size: fine.
    assert leaks("Oranžový mění se zámořím 4 rudy za 1 vlnu, protože šetří na vesnici.",
                 {"ore", "wool"}, set()) == []
    assert leaks("Oranžový hraje Rytíře a posílá zloděje na les 5, protože tím získá "
                 "Největší vojsko.", set(), {"knight"}) == []
    assert leaks("Oranžový si vynucuje obchod, protože soupeř drží 5 karet.", set(), set()) == []


def seeded_games():
    """(seed, players, levels by seat): 2 (Katan pro dva), 3 and 4 players, every level in
    every seat over the seeds."""
    for seed in range(12):
        players = FOUR[:(2, 3, 4)[seed % 3]]
        yield seed, players, tuple(LEVELS[(seed // 3 + i) % 3] for i in range(len(players)))


@pytest.mark.parametrize(("seed", "players", "levels"), list(seeded_games()))
def test_no_reason_tells_a_hidden_card(seed, players, levels):
    game = Game.new(Board.variable(seed), players, seed=seed,
                    rules=Rules(two_player=len(players) == 2))
    bots = {c: StrongBot(seed * 8 + i, level=levels[i]) for i, c in enumerate(players)}
    told = []
    reasons = set()
    while game.winner is None and game.turn_number <= 400:
        decision = bots[game.acting_player].decide(game)
        offer = game.pending_offer
        events = game.apply(decision.action)
        if not decision.reason_cs:
            continue
        reasons.add(decision.action.type)
        resources, cards = public_content(game.board, offer, decision.action, events)
        found = leaks(decision.reason_cs, resources, cards)
        if found:
            told.append((decision.reason_cs, found))
    assert not told, told[:8]
    # The games gave reasons for many kinds of moves (the check is not run on nothing).
    assert len(reasons) >= 8, reasons
