"""The new-game form at /hrat/ with Czech messages for every bad input."""

from __future__ import annotations

import random
import secrets

from django import forms

from engine import Rules, words
from engine.bots.levels import DEFAULT_LEVEL, LEVELS
from engine.options import RuleOption
from tutorial.play import flow, seats

_NUMBER = {"required": "Vyplňte prosím toto pole.", "invalid": "Zadejte celé číslo.",
           "min_value": "Nejmenší možná hodnota je %(limit_value)s.",
           "max_value": "Největší možná hodnota je %(limit_value)s."}


def _option_field(option: RuleOption) -> forms.Field:
    """The form's field for a declared rule option (engine.options), with its Czech label
    and help."""
    common = {"label": option.label, "required": False, "help_text": option.help,
              "initial": option.default}
    if option.kind == "choice":
        return forms.ChoiceField(choices=list(option.choices),
                                 error_messages={"invalid_choice": "Taková volba není."},
                                 **common)
    if option.kind == "bool":
        return forms.BooleanField(**common)
    return forms.IntegerField(min_value=option.minimum, error_messages=_NUMBER, **common)


# One field per rule option Hrát offers (flow.OPTIONS), named as the option declares.
RuleOptionFields = type("RuleOptionFields", (forms.Form,),
                        {option.play_field: _option_field(option) for option in flow.OPTIONS})


def option_values(rules: Rules) -> dict[str, str]:
    """The form's values for these rule options ('Hrát znovu'): a ticked box is "on"."""
    out = {}
    for option in flow.OPTIONS:
        value = getattr(rules, option.name)
        if option.kind == "bool":
            value = "on" if value else ""
        out[option.play_field] = str(value)
    return out


