"""A review's JSON as the page shows it: the chart, its table, the swings and the graded
decisions in Czech (no HTTP here; the views give the URLs)."""

from __future__ import annotations

from collections.abc import Callable

from django.urls import reverse
from django.utils.safestring import mark_safe

from engine import words
from engine.review import LABELS
from engine.review.review import INACCURACY, MISTAKE, PRECISE
from tutorial import narrate
from tutorial.review import chart

LABEL_CLASSES = dict(zip(LABELS, ("precise", "inaccuracy", "mistake", "blunder"),
                         strict=True))

StepUrl = Callable[[int], str]


def points_word(count: int) -> str:
    """'1 procentní bod', '2 procentní body', '5 procentních bodů'."""
    return words.plural_count(count, "procentní bod", "procentní body", "procentních bodů")


def thresholds() -> list[dict]:
    """The labels and the loss of estimated win chance each stands for (the engine's own
    constants, engine.review.review)."""
    low, mid, high = (round(v * 100) for v in (PRECISE, INACCURACY, MISTAKE))
    texts = (f"ztráta menší než {points_word(low)}",
             f"ztráta od {low} do {points_word(mid)}",
             f"ztráta od {mid} do {points_word(high)}",
             f"ztráta {points_word(high)} a víc")
    return [{"label": label, "css": LABEL_CLASSES[label], "text": text}
            for label, text in zip(LABELS, texts, strict=True)]


def context(result: dict, locate: chart.Locate, step_url: StepUrl, *, emphasis: set[str],
            end_label: str, title: str) -> dict:
    """What the review's templates read: chart, table, legend, swings (grades apart)."""
    players = result["players"]
    chart_points = chart.points(result, locate, end_label)
    swings = []
    marks = []
    for number, swing in enumerate(result["swings"], start=1):
        turn, step = locate(swing["step"])
        index = chart.swing_index(chart_points, swing["step"])
        marks.append((number, swing["player"], index))
        swings.append({
            "number": number, "text": swing["text"], "color": swing["player"],
            "name": words.player(swing["player"], capital=True),
            "before": chart.percent(swing["before"]), "after": chart.percent(swing["after"]),
            "rise": swing["after"] > swing["before"],
            "where": f"{turn}. tah, {step}. krok" if step else f"po {turn - 1}. tahu",
            "url": step_url(swing["step"]),
        })
    last = chart_points[-1]["chances"]
    legend = [{"color": c, "name": words.player(c, capital=True), "me": c in emphasis,
               "end": chart.percent(last[c]),
               "start": chart.percent(chart_points[0]["chances"][c])} for c in players]
    return {
        "svg": mark_safe(chart.svg(chart_points, players, emphasis, marks, title)),
        "columns": [words.player(c, capital=True) for c in players],
        "rows": chart.rows(chart_points, players),
        "legend": legend,
        "swings": swings,
        "swings_heading": words.plural_count(len(swings), "největší změna", "největší změny",
                                             "největších změn"),
        "winner": words.player(result["winner"], capital=True) if result["winner"] else "",
    }


def grades(result: dict, locate: chart.Locate, step_url: StepUrl,
           viewer: str | None = None) -> list[dict]:
    """The graded decisions in the game's order, each with its words and figures.

    ``viewer``: the colour of the person reading the page (None: nobody in particular, as
    at one device shared by several people). The engine's sentences name the player in the
    third person; the viewer's own decisions are said to them ("Mohli jste …", "Tímto
    tahem jste …"), everybody else's keep the third person."""
    out = []
    for grade in result["grades"]:
        turn, step = locate(grade["step"])
        loss = grade["best_chance"] - grade["chance"]
        same = grade["action"] == grade["best"] or grade["move"] == grade["better"]
        yours = viewer is not None and grade["player"] == viewer
        precise = grade["label"] == LABELS[0]
        out.append({
            "step": grade["step"], "label": grade["label"],
            "css": LABEL_CLASSES.get(grade["label"], "precise"),
            "precise": precise, "yours": yours,
            "where": f"{turn}. tah, {step}. krok", "url": step_url(grade["step"]),
            "name": words.player(grade["player"], capital=True),
            "move": grade["move"], "better": "" if same else grade["better"],
            "chance": chart.percent(grade["chance"]),
            "best_chance": chart.percent(grade["best_chance"]),
            "difference": _difference(loss, same, None if yours else grade["player"]),
            "text": (to_you(grade["text"], grade["better"], same, precise) if yours
                     else grade["text"]),
            "headword": narrate.headword(grade["headword"]) if grade["headword"] else "",
            "headword_url": (reverse("almanach:entry", kwargs={"slug": grade["headword"]})
                             if grade["headword"] else ""),
        })
    return out


