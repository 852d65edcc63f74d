"""Rule options: where editions differ, and which game (the base game or Katan pro dva).

One declaration, :data:`OPTIONS`, says everything the site knows about an option: the
engine's name and the JSON key, its kind and default, the Czech label and help the screens
show, the Almanach headword and the edition its other reading comes from, the games it
applies to, and how each screen offers it (Hrát's new-game form field, Rozhodčí's letter in
``pravidla=``). :class:`Rules` (its fields, checks and JSON), Hrát's form, Rozhodčí's
editor and notation, the lessons' own positions and the tests over every option are all
derived from it (as Django derives forms from model fields), so a new option is one
:class:`RuleOption` here plus the rule itself; a screen that does not offer a declared
option fails ``tests/site/test_rule_options_everywhere.py`` unless the declaration says why.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, make_dataclass

from .errors import InvalidInput

KINDS = ("choice", "bool", "int")
GAMES = ("base", "katan_pro_dva")


@dataclass(frozen=True)
class RuleOption:
    """One rule option, declared once.

    The default is always the Almanach's reading (seeds 000/003); ``edition`` names where
    the other reading comes from ("001": the compact edition; "domácí pravidlo": a house
    rule, in no printed edition)."""

    name: str  # the engine's name: Rules' field and the JSON key
    kind: str  # "choice", "bool" or "int"
    default: str | bool | int
    label: str  # Czech, as the screens name it
    help: str  # Czech: what it changes, for the screens' help text
    headword: str  # the Almanach headword (slug) of the rule it changes
    edition: str  # where the non-default reading comes from
    games: tuple[str, ...] = GAMES  # the games it applies to (see ``variant``)
    choices: tuple[tuple[str, str], ...] = ()  # kind "choice": (value, Czech label)
    minimum: int = 0  # kind "int"
    # The option chooses a game of its own (Katan pro dva): Hrát chooses it by the number
    # of players, not by a field.
    variant: str = ""
    # Hrát's new-game form: the field's name ("" = not offered: say why in ``screens``).
    play_field: str = ""
    # Rozhodčí (editor, URL notation ``pravidla=``, the lessons' own positions): the letter
    # that turns the other reading on ("" = not offered: say why in ``screens``). Only an
    # option with two readings (bool, or a choice of two) has a letter.
    letter: str = ""
    # Rozhodčí's checkbox for the letter, when the label alone does not say which reading
    # the tick turns on (a choice); "" = the label.
    checkbox: str = ""
    # Why Hrát or Rozhodčí does not offer it (for developers, in English): a screen that
    # does not offer an option without saying why fails the tests over every option.
    screens: str = ""

    def __post_init__(self) -> None:
        assert self.kind in KINDS, self.kind
        assert set(self.games) <= set(GAMES) and self.games, self.games
        if self.kind == "choice":
            assert self.default in self.values, (self.name, self.default)
        if self.letter:
            assert len(self.letter) == 1 and self.two_readings, self.name

    @property
    def values(self) -> tuple:
        """The values it takes (a choice's, True/False); () for a number."""
        if self.kind == "choice":
            return tuple(value for value, _label in self.choices)
        return (False, True) if self.kind == "bool" else ()

    @property
    def two_readings(self) -> bool:
        return len(self.values) == 2

    @property
    def other(self) -> str | bool | int:
        """The reading that is not the default (of a number: the next one)."""
        if not self.two_readings:
            return self.default + 1
        (value,) = (v for v in self.values if v != self.default)
        return value

    @property
    def json_type(self) -> type:
        return {"choice": str, "bool": bool, "int": int}[self.kind]

    def check(self, value) -> None:
        """InvalidInput with a Czech message unless ``value`` is one this option takes."""
        if self.kind == "choice":
            if value not in self.values:
                raise InvalidInput(
                    f"Neznámá volba {value!r} pravidla „{self.label}“ ({self.name}; "
                    f"možnosti: {', '.join(self.values)}).")
        elif self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidInput(
                    f"Pravidlo „{self.label}“ ({self.name}) musí být true nebo false.")
        elif isinstance(value, bool) or not isinstance(value, int) or value < self.minimum:
            raise InvalidInput(f"Pravidlo „{self.label}“ ({self.name}) musí být celé číslo "
                               f"alespoň {self.minimum}.")


OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        name="longest_road_tie", kind="choice", default="aside",
        choices=(("aside", "karta jde stranou (almanach)"),
                 ("holder_keeps", "karta zůstane držiteli (kompaktní vydání)")),
        label="Shoda v Nejdelší obchodní cestě",
        help="Co se stane s kartou Nejdelší obchodní cesta, když se cesta přeruší a víc"
             " hráčů má stejně dlouhou cestu. Vydání pravidel se tu liší; nevíte-li, nechte"
             " volbu almanachu.",
        headword="nejdelsi-obchodni-cesta", edition="001",
        play_field="remiza_cesty", letter="r",
        checkbox="Při shodě si Nejdelší obchodní cestu ponechá dosavadní držitel"
                 " (kompaktní pravidla)"),
    RuleOption(
        name="combined_trade_build", kind="bool", default=False,
        label="Kombinovaná fáze obchodu a stavění",
        help="Obchodovat a stavět smíte v libovolném pořadí (almanach to dovoluje pro"
             " zkušené hráče). Bez zaškrtnutí nejdřív obchodujete, potom stavíte.",
        headword="kombinovana-faze-obchodu-a-staveni", edition="000/003",
        play_field="spojena_faze", letter="k"),
    RuleOption(
        name="victory_points_to_win", kind="int", default=10, minimum=3,
        label="Body k vítězství",
        help="Kolik bodů potřebuje hráč na tahu k vítězství; všechna vydání hrají do 10.",
        headword="konec-hry", edition="domácí pravidlo",
        screens="Every edition plays to 10: the engine's JSON and Rozhodčí's API take another"
                " goal for a house rule, Hrát and Rozhodčí's editor do not offer one."),
    RuleOption(
        name="two_player", kind="bool", default=False,
        label="Katan pro dva",
        help="Varianta pro dva hráče se dvěma neutrálními hráči, dvěma hody za tah a"
             " obchodními kartami.",
        headword="katan-pro-dva", edition="001", games=("katan_pro_dva",),
        variant="katan_pro_dva", letter="2",
        screens="Hrát chooses Katan pro dva by the number of players (hraci=2)."),
)
OPTION = {option.name: option for option in OPTIONS}
# The variant an option makes when on (Katan pro dva), by option name.
VARIANT_OPTIONS = {option.name: option.variant for option in OPTIONS if option.variant}


