"""Notes beside sentences of the Almanach's example game that the replay cannot make true
as they stand.

Each note quotes the beginning of its sentence and says, in the site's own words, what the
replay shows instead and why. The freedoms of the reconstruction (the board's unnamed hexes,
the rolls the text does not give, where pieces go) were searched by
``python -m tutorial.example.reconstruct``; SEARCH says what it tried.
"""

from __future__ import annotations

# What tutorial.example.reconstruct tried: `--depth 2` (the reconstruction and every board up
# to two token or terrain swaps away: 2 625 boards) and `--depth 3 --first c4` (red's
# mountain token moved first, then up to two more swaps: 9 420 boards). No board fitted.
SEARCH = ("Skript tutorial.example.reconstruct zkusil náš plán a přes 11 000 dalších plánů"
          " (s prohozenými až dvěma žetony nebo krajinami, které text nejmenuje, a po"
          " přesunu žetonu z hor u vesnice červeného až třemi) se všemi hody, které"
          " text neuvádí, a se všemi místy pro silnice a vesnici modrého a pro města červeného"
          " a bílého, která text nechává otevřená; na žádném"
          " z nich tato věta neplatí zároveň se všemi ostatními větami textu.")

NOTES: dict[object, list[dict[str, str]]] = {
    2: [
        {
            "sentence": "Červený má 1 rudu, 1 obilí a 1 vlnu a koupí si za to akční kartu.",
            "text": "V přehrávce má červený před nákupem 2 rudy: druhou mu dal hod 6 v 1. tahu"
                    " z hor 6 u jeho vesnice s hvězdičkou. Šestka v 1. tahu je nutná, protože"
                    " jen ona dá modrému druhé dřevo (z lesa 6), které mu text v 1. tahu"
                    " přisuzuje. " + SEARCH + " Kartu si tedy kupuje za jednu ze dvou rud.",
        },
    ],
    7: [
        {
            "sentence": "Existuje sice výhodnější pole pro zloděje (pahorkatina s 9), na kterém"
                        " mají vesnici jak bílý, tak červený",
            "text": "V přehrávce má červený u pahorkatiny 9 od 6. tahu město, ne vesnici."
                    " " + SEARCH + " Výhodnější cíl pro zloděje to nemění – pahorkatina 9"
                    " bere výnos bílému i červenému.",
        },
    ],
    "closing": [
        {
            "sentence": "Pokud bude mít v dalším kole štěstí při hodu kostkami (5, 8 nebo 9),"
                        " může postavit město.",
            "text": "Oranžovému chybí na město 1 obilí. Pětka a devítka mu ho dají přímo"
                    " (pole 5 a pole 9). Osmička to na žádném plánu, který odpovídá textu,"
                    " nedokáže: obě osmičky text jmenuje – pastvinu 8 bílého a pahorkatinu"
                    " 8 modrého. Po osmičce dostane oranžový čtvrtou cihlu a vymění ji"
                    " s bankem 4:1 za obilí; město tak postavit může, jen ne ze samotného"
                    " výnosu.",
        },
        {
            "sentence": "Jedna silnice vede podél vesnic bílého a oranžového do míst, kde již"
                        " stavět nemůže.",
            "text": "V přehrávce vede silnice modrého od jeho vesnice u pahorkatiny 8 kolem"
                    " oranžové vesnice, ale končí na volné křižovatce, kde by stavět mohl, a"
                    " bílé vesnice míjí zdálky. Kolem obou bílých vesnic a do míst, kde stavět"
                    " nelze, by vedla jen tehdy, kdyby modrý v 11. tahu postavil vesnici mezi"
                    " nimi (u pole 10, pole 5 a pastviny 11); s kartami, které mu pak text"
                    " přisuzuje, to nejde dohromady. " + SEARCH,
        },
    ],
}


def turn_notes(turn: int) -> list[dict[str, str]]:
    return list(NOTES.get(turn, []))


def closing_notes() -> list[dict[str, str]]:
    return list(NOTES.get("closing", []))
