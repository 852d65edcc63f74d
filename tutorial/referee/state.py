"""Rozhodčí's UI state: what the address says besides the position (the tool, the colour,
the question and its choices), read from the query with every unknown value falling back
to its default, so any address opens a page.

The state is a plain dict keyed by the query's own names (``n``, ``b``, ``otazka``, …), the
way :func:`tutorial.referee.links.editor_url` writes them back and the template reads them.
"""

from __future__ import annotations

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


def read(get, pos: Table) -> dict:
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
    return {"n": tool, "b": notation.LETTER_OF[color], "color": color, "otazka": question,
            "akce": get.get("akce", "") if get.get("akce", "") in ASK_KINDS else "",
            "misto": get.get("misto", "")[:12], "hod": _roll(get.get("hod", "")),
            "surovina": get.get("surovina", "") if get.get("surovina") in RESOURCES else "",
            "karta": get.get("karta", "") if get.get("karta") in DEV_CARDS else "",
            "nastaveni": "1" if get.get("nastaveni") == "1" else "",
            # 'Obchod mezi hráči': the partner's letter and both sides' 5 counts.
            "partner": (get.get("partner", "") if notation.COLOR_LETTERS.get(
                get.get("partner", "")) in pos.players else ""),
            "dava": _trade_counts(get.get("dava", "")),
            "bere": _trade_counts(get.get("bere", "")),
            # "Silnice od–do": the intersection the next road starts from.
            "od": (get.get("od", "") if tool == "kreslit"
                   and get.get("od", "") in topo.INTERSECTION_INDEX else "")}


def _trade_counts(text: str) -> str:
    """Five counts 0–19 in base 36 (a trade's side), else "" (not chosen)."""
    if len(text) != 5 or any(d not in notation.DIGITS[:20] for d in text):
        return ""
    return text


def _roll(text: str) -> str:
    """A dice total 2–12 written in ASCII digits, else "" (no roll chosen)."""
    total = parse_int(text, 2, 12)
    return "" if total is None else str(total)


def trade_code(counts: tuple[int, ...]) -> str:
    """A trade's side as the state writes it (``dava``, ``bere``): five base-36 digits."""
    return "".join(notation.DIGITS[k] for k in counts)
