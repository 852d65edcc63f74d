"""Rulings the booklets do not hold (Rozhodnutí mimo almanach): the site's words with their
source, never passing for a quotation; the bank-shortage ruling shown wherever the Almanach's
sentence is; and every question of the publisher's official FAQ (almanach/eval/official_faq.toml)
answered on the page the file names."""

import re
import tomllib
from html import unescape
from pathlib import Path

import pytest
from django.urls import reverse

from almanach import faq
from almanach.czech import fold
from almanach.loader import ContentError, read_content
from almanach.markup import MarkupError, render
from almanach.quotes import body
from almanach.search_site import index_from_files

OFFICIAL_FAQ = Path(faq.__file__).parent / "eval" / "official_faq.toml"
BANK_SENTENCE = "Pokud v jednom kole nestačí bank na suroviny pro všechny, neinkasuje nikdo."


@pytest.fixture(scope="module")
def rulings() -> list[faq.Ruling]:
    return faq.read_rulings()


@pytest.fixture(scope="module")
def official() -> list[dict]:
    return tomllib.loads(OFFICIAL_FAQ.read_text(encoding="utf-8"))["otazka"]


def passages(html: str) -> list[str]:
    """The page's text one passage a line (paragraph, list item, quotation, heading, caption),
    folded: how a reader meets it, without case and diacritics."""
    main = html.split("<main", 1)[-1].split("</main>", 1)[0]
    main = re.sub(r"<(script|style)\b.*?</\1>", " ", main, flags=re.S)
    main = re.sub(r"</(?:p|li|blockquote|h\d|figcaption|dd|dt)>|<br\s*/?>", "\n", main)
    text = unescape(re.sub(r"<[^>]+>", " ", main))
    return [" ".join(fold(line).split()) for line in text.split("\n") if line.strip()]


def states(lines: list[str], keys: list[list[str]]) -> bool:
    """One passage holds every word of one of the keys."""
    return any(all(fold(word) in line for word in key) for key in keys for line in lines)


def page_url(slug: str) -> str:
    if slug == "caste-otazky":
        return reverse("almanach:faq")
    return reverse("almanach:entry", args=[slug])


# --- the rulings and their page ----------------------------------------------------------


def test_every_ruling_has_a_title_a_short_answer_and_names_where_it_comes_from(rulings):
    assert len(rulings) >= 60
    assert len({ruling.id for ruling in rulings}) == len(rulings)
    for ruling in rulings:
        assert ruling.title and len(ruling.summary) >= 20, ruling.id
        assert ruling.source.startswith(("Oficiální FAQ vydavatele (catan.com)",
                                         "Oficiální pravidla vydavatele (catan.com)",
                                         "Oficiální varianta vydavatele (catan.com)",
                                         "Pravidla rozšíření",  # an expansion's own rules
                                         "Anglická pravidla vydavatele",
                                         "Běžná shoda v diskusích o pravidlech",
                                         "Výklad webu", "Výpočet webu")), ruling.id


def test_a_ruling_read_out_of_context_never_permits_what_the_rules_forbid(rulings):
    """The results page shows a ruling's short answer, or a sentence of it, alone: each must
    carry its condition. A road is built on from your own road, village or city only; only a
    rolled 7 makes players discard, never the knight."""
    by_id = {ruling.id: ruling for ruling in rulings}
    crossing = by_id["silnice-pres-cizi-silnici"].summary
    short_answer = crossing.split(":")[0]
    assert short_answer.startswith("Smíte") and "vaše vlastní silnice" in short_answer
    assert "nikdy na cizí silnici" in crossing
    assert by_id["silnice-k-cizi-vesnici"].summary.startswith("Smíte dovést silnici až k cizí")
    for sentence in re.split(r"(?<=\.) ", by_id["rytir-a-sedmicka"].summary):
        if "odevzd" in sentence:
            assert "7" in sentence, sentence
    assert "Rytíř sám odevzdávání karet nevyvolá" in by_id["rytir-a-sedmicka"].summary
    # "Postavíte jen jednu silnici." alone read as if the card gave one road.
    assert by_id["stavba-silnic-jedna-silnice"].summary.startswith(
        "Zbývá-li vám v zásobě jen jedna silnice")
    assert by_id["pristav-jedno-misto"].summary.startswith("Stačí vesnice nebo město na jednom")