class NewGameForm(RuleOptionFields):
    # Radio buttons (a tap, no typing); still an integer field, so a typed or forged value
    # gets the same Czech messages.
    hraci = forms.IntegerField(label="Počet hráčů", min_value=2, max_value=4, initial=4,
                               error_messages=_NUMBER, widget=forms.RadioSelect(choices=[
                                   (2, "2 (Katan pro dva)"), (3, "3"), (4, "4")]),
                               help_text="Včetně vás. 3 nebo 4 je běžná hra; 2 je Katan pro dva:"
                               " varianta pro dva hráče se dvěma neutrálními hráči a"
                               " obchodními kartami.")
    lide = forms.IntegerField(label="Kolik z nich hraje u tohoto zařízení lidí", min_value=0,
                              max_value=4, initial=1, error_messages=_NUMBER,
                              widget=forms.RadioSelect(choices=[(n, str(n)) for n in range(5)]),
                              help_text="1: hrajete vy, za ostatní hrají počítačoví hráči."
                              " Víc lidí si zařízení předává (karty vidí jen ten, kdo je na"
                              " řadě). 0: jen se díváte, jak hrají počítačoví hráči.")
    plan = forms.ChoiceField(
        label="Herní plán", choices=list(flow.PLANS.items()), initial="zacatecnici",
        widget=forms.RadioSelect,
        help_text="Pro začátečníky: plán i první vesnice a silnice jsou rozestavěné předem a"
        " hned se hází kostkami. Obrázek tohoto rozestavění z pravidel v našich textech"
        " chybí: sestavili jsme ho podle příkladu hry v almanachu (sedí na každou jeho větu"
        " i na to, co o plánu říká úvod pravidel), není to kopie tištěného plánu."
        " Variabilní: plán se rozloží náhodně a vesnice se silnicemi si hráči nejdřív"
        " rozmístí sami (fáze zakládání).",
        error_messages={"required": "Vyberte herní plán.",
                        "invalid_choice": "Takový herní plán neznáme."})
    barva = forms.ChoiceField(
        label="Vaše barva", required=False, initial=seats.DRAW, widget=forms.RadioSelect,
        choices=[(seats.DRAW, "los")] + [(c, words.player(c)) for c in flow.SEATS[4]],
        help_text="Na plánu pro začátečníky je barva zároveň místo na plánu, kde stojí vaše"
        " první vesnice. Los vybere náhodně. Ve hře tří hráčů se červenými nehraje, v Katanu"
        " pro dva hrají oranžový a červený.",
        error_messages={"invalid_choice": "Takovou barvu neznáme."})
    poradi = forms.ChoiceField(
        label="Kolikátý hrajete", required=False, initial=seats.DRAW, widget=forms.RadioSelect,
        choices=[(seats.DRAW, "los")] + [(str(n), o) for n, o in enumerate(seats.ORDINALS, 1)],
        help_text="První hráč hází kostkami jako první. Hraje-li víc lidí, sedí po vás"
        " v dalších místech.",
        error_messages={"invalid_choice": "Takové pořadí neznáme."})
    seed = forms.IntegerField(label="Číslo rozehrávky (nepovinné)", required=False,
                              min_value=0, max_value=10**9, error_messages=_NUMBER,
                              help_text="Stejné číslo dá stejný herní plán (kostky a karty"
                              " rozdá pokaždé náhoda): tak si můžete na známém plánu zahrát"
                              " znovu. Prázdné pole: náhodný plán.")
    # The computer players' levels, in their seats' order (after the people's seats).
    uroven_1, uroven_2, uroven_3, uroven_4 = (
        forms.ChoiceField(
            label=f"Síla {n}. počítačového hráče", required=False, initial=DEFAULT_LEVEL,
            choices=[(key, level.name) for key, level in LEVELS.items()],
            error_messages={"invalid_choice": "Takovou sílu počítačového hráče neznáme."},
            help_text=("Začátečník staví, co zrovna může, sám obchod nenabízí, se zámořím"
                       " mění jen s víc než 7 kartami a vaši nabídku jen přijme, nebo"
                       " odmítne; pokročilý plánuje, mění se zámořím, hraje akční karty"
                       " a na nabídku odpoví i protinabídkou; silný hraje naplno a obchod"
                       " nabízí i sám. Vaše karty nevidí žádný z nich: znají jen to, co by si"
                       " u stolu spočítal pozorný hráč."
                       " 1. počítačový hráč hraje hned po lidech (po vás); síla hráče,"
                       " který ve hře není, se nepoužije.")
            if n == 1 else "")
        for n in range(1, 5))

    # The rule options' fields (RuleOptionFields) follow the seed, then the levels.
    field_order = ("hraci", "lide", "plan", "barva", "poradi", "seed")
    ADVANCED = ("seed", *(option.play_field for option in flow.OPTIONS))

    def advanced_errors(self) -> bool:
        """Whether a field under 'Další volby' has an error (then they are shown open)."""
        return any(self[name].errors for name in self.ADVANCED)

    def clean(self):
        data = super().clean()
        players, people = data.get("hraci"), data.get("lide")
        if players is not None and people is not None and people > players:
            self.add_error("lide", "Lidí nemůže být víc než hráčů.")
        if players is not None and people:
            if problem := seats.colour_problem(players, data.get("barva") or ""):
                self.add_error("barva", problem)
            if problem := seats.seat_problem(players, data.get("poradi") or ""):
                self.add_error("poradi", problem)
        return data

    def rules(self) -> Rules:
        """The rule options chosen (an empty field: the option's default)."""
        data = self.cleaned_data
        chosen = {}
        for option in flow.OPTIONS:
            value = data.get(option.play_field)
            if option.kind == "bool":
                chosen[option.name] = bool(value)
            elif value not in ("", None):
                chosen[option.name] = value
        return Rules(**chosen)

    def setup(self, seed: int, rng: random.Random | None = None) -> flow.Setup:
        """The set-up chosen; "los" draws the colour and the place with ``rng`` (by default
        the system's random source)."""
        data = self.cleaned_data
        count, people = data["hraci"], data["lide"]
        levels = tuple(data.get(f"uroven_{n}") or DEFAULT_LEVEL
                       for n in range(1, 1 + count - people))
        order, chosen, levels = seats.arrange(
            count, people, data.get("barva") or "", data.get("poradi") or "", levels,
            rng or secrets.SystemRandom())
        return flow.Setup(
            players=order, people=chosen, plan=data["plan"],
            seed=data["seed"] if data.get("seed") is not None else seed,
            options=self.rules(),
            levels=levels,
            secret=flow.new_secret(),
        )
