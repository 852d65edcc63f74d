"""Limits of this site, not rules of the game.

The rules set no number of trade offers in a turn, and a game could go on for ever; a
stored game must not. Every action of a game played on the site passes
:func:`tutorial.play.flow.apply`, which calls :func:`check` first: a person's move, a
computer player's and whatever the trade panel posts are bound alike. The computer players
never reach these limits (they make at most two offers a turn).

Guessing friends' join codes (:func:`join_allowed`, :func:`wrong_code`): a browser may type
``JOIN_GUESSES_PER_BROWSER`` codes that no game has in ``JOIN_GUESS_WINDOW`` seconds, and an
address (a whole school may share one) ``JOIN_GUESSES_PER_ADDRESS``; beyond either, the join
form is refused with a 429 before its code is looked at, so the refusal tells nothing about
the code. Counted in Django's cache (shared by the servers when there are two; on one
server with the local-memory cache each worker counts on its own). A right code is never
counted, and a phone that holds a seat gets back in without the form.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.core.cache import cache

from engine import Game, actions, words
from engine.errors import InvalidInput

# Offers the player on turn may send to one partner in one turn; an offer to everybody
# counts once for each of them.
OFFERS_PER_PARTNER = 3
# Actions one game's record may hold. A game of computer players takes 150–450.
MAX_ACTIONS = 5000

_NOT_A_RULE = "Je to omezení tohoto webu, ne pravidlo hry"

# Codes that no game has, typed at the join form: per browser and per address, per window.
JOIN_GUESSES_PER_BROWSER = 10
JOIN_GUESSES_PER_ADDRESS = 100  # a class behind one school address, each with a typo or two
JOIN_GUESS_WINDOW = 600  # seconds


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


# --- guessing join codes -------------------------------------------------------------------

@dataclass(frozen=True)
class Guessing:
    """The join form must wait: which limit (``per``: "browser" or "address"), how many
    wrong codes it allows, and the seconds until the window ends."""
    per: str
    limit: int
    retry_after: int


def _keys(address: str, browser: str) -> dict[str, str]:
    # Cache keys must be short and plain: the address and the session key are both.
    return {"browser": f"hrat-kod:b:{browser[:64]}", "address": f"hrat-kod:a:{address[:100]}"}


def join_allowed(address: str, browser: str, *, now: float | None = None) -> Guessing | None:
    """None when this browser at this address may try a code now; else why not. A window
    starts with its first wrong code and lasts JOIN_GUESS_WINDOW seconds."""
    now = time.time() if now is None else now
    keys = _keys(address, browser)
    found = cache.get_many([k + suffix for k in keys.values() for suffix in ("", ":od")])
    for per, limit in (("browser", JOIN_GUESSES_PER_BROWSER),
                       ("address", JOIN_GUESSES_PER_ADDRESS)):
        if found.get(keys[per], 0) >= limit:
            began = found.get(keys[per] + ":od", now)
            left = max(1, int(began + JOIN_GUESS_WINDOW - now + 0.999))
            return Guessing(per, limit, min(left, JOIN_GUESS_WINDOW))
    return None


def wrong_code(address: str, browser: str, *, now: float | None = None) -> None:
    """Count a code that no game has against this browser and this address."""
    now = time.time() if now is None else now
    for key in _keys(address, browser).values():
        # add() keeps a running window; incr() keeps its expiry (every cache backend does).
        cache.add(key + ":od", now, timeout=JOIN_GUESS_WINDOW)
        cache.add(key, 0, timeout=JOIN_GUESS_WINDOW)
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr: a new window
            cache.set(key, 1, timeout=JOIN_GUESS_WINDOW)
