"""Fact cards (almanach.facts): a question about a figure of the game gets a short card with
the figure from the engine, the Almanach's sentence that states it and its link; any other
question gets no card."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from almanach import czech, facts, markup
from engine import Board, Game, Rules
from engine.actions import RollDice
from engine.constants import (
    BANK_TRADE_RATE,
    CITY_POINTS,
    CITY_YIELD,
    DISCARD_ABOVE,
    GENERIC_HARBOR_RATE,
    SETTLEMENT_POINTS,
    SETTLEMENT_YIELD,
    SPECIAL_HARBOR_RATE,
)

ROOT = Path(__file__).resolve().parents[2]

# Questions that must get the given card (card id). Players' spellings: with and without
# diacritics, typos, other editions' words (osada, karta vývoje, ovce, hlína, železo), English.
ASKS = [
    # the pieces in the box, all colours together, and the kinds of development cards
    ("kolik figurek je v krabici celkem", "box-pieces"),
    ("kolik je v krabici vesnic mest a silnic", "box-pieces"),
    ("kolik druhu akcnich karet existuje", "dev-card-kinds"),
    # "VB" is how players write výherní bod
    ("karta VB kolik bodu da", "points-vp-card"),
    ("kolik VB za mesto", "points-city"),
    # building one road ("stavba silnice") is not the card Stavba silnic
    ("kolik stoji stavba silnice", "cost-road"),
    # how many tiles of each land: the counts, not the kinds
    ("kolik je krajin jednotlivych typu", "count-each-terrain"),
    ("kolik je kazdeho druhu krajiny", "count-each-terrain"),
    ("kolik je druhu krajiny", "terrain-kinds"),
    # what things cost
    ("Kolik stojí město?", "cost-city"),
    ("kolik stoji mesto", "cost-city"),
    ("co stojí povýšení vesnice na město", "cost-city"),
    ("cena města", "cost-city"),
    ("kolik surovin potřebuji na město", "cost-city"),
    ("co potřebuju na stavbu města", "cost-city"),
    ("za kolik je město", "cost-city"),
    ("how much does a city cost", "cost-city"),
    ("co dám za město", "cost-city"),  # what a player gives for it
    ("za co se staví osada", "cost-settlement"),
    ("co všechno musím vysolit za vesnici", "cost-settlement"),
    ("kolik stojí vesnice", "cost-settlement"),
    ("kolik stoji osada", "cost-settlement"),
    ("kolik stoji vesnyce", "cost-settlement"),
    ("cena vesnice", "cost-settlement"),
    ("co je potřeba na vesnici", "cost-settlement"),
    ("kolik stojí silnice", "cost-road"),
    ("kolik stoji stavba silnice", "cost-road"),
    ("kolik stoji silnce", "cost-road"),
    ("Cena silnice?", "cost-road"),
    ("kolik stojí akční karta", "cost-development-card"),
    ("kolik stoji karta vyvoje", "cost-development-card"),
    ("za co se kupuje akční karta", "cost-development-card"),
    ("kolik stojí rytíř", "cost-development-card"),
    ("stavební náklady", "cost-table"),
    ("kolik co stojí", "cost-table"),
    ("ceník staveb", "cost-table"),
    ("kolik stojí", "cost-table"),
    # each player's pieces
    ("kolik vesnic může mít hráč", "limit-settlement"),
    ("kolik mám vesnic", "limit-settlement"),
    ("kolik osad můžu postavit", "limit-settlement"),
    ("maximální počet měst", "limit-city"),
    ("kolik měst může postavit jeden hráč", "limit-city"),
    ("kolik je silnic v jedné barvě", "limit-road"),
    ("kolik silnic má každý hráč", "limit-road"),
    # the box holds four colours: a question about the box gets the box's count
    ("kolik je v krabici měst", "box-city"),
    ("kolik vesnic je v krabici celkem", "box-settlement"),
    ("kolik je silnic ve hře", "box-road"),
    ("max silnic", "limit-road"),
    ("kolik mám figurek", "limit-pieces"),
    # victory points
    ("kolik bodů je město", "points-city"),
    ("kolik bodu ma vesnice", "points-settlement"),
    ("za kolik bodů je osada", "points-settlement"),
    ("kolik bodů potřebuju k výhře", "points-to-win"),
    ("kolik vítězných bodů je potřeba k vítězství", "points-to-win"),
    ("na kolik bodů se hraje", "points-to-win"),
    ("kolik bodů je nejdelší cesta", "points-longest-road"),
    ("kolik bodu dava nejvetsi vojsko", "points-largest-army"),
    ("kolik bodů má karta s výherním bodem", "points-vp-card"),
    ("za co jsou body", "points-table"),
    # the special cards' thresholds
    ("kolik silnic potřebuju na nejdelší obchodní cestu", "longest-road-minimum"),
    ("od kolika silnic je nejdelší cesta", "longest-road-minimum"),
    ("kolik rytířů potřebuji na největší vojsko", "largest-army-minimum"),
    ("kolik rytiru je treba pro nejvetsi vojsko", "largest-army-minimum"),
    # the robber's 7
    ("kolik karet musím odhodit, když padne 7", "discard"),
    ("mám 9 karet a padla sedmička, kolik odevzdám", "discard"),
    ("od kolika karet se odhazuje", "discard"),
    ("kolik karet se vrací při sedmičce", "discard"),
    # production
    ("kolik surovin dostanu za město", "yield-city"),
    ("kolik karet dává vesnice", "yield-settlement"),
    ("kolik surovin vynáší osada", "yield-settlement"),
    ("která krajina nic nevynáší", "desert-yields-nothing"),
    ("co produkuje poušť", "desert-yields-nothing"),
    ("dává poušť nějaké suroviny", "desert-yields-nothing"),
    ("ze které krajiny nejsou žádné výnosy", "desert-yields-nothing"),
    # trade ratios and harbours
    ("v jakém poměru se mění s bankem", "ratio-bank"),
    ("kurz obchodu se zámořím", "ratio-bank"),
    ("kolik surovin musím dát bance za jednu", "ratio-bank"),
    ("jaký je kurz v normálním přístavu", "ratio-generic-harbor"),
    ("kurz ve specializovaném přístavu", "ratio-special-harbor"),
    ("v jakém poměru se mění v přístavu", "ratio-harbor"),
    ("kolik přístavů je na plánu", "harbors"),
    ("kolik je přístavů", "harbors"),
    # the development cards
    ("kolik je rytířů", "count-knights"),
    ("Kolik je rytyrů?", "count-knights"),
    ("kolik rytiru je v balicku", "count-knights"),
    ("how many knights", "count-knights"),
    ("kolik je akčních karet", "count-dev-cards"),
    ("kolik je karet vývoje", "count-dev-cards"),
    ("kolik je karet pokroku", "count-progress"),
    ("kolik je karet monopol", "count-monopoly"),
    ("kolik je monopolů", "count-monopoly"),
    ("kolik karet vynález je ve hře", "count-year-of-plenty"),
    ("kolik je karet stavba silnic", "count-road-building"),
    ("kolik je karet s výherním bodem", "count-vp-cards"),
    # the board and the material
    ("kolik je žetonů s čísly", "tokens"),
    ("kolik je zetonu", "tokens"),
    ("kolik je šestek na plánu", "tokens"),
    ("kolik žetonů má číslo 8", "tokens"),
    ("kolikrát je na žetonech dvojka", "tokens"),
    ("kolik je druhů surovin", "resource-kinds"),
    ("kolik je karet surovin", "resource-cards"),
    ("kolik je karet dřeva", "resource-cards"),
    ("kolik karet ovcí je ve hře", "resource-cards"),
    ("kolik je karet hlíny", "resource-cards"),
    ("kolik karet železa je v bance", "resource-cards"),
    ("kolik je lesů", "count-forest"),
    ("kolik je na plánu pastvin", "count-pasture"),
    ("kolik je hor", "count-mountains"),
    ("kolik je pahorkatin", "count-hills"),
    ("kolik je obilných polí", "count-fields"),
    ("kolik je pouští", "count-desert"),
    ("kolik dílů krajiny má hrací plán", "count-tiles"),
    ("kolik je hor a pahorkatin", "count-each-terrain"),
    ("kolik typu krajiny krom pouste", "terrain-kinds"),
    ("kolik je druhů krajiny", "terrain-kinds"),
    ("kolik je v krabici silnic, vesnic a měst", "box-pieces"),
    ("kolik dřeva a cihel potřebuju na silnici", "cost-road"),
    ("kolik rudy na město", "cost-city"),
    ("jaký je kurz bez přístavu", "ratio-bank"),
    ("hodnota karty Největší vojsko", "points-largest-army"),
    ("jakou hodnotu má karta s bodem", "points-vp-card"),
    ("kolik je šestiúhelníků", "count-tiles"),
    # Katan pro dva
    ("kolik obchodních karet dostanu na začátku", "trade-cards-start"),
    ("kolik obchodních karet můžu mít", "trade-cards-max"),
    ("katan pro dva kolik obchodnich karet max", "trade-cards-max"),
    ("kolik je obchodních karet", "trade-cards"),
]

# Rule questions and near misses that must get no card.
NOT_ASKS = [
    # "obch." is a trade card: the knight's trade cards in Katan pro dva, not the deck's knights
    "kolik obch. karet za odebrani rytire",
    # the card Stavba silnic builds its roads for free: not the road's cost
    "stavba silnic platim suroviny",
    "za stavbu silnic se plati?",
    # hiding a count is a question of conduct (a ruling), not of the deck's figure
    "muzu schovat kolik mam akcnich karet",
    "smím tajit, kolik mám karet v ruce",
    # … and so is whether others may see or must be shown it
    "smi ostatni videt kolik mam akcnich karet",
    "musim ukazat kolik mam karet",
    "je pocet akcnich karet verejny",
    # the robber is a figure too, but not one of a player's pieces
    "kolik je figurek zlodeje v krabici",
    # a bank without the resource: a ruling, not the ratio
    "bank nema surovinu kterou chci za 4:1",
    "v banku uz neni drevo muzu ho vymenit 4:1",
    # an expansion's figures are not the base game's: no card at all
    "zlata reka mesto kolik surovin",
    "kolik stoji lod namornici",
    "kolik karet surovin ve hre pro 6 hracu",
    # Města a rytíři: city walls raise the 7's limit; the base game's discard card misled
    "s hradbami kolik karet odevzdam pri sedmicce",
    "city wall how many cards when 7",
    "mesta a rytiri hradby kolik karet pri 7",
    # how many kinds a settlement yields is its lands' question, not the yield card's
    "kolik druhu surovin da vesnice u more",
    # one edge holds one road: not the player's 15 roads
    "kolik silnic muze byt na jedne ceste",
    "stezka kolik silnic se na ni vejde",
    # no hand limit: the ruling answers, not the discard card's 7
    "kolik karet můžu mít v ruce",
    "je limit kolik karet muzu drzet",
    "smím postavit silnici přes cizí vesnici",
    "smim postavit silnici pres cizi vesnici",
    "kdo začíná",
    "kdo zacina",
    "můžu hrát rytíře před hodem",
    "muzu hrat rytire pred hodem",
    "kolik karet vezme zloděj",
    "kolik akčních karet můžu zahrát za tah",
    "kolik silnic postavím kartou stavba silnic",
    "kolik vesnic se staví na začátku hry",
    "kolik surovin dostanu za druhou vesnici",
    "kolik hráčů může hrát",
    "kolik trvá hra",
    "kolikrát můžu obchodovat v jednom tahu",
    "kolik musí být mezi vesnicemi silnic",
    "kolik surovin si vezmu vynálezem",
    "kolik karet si vezmu při monopolu",
    "kolik bodů má silnice",
    "kolik stojí obchod s bankem",
    "kolik stojí obchod",
    "kolik stojí použití přístavu",
    "kdy můžu použít přístav",
    "můžu měnit 3:1 hned po postavení přístavu",
    "smím obchodovat se spoluhráčem v poměru 1:1",
    "co dělá zloděj na poušti",
    "vynáší pole se zlodějem suroviny",
    "kolik karet dostanu, když na mém poli stojí zloděj",
    "kolik surovin dostanu, když bank nemá dost",
    "kolik rytířů musím zahrát",
    "kdo dostane největší vojsko při shodě",
    "kolik kol se hraje",
    "kolik kostek se hází",
    "jak se staví město",
    "můžu postavit město bez vesnice",
    "musí silnice navazovat na vesnici",
    "co když dojdou suroviny v bance",
    "kdy se přesouvá zloděj",
    "smí se obchodovat před hodem kostkou",
    "jak funguje nejdelší obchodní cesta",
    "přeruší cizí vesnice mou nejdelší cestu",
    "kolik vesnic přeruší nejdelší cestu",
    "kolik karet smím koupit za tah",
    "kolik akčních karet můžu koupit",
    "kolik rytířů může být zahráno v jednom tahu",
    "kolik rytířů má soupeř",
    "kolik karet má protihráč v ruce",
    "kolik surovin mám v ruce",
    "kolik vesnic může stát u jedné krajiny",
    "kolik silnic vede z jedné křižovatky",
    "kolik hráčů sousedí s pouští",
    "kolik surovin dává les s šestkou",
    "kolik dřeva dostanu z lesa",
    "co se stane, když padne 7",
    "kdy se odhazují karty",
    "smí zloděj stát na poušti",
    "kolikrát může hráč hodit kostkou",
    "kolik bodů má hráč na začátku",
    "kolik karet dostanu za vesnici v přístavu",
    "kolik obchodních karet stojí vynucený obchod",
    "kolik obchodních karet dostanu za rytíře",
    "může neutrální hráč vyhrát",
    "kolik silnic postaví neutrální hráč",
    "jak dlouhá musí být silnice",
    "kolik měst může stát vedle sebe",
    "platí pravidlo vzdálenosti i pro města",
    "platí se za první silnice",
    "kolik stojí první vesnice",
    "kolik zaplatím za stavbu silnice v zakládání",
    "co když nemám na silnici suroviny",
    "smím stavět silnici, když nemám vesnici",
    "potřebuje vesnice silnici",
    "kolik je karet",
    "kolik",
    "kolik je",
    "",
    "   ",
    "pravidlo o vzdálenosti mezi dvěma vesnicemi",
    "zloděj",
    "rytíř",
    "přístav",
    "obchod se zámořím",
    "z kolika polí bere vesnice suroviny",
    "koupil jsem kartu s bodem a mám 10 bodů, vyhrál jsem",
    "dává se na poušť žeton",
    "v jakém poměru měním s ostatními hráči",
    "kolik můžu obchodovat, dokud mám karty",
    "došly mi vesnice v zásobě, co teď",
    "kolik ovcí padne na jednu vesnici",
    "vynucený obchod, kolik karet dávám",
    "kolik bodů mám na začátku hry",
]


# A resource for the same resource, a gift, a piece's place on the board, the setup round: a
# player who asked "may I trade 1 ore for 1 ore" was shown the bank's 4:1 card, which does not
# answer it (the ruling below it does). Precision over recall: no card for these.
NOT_A_RATIO = [
    "můžu vyměnit 1 rudu za 1 rudu",
    "muzu vymenit 1 rudu za 1 rudu",
    "muzu smenit 2 ovce za 1 ovci abych mel min karet",
    "obchod 3 ovce za 1 ovci v přístavu",
    "trade 0 za 1",
    "setup phase how many roads each",
    "kolik silnic na jednu hranu",
]


@pytest.mark.parametrize("query", NOT_A_RATIO)
def test_a_trade_of_a_resource_for_itself_or_for_nothing_gets_no_ratio_card(query):
    card = facts.card_for(query)
    assert card is None, f"{query!r}: karta {card.id}: {card.answer}"


def test_a_question_that_names_the_banks_rate_gets_the_banks_card_not_the_harbours():
    """'Do I need a harbour to trade 4 for 1?' is answered by the bank's 4:1 without one."""
    for query in ("potřebuju přístav na výměnu 4 za 1", "obchod s bankou 4 za 1 potrebuju pristav",
                  "kurz 4:1", "čtyři dřeva za jednu cihlu u banky jo?"):
        card = facts.card_for(query)
        assert card is not None and card.id == "ratio-bank", query
        assert "i bez přístavu" in card.answer
        # and its quotation says so in the Almanach's words
        assert "K této transakci nepotřebuje hráč žádný přístav." in card.quote
    # a trade of two different resources stays a question about the ratio
    assert facts.card_for("kolik ovcí dám za 1 cihlu s bankem").id == "ratio-bank"


