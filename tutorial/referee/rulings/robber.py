"""'Koho můžu okrást?' and 'Padla sedmička: co teď?': whom the robber may rob where, and the
sequence a 7 starts (who discards how many, the robber, what follows).
"""

from __future__ import annotations

from engine import Game, referee, words
from engine import topology as topo
from engine.bots.places import hex_ref
from tutorial.referee.rulings.base import (
    BadQuestion,
    Known,
    Ruling,
    _cards_acc,
    _name,
    _need_color,
)


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
