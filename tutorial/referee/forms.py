"""Rozhodčí's forms for what the board taps cannot state: the settings form's parts (each
player's cards and knights, and who holds the special cards; 'Pravidla': a box per rule
option engine.options gives a letter; 'Tento tah': cards bought and played in this turn, the
7's discards, Katan pro dva's trade cards and rolls) and the domestic trade a question asks
about.

Django forms with Czech messages; every number goes through :func:`tutorial.inputs.parse_int`
(plain ASCII digits only, so "²" or "٣" are no number). The forms only read what was sent:
whether the position can be so, the engine decides (``notation.build``).
"""

from __future__ import annotations

from django import forms

from engine import DEV_CARDS, RESOURCES, words
from tutorial.inputs import parse_int
from tutorial.referee import notation

# The phases the settings form offers, by the engine's names.
PHASES = {"roll": "hod kostkami", "trade": "obchod", "build": "stavění",
          "main": "obchod a stavění (kombinovaná fáze)",
          "discard": "po sedmičce: odevzdávání karet",
          "robber": "po sedmičce: přesun zloděje",
          "setup": "fáze zakládání (kdo je na řadě, určí figurky)"}
DONE = {"k": "Hráč na tahu už v tomto tahu zahrál akční kartu",
        "o": "Katan pro dva: hráč na tahu už v tomto tahu použil akci s obchodními kartami",
        "r": "Katan pro dva: hráč na tahu už v tomto tahu vyřadil rytíře za obchodní karty"}
MAX_DEV = 14  # knights in the game: no count of one card is higher
MAX_HAND = 19
HOLDER_UNKNOWN_VALUE = "?"  # a special card's holder not known ("n": nobody)
KEEP = object()  # a holder left out of the submission (an older form): it stays as it was


class Count(forms.Field):
    """A count written in plain digits, ``low``–``high``; empty is ``empty``."""

    def __init__(self, low: int, high: int, *, empty: int | None = 0, **kwargs) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.low, self.high, self.empty = low, high, empty

    def to_python(self, value):
        text = str(value or "").strip()
        if not text:
            return self.empty
        number = parse_int(text, self.low, self.high)
        if number is None:
            raise forms.ValidationError(
                f"{self.label}: počet musí být celé číslo {self.low}–{self.high} "
                "(číslicemi 0–9).", code="count")
        return number


class Holder(forms.Field):
    """Who holds a special card: "?" not known (``notation.UNKNOWN``), "n" nobody (None), or
    the letter of one of ``colors``; left out of the submission, :data:`KEEP`."""

    def __init__(self, colors, **kwargs) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.colors = tuple(colors)

    def to_python(self, value):
        if value is None:
            return KEEP
        if value == HOLDER_UNKNOWN_VALUE:
            return notation.UNKNOWN
        if value == notation.NOBODY_LETTER:
            return None
        color = notation.COLOR_LETTERS.get(value)
        if color is None:
            raise forms.ValidationError("Držitel karty je barva, nikdo, nebo nevím.",
                                        code="holder")
        if color not in self.colors:
            raise forms.ValidationError(
                f"{words.player(color, capital=True)} v této hře nehraje, kartu mít nemůže.",
                code="holder_absent")
        return color


def _checkbox(label: str) -> forms.BooleanField:
    return forms.BooleanField(required=False, label=label)


class FirstError:
    """A form's first message, for a page that shows one sentence."""

    def first_error(self) -> str:
        for errors in self.errors.values():
            return str(errors[0])
        return ""


class CardsForm(FirstError, forms.Form):
    """'Hráči': each player's resource cards (and whether his hand is known), development
    cards in hand and knights played; only the players who play have fields."""

    def __init__(self, data, players) -> None:
        super().__init__(data)
        self.players = tuple(players)
        for color in self.players:
            name = words.player(color, capital=True)
            for resource in RESOURCES:
                self.fields[f"ruka-{color}-{resource}"] = Count(
                    0, MAX_HAND,
                    label=f"{name}: suroviny v ruce, {words.resource_name(resource)}")
            self.fields[f"ruka-znama-{color}"] = _checkbox(f"{name}: karty v ruce známe")
            for card in DEV_CARDS:
                self.fields[f"karty-{color}-{card}"] = Count(
                    0, MAX_DEV, label=f"{name}: akční karty v ruce, {words.DEV_CARDS[card]}")
            self.fields[f"rytiri-{color}"] = Count(0, MAX_DEV,
                                                   label=f"{name}: vyložení rytíři")

    def cards(self) -> tuple[dict, dict, dict]:
        """From a valid form: the known hands, the development cards and the knights
        (``Table.hands``, ``Table.dev``, colour -> count)."""
        data = self.cleaned_data
        hands, dev, knights = {}, {}, {}
        for color in self.players:
            hand = tuple(data[f"ruka-{color}-{r}"] for r in RESOURCES)
            cards = tuple(data[f"karty-{color}-{c}"] for c in DEV_CARDS)
            if any(hand) or data[f"ruka-znama-{color}"]:
                hands[color] = hand
            if any(cards):
                dev[color] = cards
            knights[color] = data[f"rytiri-{color}"]
        return hands, dev, knights