@pytest.mark.parametrize(("query", "expected"), ASKS, ids=[q for q, _ in ASKS])
def test_a_question_asking_for_a_figure_gets_its_card(query, expected):
    card = facts.card_for(query)
    assert card is not None, f"{query!r}: žádná karta"
    assert card.id == expected


def test_the_sea_frame_s_parts_are_not_counted_as_the_island_s_tiles():
    """'19 dílů krajiny' is no answer to how many parts the frame has (6)."""
    for query in ("z kolika dilu je ram s morem", "kolik dilu ramu ma plan"):
        card = facts.card_for(query)
        assert card is None or "19" not in card.answer, query
    assert facts.card_for("kolik je dilu krajiny").id == "count-tiles"


@pytest.mark.parametrize("query", NOT_ASKS)
def test_a_rule_question_gets_no_card(query):
    card = facts.card_for(query)
    assert card is None, f"{query!r}: karta {card.id}"


def test_the_lists_are_long_enough_and_cover_every_card():
    assert len(ASKS) >= 60 and len(NOT_ASKS) >= 60
    ids = {fact["id"] for fact in facts.offline_data()["facts"]}
    assert ids == {expected for _, expected in ASKS}


def test_the_cards_answer_with_the_figure_in_words():
    assert facts.card_for("kolik stojí město").answer == (
        "Město stojí 3 rudy a 2 obilí; staví se jen povýšením vesnice.")
    assert facts.card_for("kolik je rytířů").answer == "14 rytířů."
    assert facts.card_for("kolik stojí silnice").answer == "Silnice stojí 1 cihlu a 1 dřevo."
    assert facts.card_for("kolik bodů je město").answer == "Za město máte 2 body."
    assert facts.card_for("kolik je přístavů").answer.startswith("9 přístavů: 4 normální a 5 ")