def test_a_ruling_that_departs_from_the_almanach_quotes_its_sentence_and_says_what_is_followed(
        rulings):
    departing = [ruling for ruling in rulings if ruling.quotations]
    assert "bank-jedinemu-hraci" in {ruling.id for ruling in departing}
    documents = {doc.slug: doc for doc in read_content(url_for=str).documents}
    for ruling in departing:
        assert "se řídí Almanachem" in ruling.summary, ruling.id
        for quotation in ruling.quotations:
            assert faq.passage_of(documents[quotation.slug].plain, quotation.text), (
                ruling.id, quotation.text)


def test_the_bank_ruling_says_both_rules_and_that_the_site_and_engine_follow_the_almanach(
        rulings):
    ruling = faq.ruling_by_id("bank-jedinemu-hraci")
    assert ruling.quotations == (faq.Quotation("suroviny-karty", BANK_SENTENCE),)
    assert "neinkasuje nikdo" in ruling.summary
    assert "jen jeden hráč" in ruling.summary and "zbyly" in ruling.summary
    assert "Web i pravidlový engine se řídí Almanachem" in ruling.summary
    assert ruling.source.startswith("Oficiální FAQ vydavatele (catan.com), základní hra")
    assert faq.ruling_for("suroviny-karty", f"Hráč si drží karty. {BANK_SENTENCE}") == ruling
    assert faq.ruling_for("zlodej", BANK_SENTENCE) is None


def test_the_engine_pays_nobody_a_short_resource_even_when_only_one_player_is_owed_it():
    """What the ruling says the engine does: the Almanach, without the FAQ's exception."""
    from engine import Board, Game
    from engine.actions import RollDice

    game = Game.empty(Board.beginner(), ["red", "blue", "white", "orange"], seed=0)
    game.place_settlement("red", "a2.NW", city=True)  # hills 2, mountains 11: owed 2 ore
    game.set_hand("white", {"ore": 18})  # the bank keeps 1 ore
    game.set_current("red", "roll")
    events = game.apply(RollDice("red", (5, 6)))
    assert game.hand("red")["ore"] == 0 and game.bank["ore"] == 1
    assert events[-1].shortage == ["ore"]

    # Only the short resource goes unpaid: the other 11 (pasture, e2) pays its wool.
    game = Game.empty(Board.beginner(), ["red", "blue", "white", "orange"], seed=0)
    game.place_settlement("red", "a2.NW", city=True)
    game.place_settlement("blue", "e2.S")
    game.set_hand("white", {"ore": 18})
    game.set_current("red", "roll")
    events = game.apply(RollDice("red", (5, 6)))
    assert game.hand("red")["ore"] == 0 and game.hand("blue")["wool"] == 1
    assert events[-1].shortage == ["ore"]


