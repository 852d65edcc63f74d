"""The new-game form at /hrat/ with Czech messages for every bad input."""

from __future__ import annotations

from django import forms

from tutorial.play import flow

_NUMBER = {"required": "Vyplňte prosím toto pole.", "invalid": "Zadejte celé číslo.",
           "min_value": "Nejmenší možná hodnota je %(limit_value)s.",
           "max_value": "Největší možná hodnota je %(limit_value)s."}


class NewGameForm(forms.Form):
    hraci = forms.IntegerField(label="Počet hráčů", min_value=2, max_value=4, initial=4,
                               error_messages=_NUMBER,
                               help_text="2 = Katan pro dva s neutrálními hráči.")
    lide = forms.IntegerField(label="Kolik z nich hraje u tohoto zařízení lidí", min_value=0,
                              max_value=4, initial=1, error_messages=_NUMBER,
                              help_text="Ostatní hrají počítačoví hráči. 0 = jen se dívat.")
    plan = forms.ChoiceField(
        label="Herní plán", choices=list(flow.PLANS.items()), initial="zacatecnici",
        widget=forms.RadioSelect,
        error_messages={"required": "Vyberte herní plán.",
                        "invalid_choice": "Takový herní plán neznáme."})
    seed = forms.IntegerField(label="Číslo rozehrávky (nepovinné)", required=False,
                              min_value=0, max_value=10**9, error_messages=_NUMBER,
                              help_text="Stejné číslo dá stejný herní plán; kostky a karty rozdá"
                                        " pokaždé náhoda.")
    remiza_cesty = forms.ChoiceField(
        label="Shoda v Nejdelší obchodní cestě", required=False, initial="aside",
        choices=[("aside", "karta jde stranou (almanach)"),
                 ("holder_keeps", "karta zůstane držiteli (kompaktní vydání)")],
        error_messages={"invalid_choice": "Taková volba není."})
    spojena_faze = forms.BooleanField(label="Kombinovaná fáze obchodu a stavění",
                                      required=False)

    def clean(self):
        data = super().clean()
        players, people = data.get("hraci"), data.get("lide")
        if players is not None and people is not None and people > players:
            self.add_error("lide", "Lidí nemůže být víc než hráčů.")
        return data

    def setup(self, seed: int) -> flow.Setup:
        data = self.cleaned_data
        players = flow.SEATS[data["hraci"]]
        return flow.Setup(
            players=players, people=players[:data["lide"]], plan=data["plan"],
            seed=data["seed"] if data.get("seed") is not None else seed,
            longest_road_tie=data.get("remiza_cesty") or "aside",
            combined_trade_build=bool(data.get("spojena_faze")),
            secret=flow.new_secret(),
        )