class HoldersForm(FirstError, forms.Form):
    """Who holds Nejdelší obchodní cesta (any colour on the board, a neutral one too) and
    Největší vojsko (a player)."""

    def __init__(self, data, colors, players) -> None:
        super().__init__(data)
        self.fields["drzitel-cesta"] = Holder(colors, label="Nejdelší obchodní cesta")
        self.fields["drzitel-vojsko"] = Holder(players, label="Největší vojsko")

    def holders(self, road_before, army_before) -> tuple:
        """From a valid form: the road's and the army's holder (left out: as before)."""
        road, army = self.cleaned_data["drzitel-cesta"], self.cleaned_data["drzitel-vojsko"]
        return (road_before if road is KEEP else road, army_before if army is KEEP else army)


class RulesForm(forms.Form):
    """'Pravidla': a box per rule option the notation writes (``notation.LETTERED``), named
    ``pravidlo-<letter>``; a ticked box turns the option's other reading on."""

    def __init__(self, data=None) -> None:
        super().__init__(data)
        self.letter_of = {}  # field name -> the option's letter
        for option in notation.LETTERED:
            name = f"pravidlo-{option.letter}"
            self.fields[name] = _checkbox(option.checkbox or option.label)
            self.letter_of[name] = option.letter

    def letters(self) -> frozenset[str]:
        """The letters ticked (``Table.rules``); the form cannot be invalid."""
        self.is_valid()
        return frozenset(letter for name, letter in self.letter_of.items()
                         if self.cleaned_data.get(name))


class TurnForm(FirstError, forms.Form):
    """'Tento tah': what the player on turn already did, the cards each player bought in
    this turn, who still discards after a 7, Katan pro dva's rolls and trade cards. Field
    names are those of the settings form (``uz-k``, ``nove-red-knight``, ``hod-1``, …)."""

    def __init__(self, data, players, *, two_player: bool) -> None:
        super().__init__(data)
        self.players, self.two_player = tuple(players), two_player
        for letter, label in DONE.items():
            self.fields[f"uz-{letter}"] = _checkbox(label)
        self.fields["hod-1"] = Count(2, 12, empty=None, label="První hod v tomto tahu")
        self.fields["hod-2"] = Count(2, 12, empty=None, label="Druhý hod v tomto tahu")
        for color in self.players:
            name = words.player(color, capital=True)
            for card in DEV_CARDS:
                self.fields[f"nove-{color}-{card}"] = Count(
                    0, MAX_DEV, label=f"{name}: koupené v tomto tahu, {words.DEV_CARDS[card]}")
            self.fields[f"odevzda-{color}"] = _checkbox(f"{name} po sedmičce ještě odevzdává")
            self.fields[f"obchodni-{color}"] = Count(
                0, 7, empty=None, label=f"{name}: obchodní karty")

    def clean(self):
        data = super().clean()
        if data.get("hod-2") is not None and data.get("hod-1") is None:
            raise forms.ValidationError("Druhý hod v tomto tahu bez prvního být nemůže.",
                                        code="rolls")
        return data

    def turn_state(self) -> dict:
        """The position's fields (notation.Table) from a valid form."""
        data = self.cleaned_data
        new_dev = {}
        for color in self.players:
            counts = tuple(data[f"nove-{color}-{card}"] for card in DEV_CARDS)
            if any(counts):
                new_dev[color] = counts
        rolls = tuple(t for t in (data["hod-1"], data["hod-2"]) if t is not None)
        # Left empty: the 4 each starts with (Katan pro dva); outside it the position says
        # that trade cards are only in Katan pro dva (notation.build).
        trade_cards = {c: data[f"obchodni-{c}"] for c in self.players
                       if data[f"obchodni-{c}"] is not None}
        return {"new_dev": new_dev,
                "done": frozenset(x for x in DONE if data.get(f"uz-{x}")),
                "discarding": tuple(c for c in self.players if data[f"odevzda-{c}"]),
                "rolls": rolls, "trade_cards": trade_cards}


class TradeForm(FirstError, forms.Form):
    """'Obchod mezi hráči': with whom the asking player trades and what for what (the
    question's own form, so the page asks it without JavaScript)."""

    def __init__(self, data, asking: str, players) -> None:
        super().__init__(data)
        self.asking = asking
        choices = [(c, words.player(c, capital=True)) for c in players if c != asking]
        self.fields["partner"] = forms.ChoiceField(
            choices=choices, label="S kým", error_messages={
                "required": "Zvolte, s kým se obchoduje.",
                "invalid_choice": "Obchodovat jde jen s jiným hráčem této hry."})
        for side, label in (("dava", "dá"), ("bere", "dostane")):
            for resource in RESOURCES:
                self.fields[f"{side}-{resource}"] = Count(
                    0, MAX_HAND, label=f"{words.player(asking, capital=True)} {label}: "
                                       f"{words.resource_name(resource)}")

    def trade(self) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
        data = self.cleaned_data
        return (data["partner"], tuple(data[f"dava-{r}"] for r in RESOURCES),
                tuple(data[f"bere-{r}"] for r in RESOURCES))
