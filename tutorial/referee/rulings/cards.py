"""'Smí tohle?' for a development card: may it be played now (a victory-point card is
revealed, never played).
"""

from __future__ import annotations

from engine import RESOURCES, Game, RuleViolation, actions, referee, words
from engine import topology as topo
from tutorial.referee.rulings.base import (
    BadQuestion,
    Known,
    Ruling,
    _name,
    _need_color,
)
from tutorial.referee.rulings.consequences import (
    CARD_CONSEQUENCES,
    _consequences,
    _headword_of,
)


def card_ruling(game: Game, color: str, card: str, known: Known) -> Ruling:
    """'Smí teď zahrát tuto kartu?': the engine's check of playing it now."""
    color = _need_color(game, color)
    if card not in words.DEV_CARDS:
        raise BadQuestion("Zvolte akční kartu.")
    g = game.copy()
    if not known.turn:
        g.set_current(color, "main" if g.rules.combined_trade_build else "build")
    if color not in known.dev:
        g.set_dev_cards(color, [card])
    name = words.DEV_CARDS_ACC[card]
    if card == "victory_point":
        return _reveal_ruling(g, color, known)
    action = _card_action(g, color, card)
    if card == "road_building" and not action.paths:
        return Ruling("smi", f"Ne. {_name(color, capital=True)} nemá kam postavit silnici: "
                      "karta Stavba silnic potřebuje aspoň jednu volnou cestu u vlastní "
                      "silnice, vesnice nebo města.", False, "pokrok",
                      data={"kod": "no_road_spot"})
    try:
        g.check(action)
    except RuleViolation as exc:
        return Ruling("smi", f"Ne. {exc.message}", False, exc.headword, data={"kod": exc.code})
    owned = "" if color in known.dev else " (má-li ji a nekoupil-li ji v tomto tahu)"
    if color in known.dev and any(c == card and new for c, new in g.dev_cards(color)):
        owned = " (kartu, kterou má z dřívějška; tu koupenou v tomto tahu zahrát nesmí)"
    changes = _consequences(g, action, known, CARD_CONSEQUENCES)
    return Ruling("smi", f"Ano, {_name(color)} smí teď zahrát {name}{owned}.", True,
                  _headword_of(action, changes), consequences=changes)


def _reveal_ruling(g: Game, color: str, known: Known) -> Ruling:
    """A victory-point card is never played: it is revealed when it brings the owner to the
    goal on his own turn, even one bought in this very turn (Almanach, Akční karty; 001).
    The engine's verdict decides whether it does now."""
    who = _name(color, capital=True)
    headword = "karta-s-vyhernim-bodem"
    if color in known.dev and not any(c == "victory_point" for c, _new in g.dev_cards(color)):
        return Ruling("smi", f"Ne. {who} kartu Vítězný bod nemá.", False, headword,
                      data={"kod": "card_not_owned"})
    if color not in known.dev:
        g.set_dev_cards(color, ["victory_point"])
    v = referee.verdict(g, known_dev_cards=set(known.dev) | {color})
    goal = g.rules.victory_points_to_win
    held = g.points(color)["total"]
    bought = any(c == "victory_point" and new for c, new in g.dev_cards(color))
    if v.winner == color:
        answer = (f"Ano. Karta Vítězný bod se nehraje, ale odkrývá: {_name(color)} má i s ní "
                  f"{words.points(held)}, je na tahu, a tak ji teď odkryje a vyhrává"
                  + (", i když ji koupil právě v tomto tahu" if bought else "") + ".")
        return Ruling("smi", answer, True, referee.VICTORY_HEADWORD,
                      data={"body": held, "vitez": color})
    why = (f"{_name(color)} teď není na tahu" if v.current != color
           else f"{_name(color)} by s ní měl jen {words.points(held)}, k vítězství je "
                f"potřeba {goal}")
    return Ruling("smi", "Ne. Karta Vítězný bod se nehraje: zůstává skrytá a odkrývá se, až "
                         f"přinese {goal}. bod v tahu svého majitele; {why}"
                  + (" (odkrýt ji smí i v tahu, kdy ji koupil)" if bought else "") + ".",
                  False, headword, data={"kod": "victory_point_card_not_played",
                                         "body": held})


def _card_action(g: Game, color: str, card: str) -> actions.Action:
    if card == "knight":
        hexes = [h for h in topo.HEX_IDS if h != g.robber]
        return actions.PlayKnight(color, hexes[0])
    if card == "road_building":
        spots = sorted(g.legal_road_spots(color))
        return actions.PlayRoadBuilding(color, tuple(spots[:2]))
    if card == "year_of_plenty":
        bank = g.bank
        best = max(RESOURCES, key=lambda r: bank[r])
        return actions.PlayYearOfPlenty(color, (best, best))
    return actions.PlayMonopoly(color, "ore")