def test_a_number_in_the_question_gets_its_own_answer():
    assert facts.card_for("mám 9 karet a padla 7, kolik odhodím").answer == (
        "Máte-li 9 karet, odevzdáte 4 karty.")
    assert facts.card_for("kolik karet odevzdám, když jich mám 11").answer == (
        "Máte-li 11 karet, odevzdáte 5 karet.")
    assert facts.card_for("kolik je šestek").answer == "Číslo 6 je na 2 žetonech."
    assert facts.card_for("kolik žetonů má číslo 12").answer == "Číslo 12 je na 1 žetonu."
    assert facts.card_for("kolik žetonů má číslo 7").answer == "Číslo 7 na žádném žetonu není."
    assert facts.card_for("kolik je žetonů").answer.startswith("18 žetonů")
    # a count in words, as players say it at the table ("sedma" is the roll, not the hand)
    assert facts.card_for("mám v ruce devět karet a padla sedma, kolik jich hodím").answer == (
        "Máte-li 9 karet, odevzdáte 4 karty.")
    assert facts.card_for("mám osmnáct karet, kolik odhodím").answer == (
        "Máte-li 18 karet, odevzdáte 9 karet.")
    assert facts.card_for("kolik žetonů má číslo osm").answer == "Číslo 8 je na 2 žetonech."


