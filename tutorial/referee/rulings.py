"""The referee's questions about one position, each answered by the engine.

Every answer is a :class:`Ruling`: a Czech sentence, yes/no where the question has one, the
Almanach headword of the rule, and the places to draw on the board. The rule checks are the
engine's (``Game.check``, ``why_not_*``, ``legal_*_spots``, :mod:`engine.referee`); this
module only asks them and words the answer. No Django here: the page and the JSON API share it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import RESOURCES, Game, InvalidInput, RuleViolation, actions, referee, words
from engine import topology as topo
from engine.bots.places import hex_ref
from engine.constants import COSTS

QUESTIONS = {
    "smi": "Smí tohle?",
    "nejdelsi-cesta": "Nejdelší obchodní cesta",
    "kam-stavet": "Kam smím stavět?",
    "koho-okrast": "Koho můžu okrást?",
    "vynosy": "Kolik kdo dostane?",
    "body": "Kolik má kdo bodů?",
    "kdo-vyhral": "Kdo vyhrál?",
    "sedmicka": "Padla sedmička: co teď?",
}
COST_WORDS = {kind: words.cards(dict(zip(RESOURCES, cost, strict=True)), "nom")
              for kind, cost in COSTS.items()}


class BadQuestion(ValueError):
    """The question lacks what it needs (a colour, a hex, a roll): a Czech message."""


@dataclass
class Ruling:
    question: str
    answer: str
    allowed: bool | None = None
    headword: str = ""
    details: list[str] = field(default_factory=list)
    highlight: list[str] = field(default_factory=list)
    trails: dict[str, list[str]] = field(default_factory=dict)
    data: dict = field(default_factory=dict)  # extra JSON for the API
    # What the move changes beyond itself (engine.referee.consequences), for "Smí tohle?".
    consequences: list = field(default_factory=list)

    def to_json(self) -> dict:
        out = {"otazka": self.question, "odpoved": self.answer,
               "podrobnosti": self.details, "zvyraznit": self.highlight, **self.data}
        if self.question == "smi":
            out["dusledky"] = [{"druh": c.kind, "text": c.text, "heslo": c.headword}
                               for c in self.consequences]
        if self.allowed is not None:
            out["smi"] = self.allowed
        if self.trails:
            out["cesty"] = self.trails
        return out


@dataclass(frozen=True)
class Known:
    """What the position says, as opposed to what the engine's sandbox fills in: whose turn
    it is, and whose hands and development cards were given."""

    turn: bool = False
    hands: frozenset[str] = frozenset()
    dev: frozenset[str] = frozenset()


def _name(color: str, case: str = "nom", capital: bool = False) -> str:
    return words.player(color, case, capital)


def _need_color(game: Game, color: str | None, *, neutral_ok: bool = False) -> str:
    allowed = set(game.players) | (set(game.neutrals) if neutral_ok else set())
    if not color:
        raise BadQuestion("Zvolte barvu hráče.")
    if color not in allowed:
        raise BadQuestion("Tato barva v pozici nehraje.")
    return color


# --- Smí tohle? -----------------------------------------------------------------------------

BUILD_KINDS = {"build_settlement": "settlement", "build_city": "city", "build_road": "road"}


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


# What a card's question (no target named) may say it changes: not whom a knight robs or
# what a Monopoly takes, which depend on the hex and the resource chosen later.
CARD_CONSEQUENCES = {"longest_road", "largest_army", "victory", "victory_not_now",
                     "neutral_build_owed"}


def _consequences(g: Game, action, known: Known, kinds=None) -> list:
    """The engine's list of what the move changes. Where the player's hand is not in the
    position, he is given just the cost, so that the move can be played out on a copy."""
    game = g
    cost = COSTS.get(BUILD_KINDS.get(action.to_json()["type"], ""))
    if cost is not None and action.player not in known.hands:
        game = g.copy()
        try:
            game.set_hand(action.player, dict(zip(RESOURCES, cost, strict=True)))
        except InvalidInput:
            return []
    try:
        found = referee.consequences(game, action, known_hands=known.hands)
    except (RuleViolation, InvalidInput):
        return []
    return [c for c in found if kinds is None or c.kind in kinds]


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


def rate_ruling(game: Game, color: str, resource: str) -> Ruling:
    """At which rate may the player trade this resource with the bank now, and why."""
    color = _need_color(game, color)
    if resource not in RESOURCES:
        raise BadQuestion("Zvolte surovinu.")
    rate = game.trade_rate(color, resource)
    harbor = referee.harbor_for(game, color, resource)
    spots = [n for n, (c, _p) in game.buildings.items() if c == color
             and harbor is not None and game.board.harbor_at(n) == harbor]
    return Ruling("smi", _rate_sentence(game, color, resource, rate), True,
                  "pristav" if harbor else "obchod-se-zamorim", highlight=sorted(spots),
                  data={"pomer": f"{rate}:1"})


def _rate_sentence(game: Game, color: str, resource: str, rate: int, count: int = 1) -> str:
    """"Modrý mění s bankem 4 vlny za 2 karty: …": ``count`` cards wanted, ``rate`` times as
    many given (TradeBank.count), every count in its Czech form."""
    given = rate * count
    what = words.resource_word(resource, given, "acc")
    if rate == 2:
        why = f"má vesnici nebo město u přístavu 2:1 na {words.resource_word(resource, 1)}"
    elif rate == 3:
        why = "má vesnici nebo město u přístavu 3:1"
    else:
        why = "nemá u přístavu, který by platil, žádnou stavbu (přístav postavený v tomto tahu " \
              "slouží až od příštího tahu, není-li fáze obchodu a stavění kombinovaná)"
    wanted = words.plural_count(count, "kartu", "karty", "karet")
    return f"{_name(color, capital=True)} mění s bankem {given} {what} za {wanted}: {why}."


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


def _places_of(action) -> list[str]:
    data = action.to_json()
    return [data[k] for k in ("node", "path", "hex") if isinstance(data.get(k), str)]


# The Almanach entry of each kind of move: where its rule is written.
ACTION_HEADWORDS = {
    "build_settlement": "vesnice", "build_city": "mesto", "build_road": "silnice",
    "place_settlement": "faze-zakladani", "place_road": "faze-zakladani",
    "trade_bank": "obchod-se-zamorim", "trade_players": "obchod-vnitrni",
    "offer_trade": "obchod-vnitrni", "accept_trade": "obchod-vnitrni",
    "decline_trade": "obchod-vnitrni", "counter_offer": "obchod-vnitrni",
    "end_trade": "obchod", "play_knight": "rytir", "play_road_building": "pokrok",
    "play_year_of_plenty": "pokrok", "play_monopoly": "pokrok",
    "buy_development_card": "akcni-karty", "discard": "sedmicka-padla-nastupuje-zlodej",
    "move_robber": "zlodej", "roll_dice": "prubeh-hry", "end_turn": "prubeh-hry",
    "forced_trade": "katan-pro-dva", "robber_to_desert": "katan-pro-dva",
    "retire_knight": "katan-pro-dva", "give_back": "katan-pro-dva",
}
# Consequences that are the dispute itself when a move has them: a settlement that breaks a
# road is a question of the Longest Road, not of the settlement.
DISPUTED = ("victory", "victory_not_now", "longest_road", "largest_army")


def _headword_of(action, consequences=()) -> str:
    for kind in DISPUTED:
        for c in consequences:
            if c.kind == kind:
                return c.headword
    return ACTION_HEADWORDS.get(action.to_json()["type"], "prubeh-hry")


# --- Nejdelší obchodní cesta -------------------------------------------------------------

TIE_RULES = {
    "aside": "Almanach: při shodě po přerušení jde karta stranou, dokud nemá jeden hráč sám "
             "nejdelší cestu",
    "holder_keeps": "kompaktní pravidla (001): při shodě si kartu ponechá její dosavadní "
                    "držitel, je-li mezi nejdelšími, jinak jde stranou",
}
# The reasons where two roads are as long: the rule about ties decided the card.
TIE_CODES = {"holder_keeps_tie", "holder_keeps_broken_tie", "broken_tie", "broken_tie_others",
             "tie_first", "tie_aside"}


def longest_road(game: Game, cards: referee.SpecialCards) -> Ruling:
    """Each colour's longest road (drawn), who holds the card and why: ``cards`` is the
    engine's decision (:func:`engine.referee.special_card_holders`) from who held it before,
    the same for the editor and the API."""
    owners = set(game.roads.values())
    colors = [c for c in (*game.players, *game.neutrals) if c in owners]
    lengths = {c: game.road_length(c) for c in colors}
    trails = {c: game.longest_trail(c) for c in colors}
    details = []
    breaks = []
    for c in colors:
        line = f"{_name(c, capital=True)}: nejdelší cesta {_roads(lengths[c])}"
        cut = referee.road_breaks(game, c)
        if cut:
            whole = referee.unbroken_road_length(game, c)
            breakers = words.join(sorted({_name(game.buildings[n][0], "gen") for n in cut}))
            line += (f"; přerušuje ji stavba {breakers}"
                     + (f", bez přerušení by měla {_roads(whole)}" if whole > lengths[c] else ""))
            breaks += cut
        details.append(line + ".")
    if cards.longest_road_code in TIE_CODES:
        details.append("Pravidlo o shodě, podle kterého engine rozhoduje: "
                       + TIE_RULES[game.rules.longest_road_tie] + ".")
    if not cards.longest_road_decided:
        details.append("Řekněte, kdo kartu měl dřív (v Rozhodčím: Hráči, karty, tah a "
                       "pravidla; v API: longest_road_holder), a engine rozhodne.")
    holder = cards.longest_road
    best = max(lengths.values(), default=0)
    leaders = [c for c in colors if lengths[c] == best and best >= 5]
    highlight = sorted({p for c in ([holder] if holder else leaders) for p in trails[c]})
    return Ruling("nejdelsi-cesta", cards.longest_road_reason, None, "nejdelsi-obchodni-cesta",
                  details, highlight + breaks, trails,
                  data={"delky": lengths, "drzitel": holder, "preruseni": breaks,
                        "rozhodnuto": cards.longest_road_decided,
                        "duvod": cards.longest_road_code})


def _roads(n: int) -> str:
    return words.plural_count(n, "silnice", "silnice", "silnic")


# --- Kam smím stavět? -----------------------------------------------------------------------

def where_to_build(game: Game, color: str) -> Ruling:
    """Every legal spot for a road, a settlement and a city of this colour (costs aside)."""
    color = _need_color(game, color)
    roads = sorted(game.legal_road_spots(color))
    settlements = sorted(game.legal_settlement_spots(color))
    cities = sorted(game.legal_city_spots(color))
    answer = (f"{_name(color, capital=True)} smí stavět (má-li suroviny): vesnici na "
              f"{_spots(len(settlements))}, město na {_spots(len(cities))}, silnici na "
              f"{_spots(len(roads), path=True)}.")
    left = game.pieces_left(color)
    details = [f"Figurek v zásobě: {_roads(left['road'])}, "
               f"{words.plural_count(left['settlement'], 'vesnice', 'vesnice', 'vesnic')}, "
               f"{words.plural_count(left['city'], 'město', 'města', 'měst')}."]
    if not settlements:
        details.append("Vesnice potřebuje křižovatku u vlastní silnice, jejíž tři sousední "
                       "křižovatky jsou prázdné (pravidlo o vzdálenosti).")
    return Ruling("kam-stavet", answer, None, "staveni", details,
                  settlements + cities + roads,
                  data={"vesnice": settlements, "mesto": cities, "silnice": roads})


def _spots(n: int, path: bool = False) -> str:
    if path:
        return words.plural_count(n, "cestě", "cestách", "cestách")
    return words.plural_count(n, "křižovatce", "křižovatkách", "křižovatkách")


# --- Koho můžu okrást? ----------------------------------------------------------------------

def whom_to_rob(game: Game, color: str, hex_id: str, known: Known) -> Ruling:
    color = _need_color(game, color)
    if hex_id not in topo.HEX_INDEX:
        raise BadQuestion("Zvolte pole.")
    stays = referee.why_not_robber(game, hex_id)
    if stays is not None:  # the robber must move: nobody is robbed on its old hex
        return Ruling("koho-okrast", f"{_name(color, capital=True)} tu nemůže okrást nikoho. "
                      f"{stays.message}", False, stays.headword, [], [hex_id],
                      data={"okrast": [], "bez_karet": [], "kod": stays.code})
    robbable, empty = referee.robber_candidates(game, color, hex_id)
    unknown = [c for c in empty if c not in known.hands]
    empty = [c for c in empty if c in known.hands]
    can = robbable + unknown
    details = []
    if not can:
        answer = f"{_name(color, capital=True)} tu nemůže okrást nikoho."
        if empty:
            answer += (f" {words.join([_name(c, capital=True) for c in empty])} tu má stavbu, "
                       "ale žádnou kartu suroviny.")
    else:
        answer = (f"{_name(color, capital=True)} může okrást "
                  f"{words.join([_name(c, 'acc') for c in can], 'nebo')}: vezme si "
                  "naslepo jednu kartu suroviny (akční karty se nekradou).")
        if unknown:
            answer += (" Karty " + words.join([_name(c, "gen") for c in unknown])
                       + " v pozici nejsou: okrást jde jen toho, kdo nějakou kartu má.")
        if empty:
            details.append(words.join([_name(c, capital=True) for c in empty])
                           + " tu má stavbu, ale žádnou kartu, takže okraden být nemůže.")
    if game.rules.two_player:
        details.append("Katan pro dva: neutrální barvy okrást nejde.")
    corners = [topo.INTERSECTION_IDS[n] for n in topo.HEX_CORNERS[topo.HEX_INDEX[hex_id]]
               if topo.INTERSECTION_IDS[n] in game.buildings
               and game.buildings[topo.INTERSECTION_IDS[n]][0] in can]
    return Ruling("koho-okrast", answer, bool(can), "zlodej", details, [hex_id, *corners],
                  data={"okrast": can, "bez_karet": empty})


# --- Kolik kdo dostane? ---------------------------------------------------------------------

def yields(game: Game, total: int, known: Known) -> Ruling:
    """What a roll pays out (or, for a 7, who discards), by the engine's own production."""
    try:
        result = referee.roll_yields(game, total)
    except InvalidInput as exc:
        raise BadQuestion(exc.message) from None
    number_hexes = [h for h in topo.HEX_IDS if game.board.number(h) == total]
    again = _second_roll_refused(game, total, known)
    if again is not None:
        return Ruling("vynosy", f"Na {total} nedostane nikdo nic: {again.message[:1].lower()}"
                      f"{again.message[1:]}", None, again.headword, data={"kod": again.code})
    if total == 7:
        owed = result.players
        if owed:
            answer = "Padla sedmička: " + words.join(
                [f"{_name(c)} odevzdá {words.card_count(k)}" for c, k in owed.items()]) + \
                " do banku, pak hráč na tahu přesune zloděje."
        else:
            answer = ("Padla sedmička: nikdo nemá víc než 7 karet, nikdo nic neodevzdává; "
                      "hráč na tahu přesune zloděje.")
        return Ruling("vynosy", answer, None, "sedmicka-padla-nastupuje-zlodej",
                      data={"odevzdat": owed})
    details = []
    gains = {c: g for c, g in result.gains.items() if any(g.values())}
    if gains:
        answer = f"Na {total} dostane " + "; ".join(
            f"{_name(c)} {words.cards(g)}" for c, g in gains.items()) + "."
    else:
        answer = f"Na {total} nedostane nikdo nic."
    for blocked in result.blocked:
        lost = {c: n for c, n in blocked["players"].items() if n}
        if lost:
            details.append(
                f"Zloděj na poli {blocked['hex']} blokuje: "
                + "; ".join(f"{_name(c)} by dostal "
                            f"{words.count_resource(blocked['resource'], n)}"
                            for c, n in lost.items()) + ".")
    for resource in result.shortage:
        details.append(f"V banku nezbývá dost karet {words.resource_word(resource, 5)} pro "
                       "všechny, a tak je nedostane nikdo (Almanach, Suroviny – karty).")
    if not known.hands:
        details.append("Ruce hráčů v pozici nejsou: počítá se s plným bankem.")
    return Ruling("vynosy", answer, None,
                  "suroviny-karty" if result.shortage else "suroviny-vynosy", details,
                  number_hexes,
                  data={"zisky": gains, "blokovano": result.blocked,
                        "nedostatek": list(result.shortage)})