# The labels (tutorial.action_words.label) that do not start with their verb, as the rest of
# "Mohli jste …" (an infinitive).
_INFINITIVE_PHRASES = (
    ("Zahrát Rytíře: zloděj na", "zahrát Rytíře a poslat zloděje na"),
    ("Zloděj na", "poslat zloděje na"),
    ("Vynucený obchod: vzít", "vynutit si obchod: vzít"),
    ("Protinabídka: dám", "navrhnout protinabídku: dát"),
)
_BECAUSE = (", protože ", ", aby ")


def _infinitive(label: str) -> str:
    """A button's label as what the person could have done: 'Postavit vesnici u …' ->
    'postavit vesnici u …', 'Zloděj na …' -> 'poslat zloděje na …'."""
    for start, phrase in _INFINITIVE_PHRASES:
        if label.startswith(start):
            return phrase + label[len(start):]
    return label[:1].lower() + label[1:]


def _because(text: str) -> str:
    """The 'protože …' / 'aby …' of the strong player's reason ("" when it has none)."""
    for word in _BECAUSE:
        if word in text:
            return word[2:] + text.split(word, 1)[1].rstrip(".")
    return ""


def to_you(text: str, better: str, same: bool, precise: bool) -> str:
    """The engine's sentence about a decision ("Oranžový staví …, protože …", "Silný hráč
    by hrál jinak: oranžový …") said to the person who made it, with vykání. The reason's
    own clause keeps the strong player as its subject ("silný hráč by to na vašem místě
    zahrál, protože …"), so its verbs stay in the third person and agree."""
    because = _because(text)
    if same:
        if because:
            return ("Tímto tahem jste hráli jako silný hráč, který by to na vašem místě"
                    f" zahrál také, {because}.")
        return "Tímto tahem jste hráli stejně jako silný hráč."
    could = f"Mohli jste {_infinitive(better)}"
    if because:
        text = f"{could}: silný hráč by to na vašem místě zahrál, {because}."
    else:
        text = f"{could}, jak by na vašem místě hrál silný hráč."
    if precise:
        text += " Odhad se ale od vašeho tahu liší jen málo."
    return text


def _difference(loss: float, same: bool, player: str | None = None) -> str:
    """The estimate's verdict, to the person (``player`` None) or about a player."""
    move = "Váš tah" if player is None else f"Tah {words.player(player, 'gen')}"
    if same:
        return "Stejný tah jako silný hráč."
    points = round(abs(loss) * 100)
    if points == 0:
        return "Rozdíl v odhadu je menší než 1 procentní bod."
    if loss < 0:
        return f"{move} vychází v odhadu o {points_word(points)} lépe (v mezích přesnosti)."
    return f"{move} stál podle odhadu {points_word(points)} šance na výhru."


def counts(graded: list[dict]) -> list[dict]:
    """How many decisions got each label ('3 chyby' reads from the label's own forms)."""
    forms = {"přesné": ("přesný tah", "přesné tahy", "přesných tahů"),
             "nepřesnost": ("nepřesnost", "nepřesnosti", "nepřesností"),
             "chyba": ("chyba", "chyby", "chyb"),
             "hrubá chyba": ("hrubá chyba", "hrubé chyby", "hrubých chyb")}
    out = []
    for label in LABELS:
        n = sum(1 for g in graded if g["label"] == label)
        out.append({"label": label, "css": LABEL_CLASSES[label],
                     "text": words.plural_count(n, *forms[label])})
    return out
