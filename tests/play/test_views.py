"""Hrát over HTTP without JavaScript: every route, good and bad input, Czech answers."""

import re

import pytest
from django.core.management import call_command
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from play_kit import answered, fill_orange_hand, offered, post_move, roll, start

from engine import Game, actions
from tests.helpers.pages import html as text
from tutorial.play import flow, store, table
from tutorial.play.cleanup import remove_stale
from tutorial.play.models import PlayedGame

pytestmark = pytest.mark.django_db


def test_the_new_game_form_offers_players_people_board_and_rule_options(client):
    page = text(client.get("/hrat/"))
    for name in ("hraci", "lide", "plan", "seed", *(o.play_field for o in flow.OPTIONS)):
        assert f'name="{name}"' in page
    assert "Katan pro dva" in page and "Začít hru" in page


def test_starting_a_game_redirects_to_an_unguessable_address(client):
    first, second = start(client), start(client, seed=12)
    game_id = first.split("/")[2]
    assert re.fullmatch(r"/hrat/[A-Za-z0-9_-]{20,}/", first) and first != second
    assert PlayedGame.objects.get(pk=game_id).setup["people"] == ["orange"]


@pytest.mark.parametrize(("data", "message"), [
    ({"hraci": 5}, "Největší možná hodnota je 4."),
    ({"hraci": 1}, "Nejmenší možná hodnota je 2."),
    ({"hraci": "čtyři"}, "Zadejte celé číslo."),
    ({"hraci": 3, "lide": 4}, "Lidí nemůže být víc než hráčů."),
    ({"plan": "mesic"}, "Takový herní plán neznáme."),
    ({"seed": -3}, "Nejmenší možná hodnota je 0."),
    ({"remiza_cesty": "los"}, "Taková volba není."),
])
def test_bad_new_game_input_gets_a_czech_message(client, data, message):
    response = client.post("/hrat/", {"hraci": 4, "lide": 1, "plan": "zacatecnici", **data})
    assert response.status_code == 400
    assert message in text(response)
    assert not PlayedGame.objects.exists()


def test_the_game_page_shows_the_board_the_moves_and_only_the_persons_hand(client):
    url = start(client)
    page = text(client.get(url))
    assert "Co můžu dělat?" in page and "Hodit kostkami" in page
    assert '<svg class="board play-board"' in page
    assert page.count('aria-label="Karty v ruce') == 1  # the person's own hand only
    assert "V ruce 3 karty" in page or "V ruce 2 karty" in page


def test_an_unknown_game_is_a_czech_404(client):
    missing = "/hrat/neexistujici-hra-12345/"
    for path in (missing, "/hrat/x/", missing + "zapis.json", missing + "tah/1/krok/1/"):
        response = client.get(path)
        assert response.status_code == 404
        assert "Tuto hru neznáme" in text(response)


def test_a_refused_move_gives_the_engines_reason_and_the_almanach_headword(client):
    url = start(client)
    response = post_move(client, url, {"type": "build_settlement", "player": "orange",
                                       "node": "c3.N"})
    page = answered(client, response)
    assert "Tento krok nejde." in page and "Nejdřív je třeba hodit kostkami." in page
    assert 'href="/almanach/prubeh-hry/"' in page


@pytest.mark.parametrize("raw", ["", "{", "[]", "null", '{"type": "teleport", "player": "orange"}',
                                 '{"type": "build_road", "player": "orange", "path": {"x": 1}}',
                                 '{"type": "discard", "player": "orange", "cards": {"brick": "x"}}',
                                 '{"type": "roll_dice", "player": "purple"}'])
def test_garbage_moves_are_refused_in_czech_never_a_500(client, raw):
    url = start(client)
    response = client.post(url + "tah/", {"akce": raw})
    assert "Tento krok nejde." in answered(client, response)


def test_a_person_cannot_choose_the_dice(client, monkeypatch):
    # Two games with the same board and the same server secret: a roll that names its dice
    # gets exactly the dice of a roll that names none (the server's chance), whatever they are.
    monkeypatch.setattr("tutorial.play.flow.new_secret", lambda: "one-secret")
    chosen, plain = start(client, seed=3), start(client, seed=3)
    post_move(client, chosen, {"type": "roll_dice", "player": "orange", "dice": [6, 6]})
    post_move(client, plain, {"type": "roll_dice", "player": "orange"})
    rolls = [PlayedGame.objects.get(pk=url.split("/")[2]).log.get(number=0).action
             for url in (chosen, plain)]
    assert [roll["type"] for roll in rolls] == ["roll_dice", "roll_dice"]
    assert rolls[0]["dice"] == rolls[1]["dice"]


def test_playing_for_a_computer_player_is_refused(client):
    url = start(client)
    page = answered(client, post_move(client, url, {"type": "roll_dice", "player": "red"}))
    assert "za jiného hráče hrát nemůžete" in page


