"""The nicknames the filter (tutorial/nicknames.py) is measured on.

ACCEPTED: ordinary Czech first names, their diminutives and a few names of pupils from
families that came from elsewhere, written as children type them (with and without
diacritics, in capitals, with a number or an initial, with a surname), including names
that hold a bad word's letters ("Kurt", "Šukri", "Nácek" for Ignác, "Kundera", "Píchová").
Every one must be accepted.

REFUSED: what teachers would not want on the class wall, grouped by the way it is written
to slip through. Every one must be refused.

Print the figures (refused, accepted, false refusals, misses):

    .venv/bin/python -m tests.lessons.nickname_lists
"""

from __future__ import annotations

BOYS = """
Adam Adámek Aleš Alex Alexandr Alois Ambrož Antonín Tonda Toník Arnošt Bartoloměj Bedřich
Benedikt Bohdan Bohumil Bohouš Boris Bořek Bořivoj Břetislav Čeněk Ctibor Dalibor Daniel
Dan Daník Dušan Eduard Eda Emil Erik Evžen Filip Fíla František Franta Frantík Gabriel
Hanuš Havel Hubert Hugo Ignác Nácek Náca Igor Ivan Ivo Jakub Kuba Kubík Kubíček Jan Honza
Honzík Honzíček Jenda Jeník Jarda Jaroslav Jindřich Jindra Jiří Jirka Jiřík Jonáš Josef
Pepa Pepík Kamil Karel Kája Kryštof Kristián Kurt Ladislav Láďa Leoš Leo Leon Lubomír
Luboš Lukáš Matyáš Marek Martin Matěj Matouš Max Maxim Michal Mikuláš Milan Miloš
Miroslav Mirek Mojmír Nikolas Oldřich Olda Ondřej Ondra Oskar Otakar Ota Patrik Pavel
Pavlík Petr Péťa Petřík Prokop Přemysl Radek Radim Radovan Richard Robert Robin Roman
Rostislav Rosťa Rudolf Rudla Samuel Sam Sebastián Šimon Šimonek Stanislav Standa Štěpán
Svatopluk Šebestián Teodor Tadeáš Tobiáš Tomáš Tom Tomík Václav Venca Vašek Viktor Vilém
Vít Víťa Vítek Vladimír Vláďa Vojtěch Vojta Vratislav Zbyněk Zdeněk Zdenda Zikmund Adolf
Siegfried Hynek Kilián Lubor Metoděj Cyril Dobromil Kvido Marcel Mathias Vincent Denis
Kevin Damián Nikolaj Artur Albert Benjamin
"""

GIRLS = """
Ada Adéla Adélka Alena Alžběta Bětka Amálie Anna Anička Anča Andrea Aneta Barbora Bára Barča
Beáta Blanka Bohdana Dagmar Dáša Daniela Darina Denisa Dominika Dorota Dorka Ela Eliška
Elen Ema Emička Emílie Erika Eva Evička Ester Gabriela Gábina Hana Hanka Helena Ilona
Irena Iveta Ivana Jana Janička Jarmila Jitka Johana Jolana Julie Julča Kamila Karolína
Karin Kateřina Katka Kačka Kačenka Klára Klárka Kristýna Týna Lada Laura Lea Lenka Libuše
Lucie Lucka Ludmila Lída Magdaléna Magda Marie Maruška Majda Markéta Martina Matylda
Michaela Míša Milena Miriam Monika Natálie Naty Nela Nelča Nikola Nikolka Olga Olivie
Pavla Petra Radka Renata Romana Rozálie Róza Sabina Sandra Silvie Simona Sofie Soňa
Stela Šárka Štěpánka Tereza Terka Vanesa Vanessa Věra Veronika Verča Viktorie Vlasta
Yvona Zdeňka Zuzana Zuzka Žaneta Tamara Kasandra Cassandra Anastázie Annabela Izabela
Bella Mia Lili Lilien Rozárka Sára Sárinka Vendula Vendy Agáta Apolena Berenika Dita
Emilie Hedvika Ivona Jasmína Justýna Kristina Leontýna Linda Marcela Markétka Nina Pája
Patricie Rebeka Regina Valentýna Valerie Viola Zora Eliška Annalisa Tina Titanie
"""

# Pupils whose families came from elsewhere, and names that hold a bad word's letters.
FROM_ELSEWHERE = """
Šukri Mohammed Ahmed Ali Aisha Nguyen Minh Anh Linh Huy Thao Dmytro Oleksandr Taras Nazar
Nazarij Yaroslav Sofiia Olena Mykola Dežo Gejza Ernest Ferko Šani Rudi Arián Nazim Amir
Yusuf Nazir Fatima Kenji Yuki Chen Wei Dinh Sasha Nikita Vasyl Bohdana Anastasiia
"""

