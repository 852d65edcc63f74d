"""Notes beside sentences of the Almanach's example game that the replay cannot make true
as they stand, on any board consistent with the rest of the text.

Each note quotes the sentence it belongs to and says, in the site's own words, what the
replay shows instead and why (tutorial.example.reconstruct searched the freedoms).
"""

from __future__ import annotations

NOTES: dict[object, list[dict[str, str]]] = {
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
    ],
}


def turn_notes(turn: int) -> list[dict[str, str]]:
    return list(NOTES.get(turn, []))


def closing_notes() -> list[dict[str, str]]:
    return list(NOTES.get("closing", []))