def test_the_engine_plays_table_questions_as_the_rulings_say():
    """What the rulings on roads, the robber, a 7, the end of the game say the engine does."""
    from engine import Board, Game, RuleViolation
    from engine.actions import BuildRoad, BuildSettlement, EndTurn, PlayRoadBuilding, RollDice

    def refused(game, action) -> str | None:
        try:
            game.check(action)
        except RuleViolation as violation:
            return violation.code
        return None

    players = ["red", "blue", "white", "orange"]
    ring = ("c3.NE", "c3.E", "c3.SE", "c3.SW", "c3.W")  # around c3 from its top corner
    game = Game.empty(Board.beginner(), players)
    game.place_settlement("red", "c3.N")
    for path in ring:
        game.place_road("red", path)
    game.set_robber("c3")  # the robber on the hex the road runs round
    assert game.road_length("red") == 5 and game.longest_road_holder == "red"
    game.place_road("blue", "b2|c3")  # blue's road ends where red's road ends (b2.S)
    game.set_dev_cards("red", ["road_building"])
    game.set_current("red", "trade")
    assert refused(game, PlayRoadBuilding("red", ("b2|b3", "b2|c2"))) is None  # apart
    game.set_hand("red", {"brick": 1, "lumber": 1})
    game.set_current("red", "build")
    assert refused(game, BuildRoad("red", "b2|c2")) is None  # past blue's road at b2.S

    game = Game.empty(Board.beginner(), players)
    game.place_settlement("red", "c3.S")
    game.place_road("red", "c3|d3")
    game.place_settlement("blue", "c3.NE")
    game.set_hand("red", {"brick": 2, "lumber": 2})
    game.set_current("red", "build")
    game.apply(BuildRoad("red", "c3|c4"))  # up to blue's settlement
    assert refused(game, BuildRoad("red", "b3|c4")) == "road_blocked"  # not past it

    game = Game.empty(Board.beginner(), players)
    game.place_settlement("blue", "c3.N")
    for path in ring:
        game.place_road("blue", path)
    game.place_settlement("red", "d2.S")
    game.place_road("red", "d2|e2")
    game.place_road("red", "d2|d3")  # red's own road reaches c3.S, between blue's roads
    game.set_hand("red", {"brick": 1, "lumber": 1, "wool": 1, "grain": 1})
    game.set_current("red", "build")
    game.apply(BuildSettlement("red", "c3.S"))
    assert game.road_length("blue") == 3 and game.longest_road_holder is None

    game.set_hand("red", {"brick": 5, "lumber": 5})
    game.set_current("red", "roll")
    game.apply(RollDice("red", (3, 4)))  # 10 cards: half of them first
    assert game.phase == "discard" and refused(game, BuildRoad("red", "c3|c4")) == "discard_first"

    game = Game.empty(Board.beginner(), players)
    for corner in ("a1.N", "a3.N", "c1.N", "c5.N"):
        game.place_settlement("blue", corner, city=True)
    game.place_settlement("blue", "e1.N")
    game.set_dev_cards("blue", ["victory_point"])  # 10 points, reached in red's turn
    game.set_current("red", "trade")
    assert game.winner is None
    game.apply(EndTurn("red"))
    assert game.winner == "blue" and game.legal_actions() == []

    # The robber on one 8 (e1): the other 8 (e3) yields; a double 4 + 4 is just an 8.
    game = Game.empty(Board.beginner(), players)
    assert game.board.number("e1") == game.board.number("e3") == 8
    game.place_settlement("red", "e1.N")
    game.place_settlement("blue", "e3.S")
    game.set_robber("e1")
    game.set_current("red", "roll")
    game.apply(RollDice("red", (4, 4)))
    assert sum(game.hand("red").values()) == 0 and game.hand("blue")["wool"] == 1
    assert game.phase == "trade" and game.current_player == "red"  # no second roll

    # A city at a harbour trades at the harbour's rate, as a settlement does: no better.
    for city in (False, True):
        game = Game.empty(Board.beginner(), players)
        game.place_settlement("red", "a2.N", city=city)  # the grain harbour at a2.NE
        assert game.trade_rate("red", "grain") == 2 and game.trade_rate("red", "ore") == 4


def test_the_engine_plays_katan_pro_dva_as_the_rulings_say():
    """Neutral builds for Road Building's two roads, a forced trade with an empty hand."""
    from engine import Game, Rules, RuleViolation
    from engine.actions import ForcedTrade, RollDice

    game = Game.beginner(players=("orange", "red"), rules=Rules(two_player=True), seed=1)
    game.set_dev_cards("orange", ["road_building"])
    game.set_current("orange", "roll")
    road_building = next(action for action in game.legal_actions()
                         if action.type == "play_road_building" and len(action.paths) == 2)
    game.apply(road_building)
    assert game.phase == "neutral" and game.neutral_builds_owed == 2
    # At the start a neutral has no road: its first free build is a road, not a settlement.
    assert {action.type for action in game.legal_actions()} == {"build_neutral_road"}

    game = Game.beginner(players=("orange", "red"), rules=Rules(two_player=True), seed=1)
    game.set_hand("red", {})
    game.set_hand("orange", {"wool": 3})
    game.set_current("orange", "roll")
    with pytest.raises(RuleViolation) as refused:
        game.check(ForcedTrade("orange"))
    assert refused.value.code == "forced_trade_empty_hand"
    game.set_hand("red", {"ore": 4, "grain": 4})  # 8 resource cards and 7 trade cards
    game.set_trade_cards("red", 7)
    game.apply(RollDice("orange", (3, 4)))
    assert game.discards_owed == {"red": 4}


def test_a_ruling_box_is_the_sites_words_labelled_and_never_checked_as_a_quotation():
    rendered = render(
        "::: rozhodnuti priklad\nAno, smíte.\n\nAlmanach, heslo [[zlodej]]:\n\n"
        "> Černá figurka je zloděj.\n\nZdroj: Oficiální FAQ.\n:::", url_for=lambda s: f"/{s}/")
    assert '<aside class="box rozhodnuti" id="rozhodnuti-priklad">' in rendered.html
    assert '<p class="box-label">Rozhodnutí mimo almanach</p>' in rendered.html
    assert '<p class="ruling">Ano, smíte.</p>' in rendered.html
    assert "<blockquote>\n<p>Černá figurka je zloděj.</p>\n</blockquote>" in rendered.html
    assert rendered.plain.split("\n")[0] == "Rozhodnutí mimo almanach: Ano, smíte."
    with pytest.raises(MarkupError, match="potřebuje id"):
        render("::: rozhodnuti\nText.\n:::", url_for=str)