# As children type them: no diacritics, capitals, numbers, initials, surnames, decoration.
TYPED = [
    "anicka", "ANIČKA", "ANICKA", "eliska", "sara", "Sarka", "matej", "tomas", "lukas",
    "jiri", "ondrej", "stepan", "zdenek", "kuba123", "Kuba 5", "Pepa2", "Tom K.",
    "Tom_K", "Vojta 7.B", "Bára B.", "Nela N.", "lukas.k", "xX_Honza_Xx", "Ela :)",
    "terka ❤", "EMA", "Dan 14", "Jirka 2013", "Ondra 88", "Adam 18", "Míša 7", "Kačka <3",
    "Anna-Marie", "Anna Lena", "Anna Lisa", "Ema Rdová", "Jan Novák", "Eva Kurková",
    "Petr Kokeš", "Lucie Picková", "Tomáš Píchal", "Vojta Kundera", "Jakub Jebavý",
    "Adéla Šulcová", "Jana Sršňová", "Kateřina Mrázková", "Pavel Kurka", "Klára Prdlá",
    "Šimon Hitzler", "Marek Hájek", "Honza Cikl", "Nikola Píchová", "Petr Pícha",
    "Filip Fuka", "Lenka Nigrinová", "Vít Hovorka", "Dana Buzková",
    "Piccolo", "Dementor", "Pikachu", "Sonic", "Mario", "Yoda", "Hermiona", "Harry",
    "Sekunda", "Sousto", "Hovorka", "Picasso", "Kokos", "Mrkev", "Kuna", "Debora", "Sexta B",
    "Kapitán Kuba", "Kapitán Picard", "Rychlý Ježek", "Šťastný Čáp", "Dračí Jezdec", "Sranda Míša",
    "Pichlavý Ježek", "Radek Urválek", "Kurt Hlaváček", "Vláďa S", "Su Lin", "Su Linh",
    "Kvido Pícha", "Emil F.", "Su Kateřina", "Pícha Tom", "Montenegro",
]

# The judgement calls: English names that are an English obscenity as well. A Czech class
# has no "Dick" (Czech Richards are Ríša or Richard) and pupils type it for the slang, so it
# is refused; "Kurt" is a name and holds nothing bad (kurv- needs the v), so it is accepted.
# "88" is a jersey number beside a name ("Ondra 88") and a Nazi code beside "Adolf", "HH",
# "SS" ("Adolf 88"); "SS" is refused also as initials ("S. S."). "Nácek" is Ignác's
# diminutive, not the slang for a Nazi, and is accepted.

ACCEPTED = list(dict.fromkeys([*BOYS.split(), *GIRLS.split(), *FROM_ELSEWHERE.split(),
                               *TYPED]))

