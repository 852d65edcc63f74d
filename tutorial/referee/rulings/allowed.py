"""'Smí tohle?': the engine's check of one move, on the player's own turn unless the position
says whose turn it is; a yes says what the move changes.
"""

from __future__ import annotations

from engine import Game, InvalidInput, RuleViolation, actions, referee, words
from engine import topology as topo
from tutorial.referee.rulings.bank_trade import _rate_sentence
from tutorial.referee.rulings.base import (
    COST_WORDS,
    BadQuestion,
    Known,
    Ruling,
    _name,
    _need_color,
)
from tutorial.referee.rulings.consequences import (
    BUILD_KINDS,
    _consequences,
    _headword_of,
    _places_of,
)
from tutorial.referee.rulings.robber import whom_to_rob


def may(game: Game, action: actions.Action, known: Known) -> Ruling:
    """'Smí tohle?': the engine's check of one action, on the player's own turn unless the
    position says whose turn it is. Unknown hands: the board's rules only, the cost named."""
    player = _need_color(game, action.player)
    if isinstance(action, actions.MoveRobber):
        return _may_rob(game, action, known)
    g = game.copy()
    if not known.turn:
        g.set_current(player, _phase_for(g, action))
    if g.phase == "setup":
        action = _setup_action(action)
    if isinstance(action, actions.Discard) and g.phase == "discard":
        if action.player not in g.discards_owed:
            return Ruling("smi", f"Ne. {_name(player, capital=True)} po této sedmičce nic "
                          "neodevzdává: nemá víc než 7 karet surovin, nebo už odevzdal.", False,
                          "sedmicka-padla-nastupuje-zlodej", data={"kod": "nothing_to_discard"})
        g = _discarding_alone(g, action.player)
    kind = action.to_json()["type"]
    if kind in BUILD_KINDS and player not in known.hands:
        return _may_build_anyhow(g, action, BUILD_KINDS[kind])
    if isinstance(action, actions.TradeBank) and player not in known.hands:
        g.set_hand(player, {action.give: 4 * action.count})
    assumed = _assume_hands(g, action, known)
    try:
        g.check(action)
    except RuleViolation as exc:
        return Ruling("smi", f"Ne. {exc.message}", False, exc.headword, data={"kod": exc.code},
                      highlight=_places_of(action))
    changes = _consequences(g, action, known) + _setup_yields(g, action)
    return Ruling("smi", "Ano. " + _yes_text(g, action, assumed), True,
                  _headword_of(action, changes), highlight=_places_of(action),
                  consequences=changes)


def _discarding_alone(g: Game, color: str) -> Game:
    """The discard phase as if ``color`` were the only one still to discard: who discards
    first does not matter (each chooses his own cards), so his discard is checked alone
    instead of waiting for the engine's turn order."""
    data = g.to_json()
    data["discard"] = {color: g.discards_owed[color]}
    return Game.from_json(data)


def _setup_action(action):
    """In the set-up phase a settlement or road is placed (free, the set-up's rules)."""
    if isinstance(action, actions.BuildSettlement):
        return actions.PlaceSettlement(action.player, action.node)
    if isinstance(action, actions.BuildRoad):
        return actions.PlaceRoad(action.player, action.path)
    return action


def _assume_hands(g: Game, action, known: Known) -> list[str]:
    """A trade between players whose hands the position does not give: each is given just
    what he would hand over, so that the rules of the trade itself decide (the answer then
    says "if they have the cards"). The colours so assumed."""
    if isinstance(action, actions.ForcedTrade) and g.rules.two_player:
        opponent = next((c for c in g.players if c != action.player), None)
        if opponent and opponent not in known.hands:
            g.set_hand(opponent, {"brick": 2})
            return [opponent]
        return []
    if not isinstance(action, actions.TradePlayers):
        return []
    assumed = []
    for color, cards in ((action.player, action.give), (action.partner, action.get)):
        if color in g.players and color not in known.hands and isinstance(cards, dict):
            try:
                g.set_hand(color, cards)
            except (InvalidInput, TypeError, ValueError, AttributeError):
                continue
            assumed.append(color)
    return assumed


def _setup_yields(g: Game, action) -> list:
    """Fáze zakládání: what placing this settlement pays at once, by the engine's own
    placement (the second settlement: one card per adjacent land that yields)."""
    if not isinstance(action, actions.PlaceSettlement):
        return []
    after = g.copy()
    events = after.apply(action)
    produced = [e for e in events if e.kind == "produced"]
    who = _name(action.player, capital=True)
    if not produced:
        text = (f"{who} za první vesnici ve fázi zakládání nic nedostane: první výnosy "
                "přinese až druhá vesnice.")
        gains = {}
    else:
        gains = {r: n for r, n in produced[0].gains.get(action.player, {}).items() if n}
        text = (f"{who} za tuto druhou vesnici hned dostane "
                + (words.cards(gains) if gains else "nic")
                + ": za každou sousední krajinu, která dává surovinu, jednu kartu (poušť "
                  "a moře nic).")
    return [referee.Consequence("setup_yield", text, "faze-zakladani",
                                {"player": action.player, "gains": gains,
                                 "second": bool(produced)})]


def _phase_for(game: Game, action: actions.Action) -> str:
    if game.rules.combined_trade_build:
        return "main"
    if isinstance(action, actions.TradeBank | actions.TradePlayers | actions.OfferTrade):
        return "trade"
    return "build"