def test_the_cost_table_lists_every_cost():
    card = facts.card_for("kolik stojí")
    assert card.rows == (("Silnice", "1 cihla + 1 dřevo"),
                         ("Vesnice", "1 cihla + 1 dřevo + 1 vlna + 1 obilí"),
                         ("Město", "3 rudy + 2 obilí"),
                         ("Akční karta", "1 vlna + 1 obilí + 1 ruda"))


def test_the_card_links_the_quoted_passage_and_names_its_source():
    card = facts.card_for("kolik stojí silnice")
    assert card.slug == "silnice"
    assert re.fullmatch(r"/almanach/silnice/#odstavec-\d+", card.link)
    # The sentence stands in 004's box in the entry: the label says it is another edition.
    assert card.source_label == "Almanach, heslo Silnice – jiné vydání (004: slovníček " \
                                "digitální edice)"
    card = facts.card_for("kolik je rytířů")
    assert card.source_label == "Almanach, Herní materiál"
    card = facts.card_for("kolik bodů je město")
    assert card.source_label == "Almanach, heslo Výherní body"
    # A page that gathers other texts' quotations names the text it quotes.
    card = facts.card_for("kolik je druhů krajiny")
    assert card.source_label == "Almanach, Krajiny a suroviny – citace z Pravidel hry (002)"