def _second_roll_refused(game: Game, total: int, known: Known) -> RuleViolation | None:
    """Katan pro dva, between the two rolls of a turn: the engine's check of a second roll
    of this total (it must differ from the first)."""
    if not (known.turn and game.rules.two_player and game.phase == "roll"
            and game.rolls_this_turn == 1):
        return None
    low = max(1, total - 6)
    try:
        game.copy().check(actions.RollDice(game.current_player, (low, total - low)))
    except RuleViolation as exc:
        return exc
    return None


# --- Padla sedmička: co teď? ----------------------------------------------------------------

def seven(game: Game, known: Known) -> Ruling:
    """The sequence a 7 starts, walked from where the position stands (before the roll, in
    the discards, or at the robber): who discards how many (the engine's reading of the
    rule), then whom the robber may rob where, then what follows. Each step is the
    engine's: roll_yields, discards_owed, why_not_robber, robber_candidates."""
    phase = game.phase if known.turn else ""
    if phase in ("setup", "over"):
        raise BadQuestion("Ve fázi zakládání ani po konci hry se kostkami nehází.")
    roller = game.current_player if known.turn else None
    who = _name(roller, capital=True) if roller else "Hráč na tahu"
    steps, data = [], {"faze": phase if phase in ("discard", "robber") else "hod"}
    if phase not in ("discard", "robber"):
        steps.append("Na sedmičku nedostane nikdo žádné suroviny (žádné pole nemá číslo 7).")
    if phase != "robber":
        owed = game.discards_owed if phase == "discard" else referee.roll_yields(game, 7).players
        data["odevzdat"] = dict(owed)
        steps.append(_discard_step(game, owed, known, waiting=phase == "discard"))
    robbed = _robbable_hexes(game, roller) if roller else {}
    data["okrast"] = robbed
    steps.append(_robber_step(game, who, robbed))
    if game.rules.two_player:
        steps.append("Katan pro dva: byla-li sedmička prvním hodem tahu, hází se pak ještě "
                     "jednou a druhý součet musí být jiný; jinak tah pokračuje obchodem a "
                     "stavěním.")
    else:
        steps.append("Potom tah pokračuje obchodem a stavěním.")
    steps.append("Zahraný Rytíř odevzdávání nespouští: jen přesune zloděje a dovolí okrást.")
    numbered = [f"{i}. {text}" for i, text in enumerate(steps, 1)]
    mover = _name(roller) if roller else "hráč na tahu"
    victims = sorted({c for colors in robbed.values() for c in colors},
                     key=list(game.players).index)
    if victims:
        rob = (f"{mover} přesune zloděje a okrade "
               + words.join([_name(c, "acc") for c in victims], "nebo") + ".")
    elif roller:
        rob = f"{mover} přesune zloděje (okrást teď nemá koho)."
    else:
        rob = f"{mover} přesune zloděje a okrade jednoho ze sousedů pole, kam ho postaví."
    unknown = [c for c in game.players if c not in known.hands]
    if phase == "robber":
        answer = "Teď " + rob
    else:
        owed = data["odevzdat"]
        first = ("nejdřív " + ("ještě " if phase == "discard" else "")
                 + ("odevzdá " if len(owed) == 1 else "odevzdají ")
                 + words.join([f"{_name(c)} {_cards_acc(k)}" for c, k in owed.items()])
                 if owed else "odevzdá, kdo má víc než 7 karet" if unknown
                 else "nikdo nic neodevzdává")
        answer = (("Čeká se na odevzdání karet: " if phase == "discard"
                   else "Padla sedmička: nikdo nic nedostane, ") + first + ", pak " + rob)
    hexes = sorted(robbed)
    return Ruling("sedmicka", answer, None, "sedmicka-padla-nastupuje-zlodej", numbered,
                  hexes, data=data)


