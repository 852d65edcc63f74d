"""How strongly a computer player plays: začátečník, pokročilý, silný.

All three are the same player (engine.bots.strong) with parts of its plan switched off and
random noise on the values it puts on places, so a weaker level makes the mistakes a
learner makes: a settlement on a poor spot, no trades of its own, cards hoarded until a 7
takes them. Every level decides from what a player at the table knows (its own cards, and
what a card counter can tell of the others': engine.bots.knowledge). The description the
new-game form shows (tutorial/play/forms.py) must stay true to these switches.
Each level is deterministic for a seed. Their strength against each other is measured by
``python -m engine.bench --bots`` (engine/bots/README.md has the figures).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    key: str            # stored with a game ("zacatecnik")
    name: str           # shown on the site ("začátečník")
    noise: float        # random dots added to each place's value (0 = none)
    bank_trades: bool   # trades with the bank toward its target (else only above 7 cards)
    offers: bool        # offers trades to the other players
    counters: bool      # answers an offer with a counter-offer (else only yes or no)
    dev_cards: bool     # buys development cards as part of its plan, plays them for gain
    robber_aim: bool    # aims the robber at the leader (else at any opponent's hex)
    army_race: bool     # plays a knight whenever its knights can take Largest Army


LEVELS = {
    "zacatecnik": Level("zacatecnik", "začátečník", noise=6.0, bank_trades=False,
                        offers=False, counters=False, dev_cards=False, robber_aim=False,
                        army_race=False),
    "pokrocily": Level("pokrocily", "pokročilý", noise=2.5, bank_trades=True,
                       offers=False, counters=True, dev_cards=True, robber_aim=True,
                       army_race=True),
    "silny": Level("silny", "silný", noise=0.0, bank_trades=True, offers=True,
                   counters=True, dev_cards=True, robber_aim=True, army_race=True),
}
DEFAULT_LEVEL = "zacatecnik"   # for a learner: a new game's computer players
STRONGEST = "silny"