# --- every quotation is the Almanach's sentence and states the card's figure -----------------

_NUMERALS = {
    "jedna": 1, "jednu": 1, "jeden": 1, "dva": 2, "dvě": 2, "druhý": 2, "tři": 3, "třetí": 3,
    "čtyři": 4, "pět": 5,
}
_RESOURCE_STEMS = {"brick": "cihl", "lumber": "dřev", "wool": "vln", "grain": "obil",
                   "ore": "rud"}


def _numbers(text: str) -> set[int]:
    found = {int(n) for n in re.findall(r"\d+", text)}
    found |= {value for word, value in _NUMERALS.items()
              if re.search(rf"(?<!\w){word}(?!\w)", text, re.I)}
    return found


def _states(quote: str, name: str) -> bool:
    value = facts.FIGURES[name]
    if isinstance(value, tuple):  # a cost: every resource with its count
        from engine.constants import RESOURCES
        return all(re.search(rf"{n} {_RESOURCE_STEMS[r]}", quote)
                   for r, n in zip(RESOURCES, value, strict=True) if n)
    if isinstance(value, str):  # the terrain that yields nothing
        return czech.fold(value == "desert" and "poušť" or value) in czech.fold(quote)
    return value in _numbers(quote)


@pytest.mark.parametrize("fact", facts.offline_data()["facts"], ids=lambda f: f["id"])
def test_each_quotation_is_a_sentence_of_the_entry_and_states_the_figure(fact):
    card = fact["card"]
    number, _label = facts.locate(card["slug"], card["quote"])
    text = (ROOT / "almanach" / "content").glob(f"*/{card['slug']}.md")
    assert next(text, None) is not None
    line = facts._entry(card["slug"])[2][number - 1]
    start = line.index(card["quote"])
    before, after = line[:start], line[start + len(card["quote"]):]
    # A whole sentence (or a whole list item): nothing cut off before or after it.
    assert before in ("", "– ") or re.search(r"[.:!?]\s$|\S[.:!?]\s+$", before), before
    assert after == "" or re.match(r"\s", after) or card["quote"].endswith((".", ":")), after
    assert card["link"].endswith(f"#{markup.anchor(number)}")
    figures = facts.figures_of(fact["id"])
    assert figures, "a card names the figures its quotation states"
    for name in figures:
        assert _states(card["quote"], name), (name, facts.FIGURES[name], card["quote"])