def _discard_step(game: Game, owed: dict, known: Known, waiting: bool) -> str:
    rule = ("Kdo má víc než 7 karet surovin, odevzdá polovinu z nich (zaokrouhleno dolů) do "
            "banku a které, vybere sám; akční karty se nepočítají.")
    unknown = [c for c in game.players if c not in known.hands and c not in owed]
    if owed:
        named = words.join([f"{_name(c)} {_cards_acc(k)} (má {_cards_acc(game.hand_size(c))})"
                            for c, k in owed.items()])
        verb = "odevzdá" if len(owed) == 1 else "odevzdají"
        text = f"Nejdřív {'ještě ' if waiting else ''}{verb} {named}. "
    elif not unknown:
        text = "Nikdo nemá víc než 7 karet surovin, nikdo nic neodevzdává. "
    elif len(unknown) < len(game.players):
        text = "Ze známých rukou nemá nikdo víc než 7 karet surovin. "
    else:
        text = ""
    if unknown:
        text += ("Karty " + words.join([_name(c, "gen") for c in unknown])
                 + " v pozici nejsou: odevzdá, kdo má víc než 7. ")
    return text + rule


def _cards_acc(n: int) -> str:
    """In the accusative: 1 kartu, 2 karty, 5 karet."""
    return words.plural_count(n, "kartu", "karty", "karet")