def _check(self) -> None:
    for option in OPTIONS:
        option.check(getattr(self, option.name))
    variant = self.variant
    for option in OPTIONS:
        if variant not in option.games and getattr(self, option.name) != option.default:
            raise InvalidInput(f"Pravidlo „{option.label}“ v této hře neplatí.")


def _variant(self) -> str:
    """The name of the game these options make: "katan_pro_dva" or "base"."""
    for name, variant in VARIANT_OPTIONS.items():
        if getattr(self, name):
            return variant
    return "base"


def _to_json(self) -> dict:
    return asdict(self)


def _from_json(cls, d: dict):
    if not isinstance(d, dict):
        raise InvalidInput("Pravidla musí být objekt JSON.")
    return cls(**{option.name: d[option.name] for option in OPTIONS if option.name in d})


Rules = make_dataclass(
    "Rules",
    [(option.name, option.json_type, field(default=option.default)) for option in OPTIONS],
    frozen=True,
    namespace={
        "__module__": __name__,
        "__doc__": (
            "Rule options, one field per :data:`OPTIONS` entry (in its order, with its "
            "default: the Almanach's, seeds 000/003). ``Rules(two_player=True)`` is Katan "
            "pro dva; ``variant`` names the game; ``to_json``/``from_json`` use the option "
            "names as keys (unknown keys are ignored). A value an option does not take "
            "raises InvalidInput with a Czech message."),
        "__post_init__": _check,
        "variant": property(_variant),
        "to_json": _to_json,
        "from_json": classmethod(_from_json),
    },
)
