"""The referee's questions about one position, each answered by the engine.

Every answer is a :class:`Ruling`: a Czech sentence, yes/no where the question has one, the
Almanach headword of the rule, and the places to draw on the board. The rule checks are the
engine's (``Game.check``, ``why_not_*``, ``legal_*_spots``, :mod:`engine.referee`); this
package only asks them and words the answer. No Django here: the page and the JSON API share it.

One module per question: ``allowed`` (Smí tohle?, with ``bank_trade`` and ``cards`` for a
trade with the bank and a development card, ``consequences`` for what a move changes and
the headword it links), ``roads`` (Nejdelší obchodní cesta), ``building`` (Kam smím stavět?),
``robber`` (Koho můžu okrást? and Padla sedmička: co teď?), ``dice`` (Kolik kdo dostane?),
``score`` (Kolik má kdo bodů? and Kdo vyhrál?); what they share is in ``base``. Callers use
the names below, as ``rulings.may`` etc.
"""

from tutorial.referee.rulings.allowed import may
from tutorial.referee.rulings.bank_trade import rate_ruling
from tutorial.referee.rulings.base import QUESTIONS, BadQuestion, Known, Ruling, _name
from tutorial.referee.rulings.building import where_to_build
from tutorial.referee.rulings.cards import card_ruling
from tutorial.referee.rulings.consequences import ACTION_HEADWORDS
from tutorial.referee.rulings.dice import yields
from tutorial.referee.rulings.roads import longest_road
from tutorial.referee.rulings.robber import seven, whom_to_rob
from tutorial.referee.rulings.score import points, who_won

__all__ = [
    "ACTION_HEADWORDS", "QUESTIONS", "BadQuestion", "Known", "Ruling", "card_ruling",
    "longest_road", "may", "points", "rate_ruling", "seven", "where_to_build", "who_won",
    "whom_to_rob", "yields",
    "_name",  # how the answers name a player (the tests compare with it)
]