def _robbable_hexes(game: Game, thief: str) -> dict[str, list[str]]:
    out = {}
    for h in topo.HEX_IDS:
        if referee.why_not_robber(game, h) is not None:
            continue
        robbable, _empty = referee.robber_candidates(game, thief, h)
        if robbable:
            out[h] = robbable
    return out


def _robber_step(game: Game, who: str, robbed: dict[str, list[str]]) -> str:
    text = (f"{who} přesune zloděje na jiné pole (smí i na poušť) a okrade jednoho hráče, "
            "který má u toho pole vesnici nebo město a drží kartu suroviny: vezme si od něj "
            "naslepo jednu.")
    if robbed:
        victims: dict[str, list[str]] = {}
        for h, colors in robbed.items():
            for c in colors:
                victims.setdefault(c, []).append(hex_ref(game.board, h, "gen"))
        text += " Okrást jde: " + "; ".join(
            f"{_name(c, 'acc')} u {words.join(places)}" for c, places in victims.items()) + "."
    elif who != "Hráč na tahu":
        text += " Teď není koho okrást: zloděj jen blokuje pole."
    return text


# --- Kolik má kdo bodů? ---------------------------------------------------------------------

def points(game: Game, known: Known) -> Ruling:
    details = []
    totals = {}
    for c in game.players:
        pts = game.points(c, include_hidden=True)
        public = pts["total"] - pts["victory_cards"]
        parts = []
        if pts["settlements"]:
            parts.append(words.plural_count(pts["settlements"], "vesnice", "vesnice", "vesnic"))
        if pts["cities"]:
            k = pts["cities"] // 2
            parts.append(words.plural_count(k, "město", "města", "měst"))
        if pts["longest_road"]:
            parts.append("Nejdelší obchodní cesta")
        if pts["largest_army"]:
            parts.append("Největší vojsko")
        line = f"{_name(c, capital=True)}: {words.points(public)} na stole"
        if parts:
            line += f" ({', '.join(parts)})"
        if c in known.dev:
            if pts["victory_cards"]:
                line += (f" a {words.points(pts['victory_cards'])} ze skrytých karet s vítězným "
                         f"bodem, celkem {words.points(pts['total'])}")
        else:
            line += "; skryté karty s vítězným bodem v pozici nejsou"
        details.append(line + ".")
        totals[c] = {"verejne": public, "skryte": pts["victory_cards"] if c in known.dev
                     else None}
    target = game.rules.victory_points_to_win
    answer = (f"{_leaders(game, {c: t['verejne'] for c, t in totals.items()})} "
              f"Vyhrává ten, kdo ve svém tahu dosáhne {target} bodů.")
    return Ruling("body", answer, None, "vyherni-body", details, data={"body": totals})