def test_every_figure_in_an_answer_comes_from_the_engine():
    """No answer states a number that no figure of the engine has."""
    values = {v for v in facts.FIGURES.values() if isinstance(v, int)}
    values |= {n for v in facts.FIGURES.values() if isinstance(v, tuple) for n in v}
    values |= {2, 12, 7, 1}  # the token rule's own numbers ("2 a 12 po jednom, 7 žádný")
    for fact in facts.offline_data()["facts"]:
        for n in re.findall(r"\d+", fact["card"]["answer"]):
            assert int(n) in values, (fact["id"], n)


def test_the_progress_cards_are_two_of_each_kind_as_the_cards_say():
    figures = facts.FIGURES
    assert figures["road_building_cards"] == figures["year_of_plenty_cards"] \
        == figures["monopoly_cards"] == figures["progress_each"]


# --- the engine plays by the figures the cards state -------------------------------------------

def _sandbox(**rules) -> Game:
    return Game.empty(Board.beginner(), ("orange", "red", "blue", "white"), seed=0,
                      rules=Rules(**rules))


def _roll(game: Game, total: int) -> list:
    game.set_current(game.current_player, "roll")
    return game.apply(RollDice(game.current_player, (total // 2, total - total // 2)))


def test_the_engine_counts_the_points_the_cards_state():
    game = _sandbox()
    game.place_settlement("red", "c1.NE")
    game.place_settlement("red", "a1.NW", city=True)
    assert game.points("red")["total"] == SETTLEMENT_POINTS + CITY_POINTS


def test_the_engine_pays_what_the_yield_card_states():
    game = _sandbox()
    game.place_settlement("white", "b1.NW")  # mountains 4 only
    _roll(game, 4)
    assert game.hand_size("white") == SETTLEMENT_YIELD
    game = _sandbox()
    game.place_settlement("white", "b1.NW", city=True)
    _roll(game, 4)
    assert game.hand_size("white") == CITY_YIELD


def test_the_engine_trades_at_the_rates_the_cards_state():
    game = _sandbox()
    assert game.trade_rate("red", "ore") == BANK_TRADE_RATE
    rates = set()
    for harbor in game.board.harbors:
        game = _sandbox()
        game.place_settlement("red", harbor.intersections[0])
        rates.add(min(game.trade_rate("red", r) for r in ("brick", "lumber", "wool", "grain",
                                                             "ore")))
    assert rates == {GENERIC_HARBOR_RATE, SPECIAL_HARBOR_RATE}


def test_the_engine_asks_half_of_a_hand_above_the_discard_limit():
    for size, owed in ((DISCARD_ABOVE, 0), (DISCARD_ABOVE + 1, (DISCARD_ABOVE + 1) // 2),
                       (DISCARD_ABOVE + 4, (DISCARD_ABOVE + 4) // 2)):
        game = _sandbox()
        game.set_hand("red", {"brick": size, "lumber": 0, "wool": 0, "grain": 0, "ore": 0})
        _roll(game, 7)
        assert game.discards_owed.get("red", 0) == owed


# --- purity and cost ----------------------------------------------------------------------------

def test_facts_never_imports_django():
    code = ("import sys, almanach.facts as f; f.card_for('kolik stojí město'); "
            "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "False"


def test_bench_prints_the_cost_of_a_question(capsys):
    result = facts.bench([q for q, _ in ASKS] + NOT_ASKS, repeat=3)
    out = capsys.readouterr().out
    assert "card_for:" in out and result["queries"] == len(ASKS) + len(NOT_ASKS)
    with capsys.disabled():
        print("\n" + out.strip())


def test_the_passages_are_numbered_as_on_the_entry_page():
    """The card's link goes to the passage the site numbers (almanach.loader renders the
    page; almanach.facts reads the same files without it)."""
    from almanach import loader
    by_slug = loader.read_content(lambda slug: f"/almanach/{slug}/").by_slug()
    for slug in {fact["card"]["slug"] for fact in facts.offline_data()["facts"]}:
        assert facts._entry(slug)[2] == by_slug[slug].plain.split("\n"), slug
