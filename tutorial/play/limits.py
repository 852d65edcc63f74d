"""Limits of this site, not rules of the game (no Django here).

The rules set no number of trade offers in a turn, and a game could go on for ever; a
stored game must not. Every action of a game played on the site passes
:func:`tutorial.play.flow.apply`, which calls :func:`check` first: a person's move, a
computer player's and whatever the trade panel posts are bound alike. The computer players
never reach these limits (they make at most two offers a turn).
"""

from __future__ import annotations

from engine import Game, actions, words
from engine.errors import InvalidInput

# Offers the player on turn may send to one partner in one turn; an offer to everybody
# counts once for each of them.
OFFERS_PER_PARTNER = 3
# Actions one game's record may hold. A game of computer players takes 150–450.
MAX_ACTIONS = 5000

_NOT_A_RULE = "Je to omezení tohoto webu, ne pravidlo hry"


def check(game: Game, action: actions.Action) -> None:
    """Raise InvalidInput (a Czech sentence) when ``action`` would pass a site limit."""
    if len(game.history) >= MAX_ACTIONS:
        raise InvalidInput(
            f"Jedna hra může mít na tomto webu nejvýš {MAX_ACTIONS} zapsaných akcí a tato je"
            f" už má. {_NOT_A_RULE}: záznam hry nesmí růst bez konce. Začněte prosím novou"
            " hru.", code="game_too_long")
    if isinstance(action, actions.OfferTrade):
        _check_offers(game, action)


def offers_this_turn(game: Game, player: str) -> dict[str, int]:
    """partner -> offers ``player`` has sent them in this turn (an offer to all counts for
    each other player)."""
    counts = dict.fromkeys((c for c in game.players if c != player), 0)
    for done in reversed(game.history):
        if isinstance(done, actions.EndTurn):
            break
        if isinstance(done, actions.OfferTrade) and done.player == player:
            for partner in [done.partner] if done.partner else counts:
                counts[partner] = counts.get(partner, 0) + 1
    return counts


def _check_offers(game: Game, offer: actions.OfferTrade) -> None:
    counts = offers_this_turn(game, offer.player)
    partners = [offer.partner] if offer.partner else list(counts)
    full = [p for p in partners if counts.get(p, 0) >= OFFERS_PER_PARTNER]
    if not full:
        return
    cap = words.plural_count(OFFERS_PER_PARTNER, "nabídku", "nabídky", "nabídek")
    names = words.join([words.player(p, "dat") for p in full])
    raise InvalidInput(
        f"Jednomu spoluhráči můžete v jednom tahu poslat nejvýš {cap} obchodu a {names} jste"
        f" je už poslali. {_NOT_A_RULE} (pravidla počet nabídek neomezují): jinak by jedna"
        " hra mohla růst bez konce. Další nabídku můžete poslat v příštím tahu nebo jinému"
        " spoluhráči.", code="too_many_offers")
