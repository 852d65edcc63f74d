"""Every sentence of the Almanach's example game (as the site shows it) has its check: a test
that the replay makes it true, or a note on its step page that says why it cannot hold, or
(for opinions and advice, which state no fact of the game) the reason it is not checked.

SENTENCES maps the beginning of each sentence to one of:
  "test_…"            a test in tests/example/test_replay.py or in this module;
  "note"              a note beside the sentence (tutorial/example/notes.py);
  "opinion: …"        no checkable fact, with the reason.
"""

import re
import tomllib
from pathlib import Path

import pytest

from engine import topology as topo
from tests.example import test_replay
from tutorial.example import notes
from tutorial.example.replay import COMMENTARY_PATH, example_game

SENTENCES = {
    # 1. tah
    "Oranžový hráč by potřeboval 1 dřevo": "test_1_orange_cannot_build_a_road",
    "Červený hráč a modrý hráč mají dřevo.": "test_1_only_red_and_blue_have_lumber",
    "Červený má jen 1 dřevo": "test_1_orange_cannot_build_a_road",
    "Modrý má 2 dřeva": "test_1_orange_cannot_build_a_road",
    "Protože oranžový má jen 1 cihlu": "test_1_orange_cannot_build_a_road",
    "Oranžový hráč nesmlouvá.": "test_1_orange_cannot_build_a_road",
    "Cestu tedy nepostaví a předá kostku dále červenému": "test_turns_pass_in_the_texts_order",
    # 2. tah
    "Červený by potřeboval 1 cihlu": "test_2_red_buys_year_of_plenty",
    "Červený nesmlouvá.": "test_2_red_buys_year_of_plenty",
    "Červený má 1 rudu, 1 obilí a 1 vlnu": "note",
    "Červený si vytáhne kartu Pokrok": "test_2_red_buys_year_of_plenty",
    "Červený předá kostku modrému.": "test_turns_pass_in_the_texts_order",
    # 3. tah
    "Modrý by potřeboval 1 cihlu.": "test_3_blue_swaps_wool_for_brick_and_builds_a_road",
    "Bílý by chtěl za 1 cihlu 1 vlnu.": "test_3_blue_swaps_wool_for_brick_and_builds_a_road",
    "Modrý by si sice raději nechal vlnu": "test_3_blue_swaps_wool_for_brick_and_builds_a_road",
    "Modrý a bílý si vymění": "test_3_blue_swaps_wool_for_brick_and_builds_a_road",
    "Modrý postaví 1 silnici.": "test_3_blue_swaps_wool_for_brick_and_builds_a_road",
    "Modrý předá kostku dále bílému.": "test_turns_pass_in_the_texts_order",
    # 4. tah
    "Bílý má suroviny na stavbu 1 silnice": (
        "test_4_white_offers_a_trade_orange_refuses_white_builds_and_draws_a_knight"),
    "Postavil by však raději 1 silnici a 1 vesnici.": (
        "test_4_white_offers_a_trade_orange_refuses_white_builds_and_draws_a_knight"),
    "Proto nabízí 1 obilí a 1 rudu": (
        "test_4_white_offers_a_trade_orange_refuses_white_builds_and_draws_a_knight"),
    "Oranžový se rozmýšlí": "opinion: what orange thinks over; the next sentences are checked",
    "Měl by tím – až na jednu": (
        "test_4_white_offers_a_trade_orange_refuses_white_builds_and_draws_a_knight"),
    "Protože se ale obává": "test_4_white_could_cut_orange_off_with_two_roads",
    "Bílý nemění, staví 1 silnici": (
        "test_4_white_offers_a_trade_orange_refuses_white_builds_and_draws_a_knight"),
    "Bílý si vytáhne kartu Rytíře.": (
        "test_4_white_offers_a_trade_orange_refuses_white_builds_and_draws_a_knight"),
    # 5. tah
    "Oranžový má taktéž suroviny": "test_5_orange_buys_road_building_and_cannot_play_it_at_once",
    "Nejdříve koupí akční kartu.": "test_5_orange_buys_road_building_and_cannot_play_it_at_once",
    "Vytáhne si kartu Pokrok – stavba silnic.": (
        "test_5_orange_buys_road_building_and_cannot_play_it_at_once"),
    "Nemůže sice kartu ihned použít": (
        "test_5_orange_buys_road_building_and_cannot_play_it_at_once"),
    # 6. tah
    "Červený by chtěl postavit město.": (
        "test_6_red_trades_badly_plays_year_of_plenty_and_builds_a_city"),
    "Má 2 rudy a akční kartu Pokrok": (
        "test_6_red_trades_badly_plays_year_of_plenty_and_builds_a_city"),
    "Nabízí tak 1 dřevo a 1 cihlu": (
        "test_6_red_trades_badly_plays_year_of_plenty_and_builds_a_city"),
    "Bílý má 2 obilí.": "test_6_red_trades_badly_plays_year_of_plenty_and_builds_a_city",
    "Tuší ale, že červený obilí nutně potřebuje.": (
        "test_6_red_trades_badly_plays_year_of_plenty_and_builds_a_city"),
    "Požaduje proto 1 cihlu a 1 dřevo za 1 obilí.": (
        "test_6_red_trades_badly_plays_year_of_plenty_and_builds_a_city"),
    "Červený není nadšený": "opinion: how red feels; the trade itself is checked",
    "Červený dá bílému 1 cihlu a 1 dřevo": (
        "test_6_red_trades_badly_plays_year_of_plenty_and_builds_a_city"),
    "Červený vynese kartu Pokrok – vynález": (
        "test_6_red_trades_badly_plays_year_of_plenty_and_builds_a_city"),
    "Kartu Pokrok – vynález pokládá zpět do krabice": (
        "test_6_red_trades_badly_plays_year_of_plenty_and_builds_a_city"),
    # 7. tah
    "Modrý se rozčiluje nad posledním tahem.": "opinion: how blue feels",
    "Promeškal šanci nabídnout červenému 1 rudu": (
        "test_6_red_trades_badly_plays_year_of_plenty_and_builds_a_city"),
    "Modrý hráč umísťuje zloděje, protože padlo číslo 7.": (
        "test_7_seven_robber_on_pasture_8_blue_steals_lumber_no_wool_anywhere"),
    "Existuje sice výhodnější pole pro zloděje": "note",
    "Modrý se ještě v tomto kole ptá": (
        "test_7_seven_robber_on_pasture_8_blue_steals_lumber_no_wool_anywhere"),
    "Modrý tedy neobchoduje ani nestaví.": (
        "test_7_seven_robber_on_pasture_8_blue_steals_lumber_no_wool_anywhere"),
    "Modrý bere zloděje z pouště": (
        "test_7_seven_robber_on_pasture_8_blue_steals_lumber_no_wool_anywhere"),
    "Vytáhne si od bílého kartu (dřevo).": (
        "test_7_seven_robber_on_pasture_8_blue_steals_lumber_no_wool_anywhere"),
    # 8. tah
    "Jelikož může hráč kdykoli": "test_8_knight_before_the_roll_then_8_and_a_settlement",
    "Zablokuje jiné pole": "test_8_knight_before_the_roll_then_8_and_a_settlement",
    "Toto se mu vzápětí vyplatí.": "test_8_knight_before_the_roll_then_8_and_a_settlement",
    "Pokud by bílý napřed házel": "test_8_knight_before_the_roll_then_8_and_a_settlement",
    "Bílý by rád získal zpět ukradené dřevo": (
        "test_8_knight_before_the_roll_then_8_and_a_settlement"),
    "Protože má ale modrý v ruce 5 karet": "test_8_knight_before_the_roll_then_8_and_a_settlement",
    "Tuší, že červený by mohl mít v ruce dřevo": (
        "test_8_knight_before_the_roll_then_8_and_a_settlement"),
    "Kartu Rytíře nechá bílý ležet před sebou.": (
        "test_8_knight_before_the_roll_then_8_and_a_settlement"),
    "Bílý má nyní všechny suroviny": "test_8_knight_before_the_roll_then_8_and_a_settlement",
    "Bílý vytáhne před hodem kostky kartu Rytíře.": (
        "test_8_knight_before_the_roll_then_8_and_a_settlement"),
    "Přesouvá zloděje na pole s číslem 10": "test_8_knight_before_the_roll_then_8_and_a_settlement",
    # 9. tah
    "Oranžový se nepokouší vůbec obchodovat": "test_9_orange_plays_road_building",
    "Vytáhne akční kartu Pokrok – stavba silnic a staví": "test_9_orange_plays_road_building",
    "Kartu položí zpět do krabice": "test_9_orange_plays_road_building",
    # 10. tah
    "Pole s číslem 10 je blokováno": "test_10_the_robber_starves_red_and_blue",
    "Červený má jen jednu surovinu.": "test_10_the_robber_starves_red_and_blue",
    "Proto neobchoduje a nestaví v tomto kole nic.": "test_10_the_robber_starves_red_and_blue",
    "Předává kostku modrému.": "test_turns_pass_in_the_texts_order",
    # 11. tah
    "Modrý má v ruce již 7 surovin": "test_11_blue_trades_twice_and_builds_a_settlement",
    "Se surovinami, které má k dispozici": "test_11_blue_trades_twice_and_builds_a_settlement",
    "Na to mu chybí 1 vlna": "test_11_blue_trades_twice_and_builds_a_settlement",
    "Protože má 4 dřeva": "test_11_blue_trades_twice_and_builds_a_settlement",
    "Proto se ptá, zda by mohl někomu 1 dřevo odprodat.": (
        "test_11_blue_trades_twice_and_builds_a_settlement"),
    "Oranžový cítí šanci na stavbu města": "test_11_orange_wants_ore_or_grain_for_a_city",
    "Modrý smění s oranžovým": "test_11_blue_trades_twice_and_builds_a_settlement",
    "Poté mění modrý s bankem 4:1": "test_11_blue_trades_twice_and_builds_a_settlement",
    "Nakonec postaví modrý vesnici.": "test_11_blue_trades_twice_and_builds_a_settlement",
    # 12.–15. tah
    "Bílý postaví 1 silnici a předá kostku oranžovému.": "test_12_white_builds_a_road",
    "Oranžový by mohl postavit město": "test_13_nobody_has_grain_orange_builds_a_settlement",
    "Nikdo však obilí nesměňuje": "test_13_nobody_has_grain_orange_builds_a_settlement",
    "Proto oranžový postaví 1 vesnici.": "test_13_nobody_has_grain_orange_builds_a_settlement",
    "Červený postaví 1 silnici a ušetří": "test_14_red_builds_a_road_and_keeps_the_rest",
    "Modrý by rád získal 1 obilí": "test_15_blue_has_no_grain_and_builds_a_road",
    "Proto modrý postaví 1 silnici.": "test_15_blue_has_no_grain_and_builds_a_road",
    # 16. tah
    "Bílý má teď hodně vlny a přístav na vlnu.": "test_16_white_trades_wool_and_builds_a_city",
    "Může měnit 2× 2 vlny": "test_16_white_trades_wool_and_builds_a_city",
    "To by bylo téměř na město.": "test_16_white_trades_wool_and_builds_a_city",
    "Proto se bílý ptá": "test_16_white_trades_wool_and_builds_a_city",
    "Modrý nemá zájem o vlnu": "opinion: what blue and orange want",
    "Červený oproti tomu má slabou produkci vlny": "test_17_the_final_position",
    "Proto mění s bílým 1 rudu za 1 vlnu.": "test_16_white_trades_wool_and_builds_a_city",
    "Bílý mění přes svůj přístav": "test_16_white_trades_wool_and_builds_a_city",
    # Stav po 16. tahu
    "Bílý je se 4 body ve vedení.": "test_17_the_final_position",
    "Má s městem a vesnicí na pastvině s číslem 8": "test_16_white_trades_wool_and_builds_a_city",
    "Bílý je však také závislý na tom, aby padala osmička.": "test_white_lives_on_the_8",
    "Kromě toho je osmičková pastvina výhodným cílem": "opinion: advice to the other players",
    "I když nemá bílý momentálně žádné suroviny": "test_17_the_final_position",
    "Protože má bílý jen slabou produkci rudy": "test_white_has_weak_ore_production",
    "Protože již vlastní kartu Rytíře": "test_17_the_final_position",
    "Oranžový má 3 body, ale 7 karet v ruce.": "test_17_the_final_position",
    # True with a 4:1 trade after an 8; the note says why an 8 cannot pay grain directly.
    "Pokud bude mít v dalším kole štěstí": "test_17_only_5_8_or_9_gives_orange_a_city",
    "Se svou silnou produkcí rudy a obilí": "test_orange_has_the_strongest_ore_and_grain",
    "S výslednou produkcí by byl pro oranžového výhodný směnný přístav.": (
        "test_orange_has_no_harbor_yet"),
    "Nabízí se přístav 3:1": "test_an_orange_road_heads_for_a_3_1_harbor",
    "Oranžový bude ale čelit problému": "opinion: a forecast of the next turns",
    "Přesto je pozice oranžového silná": "opinion: an assessment",
    "Červený má 3 body": "test_17_the_final_position",
    "Pole obilovin, které nutně potřebuje, je blokováno": "test_17_the_final_position",
    "Červený potřebuje nutně druhou vesnici": "test_17_the_final_position",
    "Také modrý má 3 body": "test_17_the_final_position",
    "Jedna silnice vede podél vesnic bílého a oranžového": "note",
    "Další volná silnice vede na území": (
        "test_blue_has_a_free_road_into_ground_red_and_orange_want"),
    "Modrý má však s cihlami 8 a dřevem 6": "test_17_the_final_position",
    "Protože se modrý zřejmě nedostane": "opinion: advice to blue",
    "Rozhodnuto však není ještě nic!": "opinion: the closing remark",
}