# Several players level on the most points: "oba" for two, "všichni tři" for three...
_ALL_OF = {2: "oba", 3: "všichni tři", 4: "všichni čtyři"}


def _leaders(game: Game, public: dict[str, int]) -> str:
    """Who leads on the table; a tie names everyone level ("Na stole vedou oranžový a
    červený, oba 2 body."), nobody leads where nobody has a point."""
    best = max(public.values(), default=0)
    if best == 0:
        return "Na stole nemá zatím nikdo žádný bod."
    leaders = [c for c in game.players if public[c] == best]
    if len(leaders) == 1:
        return f"Na stole vede {_name(leaders[0])}: {words.points(best)}."
    return (f"Na stole vedou {words.join([_name(c) for c in leaders])}, "
            f"{_ALL_OF[len(leaders)]} {words.points(best)}.")


# --- Kdo vyhrál? ----------------------------------------------------------------------------

def who_won(game: Game, known: Known) -> Ruling:
    """The engine's verdict (:func:`engine.referee.verdict`): the winner or why nobody yet,
    on whose turn it is, the points on the table and the victory-point cards each may hold
    hidden. Without a turn in the position: who would win on his own turn."""
    known_dev = known.dev
    if known.turn:
        v = referee.verdict(game, known_dev_cards=known_dev)
        answer, winner, current = v.text, v.winner, v.current
    else:
        phase = "main" if game.rules.combined_trade_build else "build"
        would = []
        v = None
        for color in game.players:
            g = game.copy()
            g.set_current(color, phase)
            mine = referee.verdict(g, known_dev_cards=known_dev)
            v = v or mine
            if mine.winner == color:
                would.append(color)
        winner, current = None, None
        answer = ("Vyhrát může jen hráč, který je na tahu, a kdo je na tahu, pozice neříká. "
                  + ("Na svém tahu by vyhrál " + words.join([_name(c) for c in would]) + "."
                     if would else f"Nikdo zatím nemá {game.rules.victory_points_to_win} "
                                   "bodů, ani na svém tahu."))
    details = []
    for color in game.players:
        line = f"{_name(color, capital=True)}: {words.points(v.points[color])} na stole"
        hidden = v.hidden_possible[color]
        if color in known_dev:
            if hidden:
                line += f", skryté karty Vítězný bod: {hidden}"
        elif hidden:
            line += (f"; karty Vítězný bod v pozici nejsou, mezi akčními kartami jich může "
                     f"mít až {hidden}")
        details.append(line + ".")
    return Ruling("kdo-vyhral", answer, None, referee.VICTORY_HEADWORD, details,
                  data={"vitez": winner, "na_tahu": current, "body_na_stole": v.points,
                        "skryte_mozne": v.hidden_possible,
                        "muze_vyhrat_ted": bool(v.could_win_now) if known.turn else False})