def test_why_not_here_explains_the_distance_rule(client):
    url = start(client)
    roll(url, (2, 2))
    # b3.N touches the orange settlement's neighbour: too close by the distance rule.
    game = store.game_of(PlayedGame.objects.get())
    spot = next(n for n in ("c3.N", "b3.N", "a2.S", "c2.NE") if game.why_not_settlement(
        "orange", n) and game.why_not_settlement("orange", n).code == "distance_rule")
    page = text(client.get(url, {"misto": spot, "rezim": "proc-krizovatky"}))
    assert "Proč ne tady?" in page and "pravidlo o vzdálenosti" in page
    assert 'href="/almanach/pravidlo-o-vzdalenosti-mezi-dvema-vesnicemi/"' in page


def test_one_whole_turn_without_javascript(client):
    """Roll, deal with a 7 if it comes, end the turn: the computer players answer and the
    person is on turn again, told what the others did and why."""
    url = start(client, seed=3)
    for _ in range(12):
        page = text(client.get(url))
        moves = offered(page)
        kinds = {m["type"] for m in moves}
        if "end_turn" in kinds:
            break
        if 'value="odhodit"' in page:
            raise AssertionError("seed 3 should not make the person discard")
        chosen = next(m for m in moves if m["type"] in ("roll_dice", "move_robber"))
        assert post_move(client, url, chosen).status_code == 302
    assert "Oranžový hodil" in text(client.get(url))  # the person sees what the roll brought
    response = post_move(client, url, {"type": "end_turn", "player": "orange"})
    assert response.status_code == 302 and response["Location"] == url + "#odpoved"
    page = text(client.get(url))
    assert "Mezitím hráli počítačoví hráči" in page
    assert "Proč: Červený" in page and "Proč: Bílý" in page
    assert "Hrajete vy (Oranžový)" in page and "Hodit kostkami" in page
    row = PlayedGame.objects.get()
    assert row.moves == row.log.count() > 4


