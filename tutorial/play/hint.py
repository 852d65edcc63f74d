"""'Co bych hrál já?': the strong computer player's suggestion for the person's move, as a
learning aid that acts: it speaks to the person ("Postavte vesnici u …"), marks the place
on the board and offers the move as a button (no HTTP here; the game page shows it).

The suggestion comes from engine.bots.StrongBot in its public view: it reads the person's
own cards and what everybody sees on the table (the others' hand sizes and buildings, the
bank, the played cards), never the others' cards, their victory-point cards, the deck or
the dice to come. It is given only to the person who is on turn and holds the device.
"""

from __future__ import annotations

from engine import Game, actions
from engine.bots import StrongBot
from tutorial import action_words
from tutorial.play import flow, table

# A seat number no computer player uses (they use 0–3): the hint's own random tie-breaks.
HINT_SEAT = 9
# The buttons' infinitive (tutorial.action_words.label) as the person is asked to act.
IMPERATIVE = {
    "Postavit": "Postavte", "Povýšit": "Povyšte", "Hodit": "Hoďte", "Ukončit": "Ukončete",
    "Koupit": "Kupte", "Odhodit": "Odhoďte", "Zahrát": "Zahrajte", "Vyměnit": "Vyměňte",
    "Nabídnout": "Nabídněte", "Přijmout": "Přijměte", "Odmítnout": "Odmítněte",
    "Vrátit": "Vraťte", "Přemístit": "Přemístěte", "Vyřadit": "Vyřaďte",
}
# Labels that are not one verb and its object.
PHRASES = (
    ("Zahrát Rytíře: zloděj na", "Zahrajte Rytíře a pošlete zloděje na"),
    ("Zloděj na", "Pošlete zloděje na"),
    (" a vzít kartu ", " a vezměte kartu "),
    (" a nikoho neokrást", "; nikoho tam neokradete"),
    ("Vynucený obchod: vzít spoluhráči", "Vynuťte obchod: vezměte spoluhráči"),
    (" a vrátit mu 2", " a vraťte mu 2"),
    ("Protinabídka: dám", "Navrhněte protinabídku: dáte"),
    (" a stavět", " a stavějte"),
)
BECAUSE = (", protože ", ", aby ")


def imperative(label: str) -> str:
    """A button's label as a request to the person: 'Postavit vesnici u …' -> 'Postavte
    vesnici u …'."""
    for infinitive, request in PHRASES:
        label = label.replace(infinitive, request)
    verb, _, rest = label.partition(" ")
    if verb in IMPERATIVE:
        return f"{IMPERATIVE[verb]} {rest}".strip()
    return label


def _because(reason: str) -> str:
    """The 'protože …' / 'aby …' of the strong player's sentence ("" when it has none)."""
    for word in BECAUSE:
        if word in reason:
            return word[2:] + reason.split(word, 1)[1].rstrip(".")
    return ""


def advice(game: Game, setup: flow.Setup, person: str, legal: list[actions.Action],
           position: dict) -> dict:
    """{"text": the move, asked of the person; "why": the strong player's reason or "";
    "button": the move's button when the person may play it; "place": (kind, id) on the
    board or None}."""
    decision = StrongBot(seed=setup.seed * 10 + HINT_SEAT, public=True,
                         tells_plan=True).decide(game)  # its plan: the person's own hand
    action = decision.action
    rate = game.trade_rate(person, action.give) if isinstance(action, actions.TradeBank) else 4
    text = imperative(flow.for_table(action_words.label(action, position, rate), setup)) + "."
    if len(legal) == 1:
        text = f"Jinou možnost teď nemáte: {text[:1].lower()}{text[1:]}"
    because = _because(flow.for_table(decision.reason_cs, setup))
    return {
        "text": text,
        "why": f"Silný hráč by to na vašem místě zahrál, {because}." if because else "",
        # Only a move the person is offered (the bot may name an agreed trade without
        # asking, which the table does not offer).
        "button": table.button(game, action, position) if action in legal else None,
        "place": table.place_of(action),
    }


def marks(advice_: dict | None) -> dict:
    """The suggestion's place as board highlights."""
    place = advice_ and advice_["place"]
    if not place:
        return {}
    kind, where = place
    return {{"node": "nodes", "path": "paths", "hex": "hexes"}[kind]: [where]}