def _may_build_anyhow(g: Game, action, piece: str) -> Ruling:
    player = action.player
    place = action.path if piece == "road" else action.node
    if piece == "settlement":
        violation = g.why_not_settlement(player, place)
    elif piece == "road":
        violation = g.why_not_road(player, place)
    else:
        violation = None
        if not isinstance(place, str) or place not in topo.INTERSECTION_INDEX:
            raise InvalidInput(f"Neznámá křižovatka {place!r}.")
        if topo.INTERSECTION_IDS[topo.INTERSECTION_INDEX[place]] not in g.legal_city_spots(player):
            try:
                g.check(action)
            except RuleViolation as exc:
                violation = exc
    if violation is not None:
        return Ruling("smi", f"Ne. {violation.message}", False, violation.headword,
                      data={"kod": violation.code}, highlight=[place])
    changes = _consequences(g, action, Known())
    return Ruling("smi", f"Ano, {_name(player)} tu smí postavit {words.PIECES_ACC[piece]}, "
                         f"má-li na to suroviny ({COST_WORDS[piece]}).", True,
                  _headword_of(action, changes), highlight=[place], consequences=changes)


def _may_rob(game: Game, action: actions.MoveRobber, known: Known) -> Ruling:
    violation = referee.why_not_robber(game, action.hex)
    if violation is not None:
        return Ruling("smi", f"Ne. {violation.message}", False, violation.headword,
                      data={"kod": violation.code}, highlight=[action.hex])
    ruling = whom_to_rob(game, action.player, action.hex, known)
    victim = action.victim
    if victim is not None and victim not in game.players:
        raise BadQuestion("Okradený hráč (victim) v pozici nehraje.")
    if known.turn and game.phase == "robber":
        # The position is the very moment: the engine's own check decides.
        try:
            game.copy().check(action)
        except RuleViolation as exc:
            ruling.answer, ruling.allowed, ruling.headword = (f"Ne. {exc.message}", False,
                                                              exc.headword)
            ruling.data["kod"] = exc.code
            ruling.question = "smi"
            return ruling
    if victim is None and ruling.data["okrast"]:
        names = words.join([_name(c, "acc") for c in ruling.data["okrast"]], "nebo")
        ruling.answer = (f"Ne. Zloděj sem smí, ale {_name(action.player)} pak musí okrást "
                         f"jednoho z hráčů, kteří u pole mají vesnici nebo město a drží karty: "
                         f"{names}.")
        ruling.allowed = False
        ruling.headword = "sedmicka-padla-nastupuje-zlodej"
        ruling.data["kod"] = "victim_required"
    elif victim is None:
        ruling.answer = "Ano, zloděj sem smí. " + ruling.answer
        ruling.allowed = True
    elif victim in ruling.data["okrast"] or (victim in ruling.data["bez_karet"]
                                              and victim not in known.hands):
        ruling.answer = (f"Ano, zloděj sem smí a {_name(action.player)} smí okrást "
                         f"{_name(victim, 'acc')}.")
        ruling.allowed = True
    else:
        ruling.answer = (f"Ne. {_name(victim, capital=True)} nemá u tohoto pole vesnici ani "
                         "město s kartami v ruce, okrást jde jen: "
                         + (words.join([_name(c, "acc") for c in ruling.data["okrast"]])
                            or "nikoho") + ".")
        ruling.allowed = False
    ruling.question = "smi"
    return ruling


def _yes_text(g: Game, action, assumed=()) -> str:
    kind = action.to_json()["type"]
    who = _name(action.player, capital=True)
    if kind == "trade_bank":
        rate = g.trade_rate(action.player, action.give)
        return _rate_sentence(g, action.player, action.give, rate, action.count)
    if kind in BUILD_KINDS:
        return f"{who} tu smí stavět a suroviny na to má."
    if kind in ("place_settlement", "place_road"):
        piece = "vesnici" if kind == "place_settlement" else "silnici"
        return f"{who} tu smí ve fázi zakládání postavit {piece} (zdarma)."
    if kind == "trade_players":
        caveat = (", mají-li ty karty (" + words.join([_name(c, "gen") for c in assumed])
                  + " v pozici nejsou)" if assumed else "")
        return (f"{who} a {_name(action.partner)} spolu smějí teď obchodovat: "
                f"{_name(action.player)} dá {words.cards(action.give)} a dostane "
                f"{words.cards(action.get)}{caveat}. Obchodovat smí jen hráč na tahu, a to "
                "s kýmkoli ze spoluhráčů.")
    if kind in TRADE_CARD_ACTIONS:
        cost = g.trade_card_cost(action.player)
        paid = words.plural_count(cost, "obchodní kartu", "obchodní karty", "obchodních karet")
        caveat = (f", má-li {_name(assumed[0])} aspoň 1 kartu suroviny (jeho karty v pozici "
                  "nejsou)" if assumed else "")
        return (f"{who} {TRADE_CARD_ACTIONS[kind]} za {paid}{caveat}. Akce s obchodními "
                "kartami je jedna za tah; stojí 1 kartu, nemá-li hráč víc bodů než soupeř, "
                "jinak 2.")
    if kind == "retire_knight":
        return (f"{who} smí odstranit jednoho svého vyloženého Rytíře ze hry a dostane za něj "
                "2 obchodní karty (jednou za tah).")
    return "Engine tento krok v této pozici dovolí."


# Katan pro dva's trade-card actions: what the player may do, for the "yes" (001).
TRADE_CARD_ACTIONS = {
    "forced_trade": "smí vynuceně obchodovat (vytáhne soupeři naslepo 2 karty surovin a "
                    "dá mu za ně 2 libovolné své)",
    "robber_to_desert": "smí postavit zloděje na poušť (nikoho neokrade)",
}