def test_the_quotation_checker_skips_a_ruling_in_an_entry_but_checks_what_it_quotes(tmp_path):
    path = tmp_path / "heslo.md"
    path.write_text("+++\nheadword = \"X\"\n+++\nČerná figurka je zloděj.\n\n"
                    "::: rozhodnuti x\nSlova webu.\n\n> Citace.\n\nZdroj: FAQ.\n:::\n",
                    encoding="utf-8")
    assert body(path) == ["Černá figurka je zloděj."]


def test_a_ruling_without_its_source_or_title_is_refused(tmp_path):
    path = tmp_path / "rozhodnuti.md"
    path.write_text("### Otázka?\n\n::: rozhodnuti a\nAno, smíte.\n:::\n", encoding="utf-8")
    with pytest.raises(ContentError, match="Zdroj"):
        faq.read_rulings(path)
    path.write_text("::: rozhodnuti a\nAno.\n\nZdroj: FAQ.\n:::\n", encoding="utf-8")
    with pytest.raises(ContentError, match="nadpis"):
        faq.read_rulings(path)


def test_every_frequent_question_answered_by_a_ruling_names_one_that_exists(rulings):
    questions = faq.read_questions()
    named = {question.ruling for question in questions if question.ruling}
    assert named <= {ruling.id for ruling in rulings}
    assert {"bank-jedinemu-hraci", "silnice-do-kruhu", "spojenectvi-a-sliby", "nejstarsi-hrac",
            "rytir-bez-zlodeje"} <= named
    bank = next(q for q in questions if q.id == "dosly-karty-v-banku")
    assert bank.ruling == "bank-jedinemu-hraci" and bank.answers[0].text == BANK_SENTENCE


# --- where a player meets them -------------------------------------------------------------


@pytest.mark.usefixtures("content")
def test_the_entry_shows_the_bank_ruling_right_after_the_almanachs_sentence(client):
    html = client.get(reverse("almanach:entry", args=["suroviny-karty"])).content.decode()
    sentence_at = html.index(BANK_SENTENCE)
    note_at = html.index('<aside class="box rozhodnuti ruling-note">')
    assert sentence_at < note_at < html.index("Jiné vydání (004")
    note = html[note_at:html.index("</aside>", note_at)]
    assert "Rozhodnutí mimo almanach" in note and "se řídí Almanachem" in note
    assert "Zdroj: Oficiální FAQ vydavatele (catan.com)" in note
    assert 'href="/almanach/rozhodnuti/#rozhodnuti-bank-jedinemu-hraci"' in note
    assert "<blockquote" not in note, "the site's words never pass for a quotation"


@pytest.mark.usefixtures("content")
def test_the_page_of_rulings_labels_each_one_and_keeps_quotations_apart(client, rulings):
    html = client.get(reverse("almanach:entry", args=["rozhodnuti"])).content.decode()
    for ruling in rulings:
        assert f'id="{ruling.anchor}"' in html
    assert html.count('<p class="box-label">Rozhodnutí mimo almanach</p>') == len(rulings)
    assert "ruling-note" not in html
    quoted = re.findall(r"<blockquote>\s*<p[^>]*>(.*?)</p>", html)
    assert quoted == [BANK_SENTENCE]


@pytest.mark.usefixtures("content")
def test_cast_otazky_answers_with_the_ruling_in_the_sites_words_and_its_source(client):
    html = client.get(reverse("almanach:faq")).content.decode()
    item = html.split('id="dosly-karty-v-banku"', 1)[1].split("</section>", 1)[0]
    assert f"<blockquote>{BANK_SENTENCE}</blockquote>" in item
    ruling = item[item.index('<aside class="box rozhodnuti'):]
    assert "Rozhodnutí mimo almanach" in ruling and "se řídí Almanachem" in ruling
    assert "Zdroj: Oficiální FAQ vydavatele (catan.com)" in ruling
    alone = html.split('id="silnice-do-kruhu"', 1)[1].split("</section>", 1)[0]
    assert "<blockquote>" not in alone and "6 silnic kolem" in alone


