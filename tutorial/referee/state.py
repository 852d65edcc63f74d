"""Rozhodčí's UI state: what the address says besides the position (the tool, the colour,
the question and its choices), read from the query with every unknown value falling back
to its default, so any address opens a page.

The state is a frozen :class:`UiState` with named fields; :meth:`UiState.query` gives it back
under the query's own names (``n``, ``b``, ``otazka``, …), the way
:func:`tutorial.referee.links.editor_url` writes it into an address.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import DEV_CARDS, RESOURCES, actions
from engine import topology as topo
from tutorial.inputs import parse_int
from tutorial.referee import notation, rulings
from tutorial.referee.notation import Table

EDIT_TOOLS = {"vesnice": "settlement", "mesto": "city", "silnice": "road",
              "kreslit": "draw", "zlodej": "robber"}
TOOL_LABELS = {"vesnice": "Vesnice", "mesto": "Město", "silnice": "Silnice",
               "kreslit": "Silnice od–do", "zlodej": "Zloděj",
               "ptat": "Ptát se klepnutím"}
ASK_KINDS = {"vesnice": "Postavit vesnici", "mesto": "Postavit město",
             "silnice": "Postavit silnici", "zlodej": "Přesunout zloděje (a koho okrást)",
             "pristav": "Obchod s bankem (poměr)", "karta": "Zahrát akční kartu",
             "obchod": "Obchod mezi hráči",
             "vynuceny": "Vynucený obchod (obchodní karty)",
             "poust": "Zloděj na poušť (obchodní karty)",
             "vyradit": "Vyřadit rytíře za obchodní karty"}
TWO_PLAYER_KINDS = {"vynuceny": actions.ForcedTrade, "poust": actions.RobberToDesert,
                    "vyradit": actions.RetireKnight}
UI_PARAMS = ("n", "b", "otazka", "akce", "misto", "hod", "surovina", "karta", "nastaveni",
             "od", "partner", "dava", "bere")
# What the settings form carries along unchanged (the board taps set these).
FORM_KEEPS = ("plan", "f", "zlodej", "n", "b", "otazka", "akce", "hod", "surovina", "karta",
              "partner", "dava", "bere")
# What the trade question's form carries along (the position and the question).
TRADE_KEEPS = (*notation.POSITION_PARAMS, "n", "b", "otazka", "akce")


@dataclass(frozen=True)
class UiState:
    """The editor's choices besides the position, each under its query name (in brackets)."""

    color: str  # (b) the colour the tools and questions are for
    tool: str = "silnice"  # (n) an EDIT_TOOLS key, or "ptat": a tap asks
    question: str = ""  # (otazka) a rulings.QUESTIONS key, "" for none
    kind: str = ""  # (akce) "Smí tohle?": an ASK_KINDS key
    place: str = ""  # (misto) the place tapped for the question
    roll: int | None = None  # (hod) the dice total 2–12 chosen
    resource: str = ""  # (surovina) the resource for a trade with the bank
    card: str = ""  # (karta) the development card asked about
    settings: bool = False  # (nastaveni) the settings form is open
    road_from: str = ""  # (od) "Silnice od–do": the intersection the next road starts from
    partner: str = ""  # (partner) 'Obchod mezi hráči': the other colour
    give: tuple[int, ...] = ()  # (dava) what the colour gives, 5 counts (() = not chosen)
    take: tuple[int, ...] = ()  # (bere) what it gets, 5 counts

    def query(self) -> dict[str, str]:
        """The state under the query's names, in the order of UI_PARAMS ("" = not chosen)."""
        return {"n": self.tool, "b": notation.LETTER_OF[self.color], "otazka": self.question,
                "akce": self.kind, "misto": self.place,
                "hod": "" if self.roll is None else str(self.roll),
                "surovina": self.resource, "karta": self.card,
                "nastaveni": "1" if self.settings else "", "od": self.road_from,
                "partner": notation.LETTER_OF[self.partner] if self.partner else "",
                "dava": _trade_code(self.give), "bere": _trade_code(self.take)}


def read(get, pos: Table) -> UiState:
    """The editor's UI state from the query (unknown values fall back to defaults)."""
    colors = pos.colors()
    color = get.get("b", "")
    color = notation.COLOR_LETTERS.get(color, "")
    if color not in colors:
        color = colors[0]
    question = get.get("otazka", "")
    if question not in rulings.QUESTIONS:
        question = ""
    tool = get.get("n", "")
    if tool not in (*EDIT_TOOLS, "ptat"):
        tool = "silnice"
    partner = notation.COLOR_LETTERS.get(get.get("partner", ""), "")
    return UiState(
        color=color, tool=tool, question=question,
        kind=get.get("akce", "") if get.get("akce", "") in ASK_KINDS else "",
        place=get.get("misto", "")[:12], roll=parse_int(get.get("hod", ""), 2, 12),
        resource=get.get("surovina", "") if get.get("surovina") in RESOURCES else "",
        card=get.get("karta", "") if get.get("karta") in DEV_CARDS else "",
        settings=get.get("nastaveni") == "1",
        partner=partner if partner in pos.players else "",
        give=_trade_counts(get.get("dava", "")), take=_trade_counts(get.get("bere", "")),
        road_from=(get.get("od", "") if tool == "kreslit"
                   and get.get("od", "") in topo.INTERSECTION_INDEX else ""))


def _trade_counts(text: str) -> tuple[int, ...]:
    """Five counts 0–19 in base 36 (a trade's side), else () (not chosen)."""
    if len(text) != 5 or any(d not in notation.DIGITS[:20] for d in text):
        return ()
    return tuple(notation.DIGITS.index(d) for d in text)


def _trade_code(counts: tuple[int, ...]) -> str:
    """A trade's side as the state writes it (``dava``, ``bere``): five base-36 digits."""
    return "".join(notation.DIGITS[k] for k in counts)