REFUSED: dict[str, list[str]] = {
    "Czech vulgar words, inflected": [
        "Kurva", "kurvo", "KURVY", "Zkurvysyn", "kokot", "Kokote", "kokotina", "zmrd",
        "Zmrdi", "Prdel", "v prdeli", "Prdelka", "Hovno", "hovnivál", "sračka", "Sráč",
        "Čurák", "píča", "Pičus", "Mrdka", "jebat", "Hajzl", "hajzlové", "děvka",
        "Šukat", "šoustat", "Čubka", "Kunda", "zasraný", "posraný", "kurevník", "štětka",
        "Honimír", "Parchant", "cural", "Hovado", "do piče", "Píčovina", "mrdat", "Vole",
        "svině", "Chcípni", "zkurvenec",
    ],
    "Czech insults": [
        "Debil", "Debilové", "debilní Ježek", "Kretén", "idiot", "Dement", "Mongol",
        "Retard", "Kripl", "Postiženec", "Blbec",
    ],
    "ethnic slurs": [
        "Cikán", "cikáni", "Cigán", "Cigoš", "Čmoud", "Negr", "Negře", "Nigger", "nigga",
        "Žid", "Židák", "Šikmooký", "Žluťák", "Ukáč", "Skopčák", "Coon", "Chink", "Gook",
        "Spic", "Kike", "Paki", "Wetback", "Raghead", "Gypsy", "Banderovec", "Vietnamák",
    ],
    "homophobic slurs": [
        "Buzerant", "buzna", "Buzík", "Teplouš", "Homouš", "Faggot", "Fag", "Dyke", "Tranny",
        "Homo", "Gay", "Lesba", "Shemale",
    ],
    "English swear words": [
        "Fuck", "fucker", "Motherfucker", "Shit", "Bullshit", "Bitch", "Bastard", "Cunt",
        "Asshole", "Ass", "Dick", "Dickhead", "Cock", "Cocksucker", "Pussy", "Whore",
        "Slut", "Wanker", "Twat", "Prick", "Bollocks", "Piss", "Dildo", "Porn", "Sex",
        "Sexy", "Tits", "Boobs", "Cum", "Milf", "Rapist", "Pedo", "WTF", "STFU", "Jackass",
        "Dumbass", "Moron",
    ],
    "other languages kids use": [
        "Cyka Blyat", "Suka", "Chuj", "Pizdec", "Scheisse", "Arschloch", "Fotze",
    ],
    "Nazi words": [
        "Hitler", "Adolf Hitler", "AdolfHitler", "Heil", "Sieg Heil", "Siegheil", "Hajl",
        "Zig Hajl", "Nacista", "Neonacista", "Nazi", "Neonazi", "Führer", "Fýrer",
        "Gestapo", "Holocaust", "Auschwitz", "Svastika", "Swastika", "Hakenkreuz", "SS",
        "KKK", "White Power", "Ku Klux Klan", "NSDAP",
    ],
    "Nazi numbers with words": [
        "1488", "Tom 1488", "14/88", "14 88", "Adolf88", "Adolf 88", "HH88", "hh 88",
        "Heil88", "SS 88", "SS-88", "Adolf 18", "White 88", "AH 88",
    ],
    "Nazi and hate symbols": ["卐", "Tom 卍", "ϟϟ", "ᛋᛋ", "🖕", "Kuba 🖕"],
    "case": ["KURVA", "FuCk", "HITLER", "nEgR", "BuZnA", "CIKÁN"],
    "diacritics added or left out": [
        "kurvá", "curak", "pica", "sukat", "fúck", "hítler", "ňegr", "cikan", "zid",
        "Teplous", "Buzik", "Kůrva",
    ],
    "leetspeak digits": [
        "k0k0t", "K0K0T", "5h1t", "h1tl3r", "H!tler", "n1gg3r", "n1gg4", "f4gg0t", "b1tch",
        "@sshole", "$hit", "kurv4", "p1ča", "d3b1l", "c1k4n", "h0vn0", "fu(k", "sh!t",
        "a55", "n!gger", "6ay",
    ],
    "spacing and punctuation between letters": [
        "k u r v a", "k.u.r.v.a", "ku-rva", "k_u_r_v_a", "f.u.c.k", "f_u_c_k", "fu ck",
        "hit ler", "n-i-g-g-e-r", "f*ck", "sh*t", "H.i.t.l.e.r", "Ku rva", "c i k á n",
        "b u z n a", "s.s.", "kur va Ježek",
    ],
    "repeated letters": [
        "kurrrva", "fuuuuck", "hiiitler", "niiiigger", "sssshit", "kokoooot", "assss",
        "buzzzna", "cikáááán", "Negrrr",
    ],
    "look-alike letters of other scripts": [
        "КОКОТ", "Ｋurva", "fυck", "ｆｕｃｋ", "Һitler", "ⓕⓤⓒⓚ", "𝐟𝐮𝐜𝐤", "ḟuck",
        "ԁick", "сunt", "ɴigger", "Nіgger", "Cіkán",
    ],
    "hidden in a longer word": [
        "Superkurva", "Rychlý Kokot", "Kubakurva", "MegaFuck", "Hitlerjugend",
        "Fuckboy", "xXHitlerXx",
    ],
    "invisible characters between letters": ["ku\u200brva", "fu\u00adck", "hit\u200dler"],
}


def refused() -> list[str]:
    return [name for names in REFUSED.values() for name in names]


def main() -> None:
    from tutorial import nicknames

    def refuses(name: str) -> bool:
        return nicknames.vulgar(nicknames.clean(name))

    good = ACCEPTED
    false_refusals = [name for name in good if refuses(name)]
    print(f"accepted list: {len(good)} names and nicknames, "
          f"{len(good) - len(false_refusals)} accepted, "
          f"{len(false_refusals)} refused by mistake {false_refusals or ''}")
    total = missed = 0
    for group, names in REFUSED.items():
        misses = [name for name in names if not refuses(name)]
        total += len(names)
        missed += len(misses)
        print(f"  {group}: {len(names) - len(misses)} of {len(names)} refused"
              + (f", missed {misses}" if misses else ""))
    print(f"refused list: {total - missed} of {total} refused, {missed} missed")


if __name__ == "__main__":
    main()