@pytest.mark.parametrize(
    ("query", "ruling"),
    [
        ("pocita se silnice do kruhu", "silnice-do-kruhu"),
        ("muzu se spojit s jinym hracem proti tretimu", "spojenectvi-a-sliby"),
        ("muzu si od spoluhrace pujcit kartu", "sliby-a-pujcky"),
        ("musi vzdy zacinat nejstarsi", "nejstarsi-hrac"),
        ("muzu zahrat rytire kdyz zlodej neni u me", "rytir-bez-zlodeje"),
        ("bank nema dost a surovinu dostava jen jeden hrac", "bank-jedinemu-hraci"),
        ("dohrava se kolo kdyz nekdo vyhraje", "dohrat-kolo"),
        ("padla sedmicka muzu jeste utratit karty nez odhodim", "sedmicka-nejdriv-odhodit"),
        ("forgot to take resources", "zapomenute-vynosy"),
        ("zlodej prerusuje nejdelsi obchodni cestu", "zlodej-neprerusi-cestu"),
        ("dava mesto v pristavu lepsi kurz", "pristav-mesto"),
        ("muzu mesto vratit zpatky na vesnici", "stavby-zustavaji"),
    ],
)
def test_a_table_question_finds_its_ruling_first(query, ruling, file_index):
    hit = file_index.search(query).hits[0]
    assert hit.slug == "rozhodnuti", (query, hit.slug, hit.snippet[:80])
    assert hit.ruling is not None and hit.ruling.id == ruling, hit.snippet[:80]
    assert hit.ruling_note is None


@pytest.fixture(scope="module")
def untuned_index():
    """The index without the tuning sets' questions: the ranking alone, nothing learnt by rote."""
    return index_from_files(lambda slug: f"/almanach/{slug}/", tuning=False)


@pytest.mark.parametrize(
    ("query", "ruling"),
    [
        # The pirate's ruling names the knight, the 7 and the robber; these ask about the base
        # game, and the ruling under its question ("Smíte zahrát rytíře, i když…") answers.
        ("muzu zahrat rytire i kdyz zlodej nestoji na mym poli", "rytir-bez-zlodeje"),
        ("muzu zahrat rytire kdyz zlodej neni na moji krajine", "rytir-bez-zlodeje"),
        ("padne 7 a ja pak jeste zahraju rytire", "rytir-po-sedmicce"),
        ("zahraju rytire pred hodem a pak padne 7", "rytir-a-sedmicka"),
        # A question that names an expansion still gets its ruling.
        ("co dela pirat", "namornici-pirat"),
        ("lode se pocitaji do nejdelsi cesty", "namornici"),
        ("mimoradna stavebni faze", "hra-pro-5-6"),
    ],
)
def test_a_ruling_about_an_expansion_answers_only_a_question_about_one(query, ruling,
                                                                        untuned_index):
    hit = untuned_index.search(query).hits[0]
    assert hit.ruling is not None and hit.ruling.id == ruling, (hit.slug, hit.snippet[:80])


@pytest.mark.parametrize("query", ["vymena 2 ovce za 1 ovci", "vymenit 2 rudy za 1 rudu s hracem",
                                   "vymena obili za obili"])
def test_a_resource_for_the_same_resource_finds_its_ruling(query, untuned_index):
    """Players ask it with their own resource and numbers; the ruling's questions say "stejná
    surovina": the search reads "2 ovce za 1 ovci" as that too."""
    hit = untuned_index.search(query).hits[0]
    assert hit.ruling is not None and hit.ruling.id == "stejna-surovina", (hit.slug,
                                                                          hit.snippet[:80])
    assert "Nesmíte" in hit.snippet


def test_a_snippet_showing_the_bank_sentence_carries_its_ruling(file_index):
    hits = file_index.search("co kdyz bank nestaci na suroviny pro vsechny").hits
    shown = next(hit for hit in hits if BANK_SENTENCE in hit.snippet
                 and hit.slug == "suroviny-karty")
    assert shown.ruling_note is not None and shown.ruling_note.id == "bank-jedinemu-hraci"
    assert shown.ruling is None, "the Almanach's sentence is no ruling of the site"
    other = file_index.search("kolik stoji silnice").hits[0]
    assert other.ruling is None and other.ruling_note is None


# --- the official FAQ: the site states every answer -----------------------------------------