def test_a_game_survives_a_restart(client):
    url = start(client, seed=3)
    post_move(client, url, {"type": "roll_dice", "player": "orange"})
    before = text(client.get(url))
    store._cache.clear()
    after = text(client.get(url))
    strip = re.compile(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+')
    assert strip.sub("", before) == strip.sub("", after)


def test_htmx_gets_the_table_only(client):
    url = start(client)
    response = client.get(url, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "<html" not in text(response)
    assert 'id="stul"' in text(response) and "HX-Request" in response["Vary"]


def test_building_in_the_trade_phase_ends_the_trade_first(client):
    url = start(client, seed=3)
    roll(url, (6, 4))
    row = PlayedGame.objects.get()
    game = store.game_of(row)
    assert game.phase == "trade" and game.hand("orange")["lumber"] == 1  # the forest 10
    spot = sorted(game.legal_road_spots("orange"))[0]
    page = text(client.get(url, {"misto": spot}))
    road = next(a for a in offered(page) if a["type"] == "build_road")
    assert road["path"] == spot and "Postavit silnici" in page
    assert post_move(client, url, road).status_code == 302
    row.refresh_from_db()
    kinds = [m.action["type"] for m in row.log.order_by("number")]
    assert kinds[-2:] == ["end_trade", "build_road"]
    assert store.game_of(row).roads[spot] == "orange"


def test_hot_seat_hides_the_hand_until_the_device_is_handed_over(client):
    url = start(client, lide=2, plan="zacatecnici")
    page = text(client.get(url))
    assert "Předejte zařízení" in page and "Jsem oranžový" in page
    assert 'aria-label="Karty v ruce' not in page and "Hodit kostkami" not in page
    assert client.post(url + "predat/").status_code == 302
    page = text(client.get(url))
    assert "Předejte zařízení" not in page and page.count('aria-label="Karty v ruce') == 1


def test_watching_computer_players_play_a_game(client):
    url = start(client, lide=0, seed=4)
    page = text(client.get(url))
    assert "Hrají jen počítačoví hráči" in page and "Další tah" in page
    assert "1. kolo: na tahu Červený" in page  # the first turn is played, one at a time
    assert "Poslední kroky počítačových hráčů" in page and "Proč: Oranžový" in page
    client.post(url + "pocitac/", {"kolik": "tah"})
    page = text(client.get(url))
    assert "1. kolo: na tahu Modrý" in page and "Proč: Červený" in page
    for _ in range(10):
        if "Konec hry" in page:
            break
        client.post(url + "pocitac/", {"kolik": "vic"})
        page = text(client.get(url))
    assert "Konec hry: vyhrává" in page and "Projít celou hru" in page
    assert "Konečné pořadí" in page and "Hrát znovu" in page
    record = client.get(url + "zapis.json").json()
    assert record["winner"] in ("orange", "red", "blue", "white")


def test_the_record_has_the_example_games_format_plus_the_winner(client):
    url = start(client, seed=3)
    post_move(client, url, {"type": "roll_dice", "player": "orange"})
    record = client.get(url + "zapis.json").json()
    example = client.get("/priklad-hry/hra.json").json()
    assert set(example) <= set(record) and record["winner"] is None
    step = record["turns"][0]["steps"][0]
    assert set(example["turns"][0]["steps"][0]) == set(step)
    assert step["text"].startswith("Oranžový hodil")
    # While the game runs, the computer players' cards stay hidden from the person.
    assert record["hidden"] == ["blue", "red", "white"]
    players = step["state"]["players"]
    assert players["red"]["hand"] is None and players["orange"]["hand"] is not None


def test_the_viewer_steps_through_a_played_game(client):
    url = start(client, seed=3)
    post_move(client, url, {"type": "roll_dice", "player": "orange"})
    page = text(client.get(url + "tah/1/krok/1/"))
    assert "Záznam hry" in page and "Oranžový hodil" in page
    # What the example says about its own reconstruction belongs to the example only.
    assert "rekonstruovan" not in page and "Hrát odsud" not in page
    assert client.get(url + "tah/1/").status_code == 200
    missing = client.get(url + "tah/99/krok/1/")
    assert missing.status_code == 404 and "má zatím jen 1 tah" in text(missing)
    assert client.get(url + "tah/1/krok/99/").status_code == 404


def test_the_viewer_keeps_computer_players_cards_face_down_while_the_game_runs(client):
    url = start(client, seed=3)
    post_move(client, url, {"type": "roll_dice", "player": "orange"})
    page = text(client.get(url + "tah/1/krok/1/"))
    assert "(skryté)" in page


def test_play_from_an_example_step(client):
    page = text(client.get("/priklad-hry/tah/3/krok/1/"))
    assert "Hrát odsud" in page and 'href="/hrat/z-prikladu/3/1/"' in page
    ask = text(client.get("/hrat/z-prikladu/3/1/"))
    assert "Hrajete za hráče na tahu (Modrý)" in ask and "Začít hru odsud" in ask
    response = client.post("/hrat/z-prikladu/3/1/")
    assert response.status_code == 302
    row = PlayedGame.objects.get()
    setup = row.setup
    assert setup["people"] == [store.game_of(row).current_player]
    assert row.log.filter(by="example").count() == row.moves > 0
    assert "Hrajete vy" in text(client.get(response["Location"]))
    first = text(client.get(response["Location"] + "tah/1/krok/1/"))
    assert "Oranžový hodil" in first  # the example's own moves are narrated in the record


def test_play_from_a_step_the_example_does_not_have(client):
    response = client.post("/hrat/z-prikladu/99/1/")
    assert response.status_code == 404 and "neexistuje" in text(response)
    assert client.get("/hrat/z-prikladu/3/99/").status_code == 404


def test_games_nobody_visited_for_30_days_are_removed(client):
    old, fresh = start(client).split("/")[2], start(client, seed=2).split("/")[2]
    now = timezone.now()
    PlayedGame.objects.filter(pk=old).update(visited=now - timezone.timedelta(days=31))
    assert remove_stale(now) == 1
    assert list(PlayedGame.objects.values_list("pk", flat=True)) == [fresh]
    assert client.get(f"/hrat/{old}/").status_code == 404
    call_command("cleanup_play", stdout=open("/dev/null", "w"))
    assert PlayedGame.objects.filter(pk=fresh).exists()


def test_katan_pro_dva_shows_trade_cards_and_neutral_pieces(client):
    url = start(client, hraci=2)
    page = text(client.get(url))
    assert "Obchodní karty: 4" in page or "Obchodní karty:" in page
    row = PlayedGame.objects.get()
    game = store.game_of(row)
    owners = {owner for owner, _ in game.buildings.values()}
    assert set(game.players) == {"orange", "red"} and {"blue", "white"} <= owners


def test_a_trade_offer_is_answered_by_the_computer_with_its_reason(client):
    url = start(client, seed=5)
    roll(url, (3, 3))
    page = text(client.get(url))
    # No ready-made offers: they would list only the cards a partner holds.
    assert not [a for a in offered(page) if a["type"] in ("offer_trade", "counter_offer")]
    assert "Obchod se spoluhráči" in page
    hand = store.game_of(PlayedGame.objects.get()).hand("orange")
    give = next(r for r, n in hand.items() if n)
    want = next(r for r in ("ore", "wool", "grain") if r != give)
    response = client.post(url + "tah/", {"druh": "nabidnout", "komu": "red",
                                          f"dam_{give}": "1", f"chci_{want}": "1"})
    assert response.status_code == 302
    page = text(client.get(url))
    assert "Nabízíte červenému 1 " in page and re.search(r"Červený: (odmítá|přijímá)", page)
    assert re.search(r"Proč: \w+ (přijímá nabídku|odmítá nabídku|nabízí).*, protože", page)


def test_variable_board_starts_with_the_set_up_phase(client):
    url = start(client, plan="variabilni", seed=8)
    page = text(client.get(url))
    assert "Fáze zakládání" in page
    assert any(a["type"] == "place_settlement" for a in offered(page))


NAMES = ["akce", "druh", "misto", "rezim", "kolik", "komu", "odhodit_brick", "dam_ore",
         "chci_wool", "nabidka"]
ugly = st.one_of(st.text(st.characters(exclude_categories=("Cs",)), max_size=30),
                 st.sampled_from(["", "0", "-1", "99", "c3.N", "b3|b4", "e1.SE", "b2", "rytir",
                                  "proc-cesty", "odhodit", "nabidnout", "protinabidka", "{}",
                                  '{"type": 1}', '{"type": "accept_trade", "player": "orange",'
                                  ' "nabidka": []}',
                                  '{"type": "end_turn", "player": "orange"}']))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.dictionaries(st.sampled_from(NAMES), ugly, max_size=3),
       body=st.dictionaries(st.sampled_from(NAMES), ugly, max_size=3))
def test_a_real_game_never_answers_500(client, query, body):
    url = "/hrat/" + fuzz_game_id(client) + "/"
    for path in ("", "tah/", "predat/", "pocitac/"):
        assert client.get(url + path, query).status_code < 500, (path, query)
        assert client.post(url + path, body).status_code < 500, (path, body)


_fuzz_game: dict[str, str] = {}


def fuzz_game_id(client) -> str:
    """One game for all the examples (the database is kept between them)."""
    if not PlayedGame.objects.filter(pk=_fuzz_game.get("id", "")).exists():
        _fuzz_game["id"] = start(client, seed=7).split("/")[2]
    return _fuzz_game["id"]


def test_an_offer_to_the_person_is_spelled_out():
    game = Game.beginner()
    game.apply(actions.RollDice("orange", (3, 3)))
    offer = next(a for a in game.legal_actions()
                 if isinstance(a, actions.OfferTrade) and a.partner == "red")
    game.apply(offer)
    text = table.offer_text(game, "red")
    assert text.startswith("Oranžový vám nabízí obchod: dá 1 ") and " za 1 " in text
    assert table.offer_text(game, "blue") == ""


def test_discarding_half_after_a_seven_with_the_form(client):
    url = start(client, seed=3)
    row = PlayedGame.objects.get()
    fill_orange_hand(client, url)
    row.refresh_from_db()
    hand = store.game_of(row).hand("orange")
    owed = sum(hand.values()) // 2
    roll(url, (3, 4))
    page = text(client.get(url))
    assert re.search(rf"Odhoďte {owed} (karty|karet)</strong>", page)
    wrong = client.post(url + "tah/", {"druh": "odhodit", "odhodit_brick": "1"})
    assert "Tento krok nejde." in answered(client, wrong)
    assert "Počty karet zadejte" in answered(client, client.post(url + "tah/", {
        "druh": "odhodit", "odhodit_ore": "-2"}))
    cards, left = {}, owed
    for resource, count in hand.items():
        take = min(count, left)
        if take:
            cards[f"odhodit_{resource}"] = str(take)
            left -= take
    response = client.post(url + "tah/", {"druh": "odhodit", **cards})
    assert response.status_code == 302
    row.refresh_from_db()
    assert store.game_of(row).hand_size("orange") == sum(hand.values()) - owed


def test_the_game_page_has_no_inline_script_or_style_and_a_strict_policy(client):
    url = start(client, seed=3)
    roll(url, (3, 4))  # a 7: the robber's hexes become targets
    response = client.get(url)
    page = text(response)
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    assert not re.search(r"<script(?![^>]*\bsrc=)|\sstyle=|\son[a-z]+=", page)
    assert 'class="target target-hex"' in page


def test_a_log_the_engine_no_longer_accepts_is_a_czech_410_not_a_500(client):
    url = start(client, seed=3)
    roll(url, (4, 4))
    row = PlayedGame.objects.get()
    row.log.filter(number=0).update(action={"type": "build_city", "player": "orange",
                                            "node": "a1.N"})
    store._cache.clear()
    for path in ("", "tah/1/krok/1/"):
        response = client.get(url + path)
        assert response.status_code == 410 and "Tuto hru už nelze přehrát" in text(response)
    assert client.get(url + "zapis.json").status_code == 410
    assert client.post(url + "tah/", {"akce": "{}"}).status_code == 410