def sentences() -> list[str]:
    texts = tomllib.loads(Path(COMMENTARY_PATH).read_text(encoding="utf-8"))
    parts = [t["text"] for t in texts["turn"]] + [texts["closing"]]
    return [s for text in parts for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


def check_for(sentence: str) -> str:
    matches = [check for start, check in SENTENCES.items() if sentence.startswith(start)]
    assert len(matches) == 1, f"{len(matches)} checks for {sentence!r}"
    return matches[0]


def noted(sentence: str) -> bool:
    every = notes.closing_notes() + [n for t in range(1, 17) for n in notes.turn_notes(t)]
    return any(sentence.startswith(n["sentence"][:40]) for n in every)


def test_every_sentence_of_the_example_has_its_check():
    here = globals()
    for sentence in sentences():
        check = check_for(sentence)
        if check.startswith("opinion: "):
            continue
        if check == "note":  # the page says beside the sentence why it cannot hold
            assert noted(sentence), f"no note beside {sentence!r}"
            continue
        assert check.startswith("test_"), sentence
        assert hasattr(test_replay, check) or check in here, f"{check} is missing"


# --- sentences not checked in test_replay -------------------------------------------------

@pytest.fixture(scope="module")
def rep():
    return example_game()


def touching(state, color):
    return {topo.HEX_IDS[h] for node, (owner, _) in state["buildings"].items() if owner == color
            for h in topo.INTERSECTION_HEXES[topo.INTERSECTION_INDEX[node]]}


def pips(number):
    return 6 - abs(7 - number) if number else 0


def production(rep, state, color, terrain):
    """Sum of pips of the colour's buildings on a terrain (a city counts twice)."""
    total = 0
    for node, (owner, piece) in state["buildings"].items():
        if owner != color:
            continue
        for h in topo.INTERSECTION_HEXES[topo.INTERSECTION_INDEX[node]]:
            kind, number = rep.board["hexes"][topo.HEX_IDS[h]]
            if kind == terrain:
                total += pips(number) * (2 if piece == "city" else 1)
    return total


def test_turns_pass_in_the_texts_order(rep):
    # "… předá kostku dále červenému hráči", "Červený předá kostku modrému", …
    assert [t.player for t in rep.turns] == ["orange", "red", "blue", "white"] * 4


def test_1_only_red_and_blue_have_lumber(rep):
    state = test_replay.after_roll(rep, 1)
    have = {c for c in rep.players if test_replay.hand(state, c)["lumber"]}
    assert have == {"red", "blue"}


def test_4_white_could_cut_orange_off_with_two_roads(rep):
    """Orange's fear: 2 white roads from white's new road could reach the corner where
    orange's road would go on (the paths c4|d3 and c5|d4 that orange takes in turn 9)."""
    game = test_replay.game_after(4, 2)  # white's road built
    white_ends = {n for p, c in game.roads.items() if c == "white"
                  for n in topo.PATH_ENDS[topo.PATH_INDEX[p]]}
    orange_ends = {n for p, c in game.roads.items() if c == "orange"
                   for n in topo.PATH_ENDS[topo.PATH_INDEX[p]]}
    two_roads = {m for n in white_ends for k in topo.INTERSECTION_NEIGHBORS[n]
                 for m in (k, *topo.INTERSECTION_NEIGHBORS[k])}
    assert two_roads & orange_ends


def test_11_orange_wants_ore_or_grain_for_a_city(rep):
    orange = test_replay.hand(test_replay.after_roll(rep, 11), "orange")
    assert orange["ore"] < 3 or orange["grain"] < 2


def test_white_lives_on_the_8(rep):
    """"Bílý je však také závislý na tom, aby padala osmička": the 8 pays white more than
    any other number does."""
    end = rep.turns[-1].end
    by_number: dict[int, int] = {}
    for node, (owner, piece) in end["buildings"].items():
        if owner != "white":
            continue
        for h in topo.INTERSECTION_HEXES[topo.INTERSECTION_INDEX[node]]:
            number = rep.board["hexes"][topo.HEX_IDS[h]][1]
            if number:
                by_number[number] = by_number.get(number, 0) + (2 if piece == "city" else 1)
    best = max(by_number, key=lambda n: by_number[n] * pips(n))
    assert best == 8


def test_white_has_weak_ore_production(rep):
    end = rep.turns[-1].end
    assert production(rep, end, "white", "mountains") <= 3  # at most one 4 or 10


def test_orange_has_the_strongest_ore_and_grain(rep):
    end = rep.turns[-1].end

    def ore_and_grain(color):
        return sum(production(rep, end, color, t) for t in ("mountains", "fields"))

    assert ore_and_grain("orange") > max(ore_and_grain(c) for c in ("red", "blue", "white"))


def test_orange_has_no_harbor_yet(rep):
    assert rep.final_game.harbors_of("orange") == set()


def test_an_orange_road_heads_for_a_3_1_harbor(rep):
    game = rep.final_game
    harbor_nodes = {topo.INTERSECTION_INDEX[n] for h in game.board.harbors if h.kind == "3:1"
                    for n in h.intersections}
    road_nodes = {n for p, c in game.roads.items() if c == "orange"
                  for n in topo.PATH_ENDS[topo.PATH_INDEX[p]]}
    near = {m for n in road_nodes for m in (n, *topo.INTERSECTION_NEIGHBORS[n])}
    assert near & harbor_nodes


def test_blue_has_a_free_road_into_ground_red_and_orange_want(rep):
    """"Další volná silnice vede na území, o které se zajímají také červený a oranžový":
    a blue road can still grow, and its end lies within three roads of red's and of
    orange's pieces."""
    from tutorial.example import reconstruct

    game = rep.final_game
    legal = {topo.PATH_INDEX[p] for p in game.legal_road_spots("blue")}
    own = {topo.INTERSECTION_INDEX[n] for n, (c, _) in game.buildings.items() if c == "blue"}
    ends = [b[0] for b in reconstruct.road_branches(game, "blue") if b[0] not in own]
    free = [e for e in ends if legal & set(topo.INTERSECTION_PATHS[e])]
    assert any(reconstruct._within(e, 3) & reconstruct._network(game, "red")
               and reconstruct._within(e, 3) & reconstruct._network(game, "orange")
               for e in free)