def test_the_official_faq_file_names_real_pages_and_keys(official):
    assert len(official) >= 32
    slugs = {doc.slug for doc in read_content(url_for=str).documents} | {"caste-otazky"}
    for item in official:
        assert item["otazka"].endswith("?") and item["odpoved"] and item["zdroj"], item["id"]
        assert set(item["stranky"]) <= slugs, item["id"]
        assert item["keys"] and all(item["keys"]), item["id"]


@pytest.mark.usefixtures("content")
def test_the_site_states_every_official_faq_answer_on_the_pages_it_names(client, official):
    missing = []
    for slug in sorted({slug for item in official for slug in item["stranky"]}):
        lines = passages(client.get(page_url(slug)).content.decode())
        missing += [f"{item['id']} @ {slug}" for item in official
                    if slug in item["stranky"] and not states(lines, item["keys"])]
    assert missing == []


@pytest.mark.usefixtures("content")
def test_where_the_official_faq_differs_from_the_almanach_the_page_says_both(client, official):
    for item in (item for item in official if item.get("lisi_se")):
        for slug in item["stranky"]:
            lines = passages(client.get(page_url(slug)).content.decode())
            assert states(lines, [["neinkasuje nikdo"]]), (item["id"], slug)
            assert states(lines, [["se ridi almanachem"]]), (item["id"], slug)


@pytest.mark.parametrize(
    ("query", "ruling", "answer"),
    [
        ("muzu okrast hrace kdyz dam zlodeje na poust", "zlodej-na-pousti",
         "Okradete: i na poušti smíte okrást hráče"),
        ("hodil jsem sedmicku muzu v tom tahu jeste zahrat rytire", "rytir-po-sedmicce",
         "Smíte: hozená 7 není zahraná akční karta"),
        ("pocita se silnice co konci u souperovy vesnice do nejdelsi cesty",
         "cesta-k-cizi-vesnici", "silnice až k ní se počítají všechny"),
        ("ma mesto u zlodeje beru mu 2 karty", "kradez-u-mesta",
         "i hráči s městem vezmete jen jednu kartu"),
        # Roads along the coast, two separate roads, a tie at five, a knight before the roll,
        # a lost special card, the face-down deck: the booklets imply each, players ask.
        ("pocita se silnice podel more do nejdelsi cesty", "pobrezi-v-nejdelsi-ceste",
         "Počítají: silnice podél pobřeží je silnice jako každá jiná"),
        ("scitaji se dve oddelene silnice do nejdelsi cesty", "oddelene-silnice",
         "Nesčítají: počítá se jen vaše nejdelší souvislá silnice"),
        ("oba hraci maji 5 silnic kdo dostane nejdelsi cestu", "nejdelsi-cesta-kdo-drive",
         "Ten, kdo souvislou silnici z 5 úseků postaví první"),
        ("rytir zahrany pred hodem pocita se do vojska", "rytir-pred-hodem-vojsko",
         "Počítá, stejně jako rytíř zahraný po hodu"),
        ("ztratim nejdelsi cestu prijdu o 2 body", "ztracena-zvlastni-karta",
         "Přijdete: 2 výherní body patří ke kartě"),
        ("smim se podivat do balicku akcnich karet", "balicek-akcnich-karet",
         "Nesmíte: balíček akčních karet leží zakrytý"),
        # "Smíte blafovat: … prozrazovat nemusíte" read alone said the count could be hidden.
        ("smi souper vedet kolik karet drzim v ruce", "pocet-karet-verejny",
         "Musíte: počet karet v ruce je veřejný"),
        ("da se vymenit surovina kterou jsem prave ziskal obchodem", "vymenene-suroviny",
         "ve stejném tahu hned dál měnit"),
        ("musim ostatnim rict jakou kartu jsem ukradl", "ukradena-karta-skryta",
         "Nemusíte ji nikomu ukázat"),
        ("smi byt obe moje prvni vesnice u stejneho pole", "vesnice-u-stejneho-dilu",
         "Smějí: obě vesnice ze zakládání smíte postavit u stejného dílu krajiny"),
    ],
)
def test_questions_players_ask_that_the_booklets_leave_open_get_their_ruling(
        query, ruling, answer, untuned_index):
    # Robbing on the desert, after a rolled 7 a knight, roads up to an opponent's village, a
    # city robbed: the booklets imply the answer, players still ask; the engine plays it so
    # (tests/engine/test_robber.py, tests/engine/test_longest_road.py).
    hit = untuned_index.search(query).hits[0]
    assert hit.ruling is not None and hit.ruling.id == ruling, (hit.slug, hit.snippet[:80])
    assert answer in hit.snippet
