"""Hrát with friends, each on their own phone: start, join by code, each seat's own cards,
moves only from the seat that must act, the poll, an absent player and the way back."""

import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from engine import actions
from tutorial.play import friends, store
from tutorial.play.models import FriendGame, FriendSeat, PlayedGame

PLAYER = re.compile(r'<div class="player p-(\w+)')


def host_game(host: Client, **fields) -> tuple[str, str]:
    """The host starts a 4-player game: orange (the host), blue and white people, red a
    computer. Returns (the game's URL, its code)."""
    data = {"hraci": 4, "plan": "zacatecnici", "prezdivka": "Hostitel", "barva": "orange",
            "cas": 120, "misto_orange": "clovek", "misto_red": "pokrocily",
            "misto_blue": "clovek", "misto_white": "clovek", **fields}
    response = host.post("/hrat/s-prateli/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    url = response["Location"]
    return url, FriendGame.objects.get(pk=url.split("/")[2]).code


def join(phone: Client, code: str, nickname: str, colour: str) -> None:
    page = phone.post("/hrat/pripojit/", {"kod": code, "prezdivka": nickname})
    assert page.status_code == 200
    assert "Hrát za barvu" in page.content.decode()
    response = phone.post("/hrat/pripojit/", {"kod": code, "prezdivka": nickname,
                                              "barva": colour})
    assert response.status_code == 302, response.content.decode()[:2000]


@pytest.fixture
def table(db):
    host, eva, jan = Client(), Client(), Client()
    url, code = host_game(host)
    join(eva, code.lower(), "Eva", "blue")  # a code typed in small letters is fine
    join(jan, f" {code[:3]} {code[3:]} ", "Jan", "white")
    response = host.post(url + "zacit/")
    assert response.status_code == 302
    return {"url": url, "code": code, "orange": host, "blue": eva, "white": jan}


def row_of(url: str) -> PlayedGame:
    return store.find(url.split("/")[2])


def hands_in(html: str) -> set[str]:
    """The colours whose cards (not only their count) the page shows: each player's box
    up to the next one, and the dock's "Vaše karty"."""
    boxes = PLAYER.split(html)[1:]
    shown = {colour for colour, box in zip(boxes[::2], boxes[1::2], strict=True)
             if '<p class="hand"' in box.split('<div class="player')[0]}
    assert ('aria-label="Vaše karty"' in html) == bool(shown)
    return shown


def acting(url: str) -> str:
    return store.game_of(row_of(url)).acting_player


def test_the_room_shows_a_code_without_look_alikes_and_a_qr_code_of_the_join_page(db):
    host = Client()
    url, code = host_game(host)
    assert len(code) == friends.CODE_LENGTH and not set(code) & set("0O1IL2Z5S8B")
    room = host.get(url).content.decode()
    assert code in room and "Čekáme na hráče" in room and "Začít hru" in room
    assert f"/hrat/pripojit/?kod={code}" in room
    qr = host.get(url + "qr.svg")
    assert qr.status_code == 200 and qr["Content-Type"] == "image/svg+xml"
    assert b"<svg" in qr.content
    # A friend scanning it gets the join form with the code filled in.
    form = Client().get(f"/hrat/pripojit/?kod={code}").content.decode()
    assert f'value="{code}"' in form


def test_each_phone_sees_only_its_own_cards_in_page_json_and_news(table):
    url = table["url"]
    for colour in ("orange", "blue", "white"):
        page = table[colour].get(url).content.decode()
        assert hands_in(page) == {colour}, colour
        assert "Vaše karty" in page
        data = json.loads(table[colour].get(url + "zapis.json").content)
        assert set(data["hidden"]) == {"orange", "red", "blue", "white"} - {colour}
    # A phone without a seat sees nobody's hand.
    stranger = Client().get(url).content.decode()
    assert hands_in(stranger) == set() and "nesedíte" in stranger
    assert set(json.loads(Client().get(url + "zapis.json").content)["hidden"]) == {
        "orange", "red", "blue", "white"}


def test_a_move_counts_only_from_the_phone_of_the_seat_that_must_act(table):
    url = table["url"]
    row = row_of(url)
    on_turn = acting(url)
    other = next(c for c in ("orange", "blue", "white") if c != on_turn)
    before = row.moves
    waiting = table[other].get(url).content.decode()
    # Without JavaScript a link loads the table again; with it the page polls by itself.
    assert "Načíst znovu" in waiting and 'hx-trigger="every 300ms"' in waiting
    assert "Hodit kostkami" not in waiting
    refused = table[other].post(url + "tah/", {"akce": json.dumps(
        {"type": "roll_dice", "player": on_turn})}, follow=True)
    assert refused.status_code == 200
    assert "Teď není váš tah" in refused.content.decode()
    stranger = Client().post(url + "tah/", {"akce": json.dumps(
        {"type": "roll_dice", "player": on_turn})}, follow=True)
    assert "nesedíte" in stranger.content.decode()
    assert row_of(url).moves == before
    done = table[on_turn].post(url + "tah/", {"akce": json.dumps(
        {"type": "roll_dice", "player": on_turn})})
    assert done.status_code == 302 and row_of(url).moves > before


def test_an_unchanged_poll_is_a_204_from_one_query_and_a_move_reaches_the_next_poll(
        table, django_assert_num_queries):
    url = table["url"]
    row = row_of(url)
    version = friends.version(row)
    watcher = next(c for c in ("orange", "blue", "white") if c != acting(url))
    store._cache.clear()  # nothing kept in the process: another server answers the same
    with django_assert_num_queries(1):
        quiet = table[watcher].get(f"{url}stav/?v={version}", HTTP_HX_REQUEST="true")
    assert quiet.status_code == 204 and quiet.content == b""
    assert "no-store" in quiet["Cache-Control"] and not quiet.cookies
    on_turn = acting(url)
    table[on_turn].post(url + "tah/", {"akce": json.dumps(
        {"type": "roll_dice", "player": on_turn})})
    fresh = table[watcher].get(f"{url}stav/?v={version}", HTTP_HX_REQUEST="true")
    assert fresh.status_code == 200
    html = fresh.content.decode()
    assert f"?v={friends.version(row_of(url))}" in html and 'id="stul"' in html
    assert hands_in(html) == {watcher}
    assert "Mezitím hráli ostatní" in html and "hodil" in html  # the roll, in the news


def test_a_table_drawn_from_a_row_read_before_a_move_is_stored_shows_that_rows_game(table):
    """A page is drawn from the game's row and then its log. A move stored in between (by
    another phone, on another server with a cold cache) must not reach a page that carries
    the row's older version: the page would show the newer game under the old version, its
    poll would swap the same table in again under a finger, and its buttons would carry an
    old move count. The page shows the game as of its version; the next poll brings the
    move."""
    url = table["url"]
    read_before = row_of(url)
    version = friends.version(read_before)
    shown = store.game_of(read_before).to_json()
    on_turn = acting(url)
    table[on_turn].post(url + "tah/", {"akce": json.dumps(
        {"type": "roll_dice", "player": on_turn})})
    assert row_of(url).moves > read_before.moves
    store._cache.clear()  # another server, or this one's cache already replaced
    assert store.game_of(read_before).to_json() == shown
    assert [m.number for m in store.log_of(read_before)] == list(range(read_before.moves))
    assert friends.version(read_before) == version


def test_a_seat_that_stops_answering_is_played_by_a_computer_and_given_back(table):
    url = table["url"]
    row = row_of(url)
    FriendGame.objects.filter(pk=row.pk).update(patience=60)
    absent = acting(url)
    watcher = next(c for c in ("orange", "blue", "white") if c != absent)
    version = friends.version(row)
    friends.settle(row, store.game_of(row))
    # Within the time nothing happens.
    assert table[watcher].get(f"{url}stav/?v={version}",
                              HTTP_HX_REQUEST="true").status_code == 204
    PlayedGame.objects.filter(pk=row.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    page = table[watcher].get(f"{url}stav/?v={version}", HTTP_HX_REQUEST="true")
    assert page.status_code == 200
    assert "nehraje už 1 minutu" in page.content.decode()
    assert FriendSeat.objects.get(table_id=row.pk, color=absent).away
    assert acting(url) != absent  # the computer played the absent seat's turn
    moved = [m for m in row_of(url).log.filter(by="computer")
             if m.action.get("player") == absent]
    assert moved
    own = table[absent].get(url).content.decode()
    assert "Za vás teď hraje počítač" in own and hands_in(own) == {absent}
    back = table[absent].post(url + "zpet/")
    assert back.status_code == 302
    assert not FriendSeat.objects.get(table_id=row.pk, color=absent).away
    assert "je zpět a hraje zase sám" in table[watcher].get(url).content.decode()


def test_while_a_friend_is_away_the_other_phones_wait_for_people_not_for_a_button(table):
    """The phones of a game with friends never offer "Hrát dál" or "Přehrávat": the
    computers (and the stand-in of a friend who left) play on the server at once after
    every move, and each phone follows by its poll; the friend who left, and a phone that
    only watches, read who acts."""
    url = table["url"]
    on_turn = acting(url)
    gone = next(c for c in ("orange", "blue", "white") if c != on_turn)
    FriendSeat.objects.filter(table_id=row_of(url).pk, color=gone).update(away=True)
    for phone in (*(table[c] for c in ("orange", "blue", "white") if c != on_turn), Client()):
        page = phone.get(url).content.decode()
        assert "Hrát dál" not in page and "Přehrávat" not in page
        assert "ještě hraj" not in page  # not "Počítačový hráč ještě hraje": a person acts
        assert "Jedná" in page and "stránka se sama obnoví" in page
    assert "Hraju zase já" in table[gone].get(url).content.decode()
    # A playback address typed by hand plays nothing by itself either.
    played = table[gone].get(url + "?prehrat=rychle").content.decode()
    assert "play-autostep" not in played
    before = row_of(url).moves
    response = table[gone].post(url + "pocitac/", {"kolik": "tah", "prehrat": "rychle"})
    assert response.status_code == 302 and row_of(url).moves == before


def test_a_friend_who_comes_back_to_a_table_everyone_left_finds_the_game_going_on(table):
    """Everybody left: the computers played every seat as far as one request plays (the
    step limit), and a stand-in's move was still to come. The first friend back
    ("Hraju zase já") finds the computers playing on until a person must act, not a table
    that never moves again."""
    url = table["url"]
    row = row_of(url)
    on_turn = acting(url)
    for colour in ("orange", "blue", "white"):
        FriendSeat.objects.filter(table_id=row.pk, color=colour).update(away=True)
    back = next(c for c in ("orange", "blue", "white") if c != on_turn)
    before = row.moves
    assert table[back].post(url + "zpet/").status_code == 302
    assert row_of(url).moves > before  # the stand-ins played on
    game = store.game_of(row_of(url))
    assert game.winner is not None or game.acting_player == back
    page = table[back].get(url).content.decode()
    assert "Za vás teď hraje počítač" not in page


def test_no_handing_over_of_one_device_in_a_game_with_friends(table):
    url = table["url"]
    on_turn = acting(url)
    other = next(c for c in ("orange", "blue", "white") if c != on_turn)
    table[other].post(url + "predat/")
    assert row_of(url).shown_to == ""  # the seats' cards stay with their own phones


def test_a_new_phone_with_the_same_nickname_gets_the_seat_when_the_host_lets_it_in(table):
    url, code = table["url"], table["code"]
    new_phone = Client()
    response = new_phone.post("/hrat/pripojit/", {"kod": code, "prezdivka": "eva"})
    assert response.status_code == 302
    waiting = new_phone.get(url).content.decode()
    assert hands_in(waiting) == set()  # a nickname alone shows no cards
    assert "Požádali jste o místo Modrý (Eva)" in waiting
    host_page = table["orange"].get(url).content.decode()
    assert "se chce připojit z jiného telefonu" in host_page
    assert table["white"].post(url + "pustit/", {"barva": "blue"}).status_code == 403
    assert table["orange"].post(url + "pustit/", {"barva": "blue"}).status_code == 302
    assert hands_in(new_phone.get(url).content.decode()) == {"blue"}
    assert hands_in(table["blue"].get(url).content.decode()) == set()


def test_bad_input_gets_czech_answers_not_500(db):
    host = Client()
    response = host.post("/hrat/s-prateli/", {
        "hraci": 4, "plan": "zacatecnici", "prezdivka": "Hostitel", "barva": "orange",
        "cas": 120, "misto_orange": "clovek", "misto_red": "silny", "misto_blue": "silny",
        "misto_white": "silny"})
    assert response.status_code == 400
    assert "aspoň dvě místa pro lidi" in response.content.decode()
    response = host.post("/hrat/s-prateli/", {"hraci": 9, "barva": "x", "cas": "y"})
    assert response.status_code == 400
    unknown = Client().post("/hrat/pripojit/", {"kod": "AAAAAA", "prezdivka": "Eva"})
    assert unknown.status_code == 404 and "neznáme" in unknown.content.decode()
    url, code = host_game(host)
    short = Client().post("/hrat/pripojit/", {"kod": code, "prezdivka": "E"})
    assert short.status_code == 400 and "aspoň 2 znaky" in short.content.decode()
    taken = Client().post("/hrat/pripojit/", {"kod": code, "prezdivka": "Petr",
                                              "barva": "orange"})
    assert taken.status_code == 409 and "obsazené" in taken.content.decode()
    early = host.post(url + "tah/", {"akce": json.dumps(
        {"type": "roll_dice", "player": "orange"})}, follow=True)
    assert "Hra ještě nezačala" in early.content.decode() and row_of(url).moves == 0
    alone = host.post(url + "zacit/")
    assert alone.status_code == 409 and "aspoň jeden přítel" in alone.content.decode()
    assert Client().post(url + "zacit/").status_code == 403


def test_a_computer_answers_for_an_empty_seat_and_the_game_moves_on(db):
    host, eva = Client(), Client()
    url, code = host_game(host)
    join(eva, code, "Eva", "blue")
    host.post(url + "zacit/")  # white's seat stayed empty: a computer plays it
    setup = store.setup_of(row_of(url))
    assert setup.people == ("orange", "blue") and "white" in setup.computers
    assert "Za prázdná místa hrají počítačoví hráči" in host.get(url).content.decode()
    assert isinstance(actions.RollDice, type)


def test_a_trade_offer_waits_on_the_other_phones_and_each_person_answers_on_their_own(table):
    import play_kit as kit

    url = table["url"]
    offerer = acting(url)
    kit.roll(url, (2, 4))  # a 6: no robber, the trade phase
    game = store.game_of(row_of(url))
    assert game.phase == "trade" and game.acting_player == offerer
    give = next(r for r, n in game.hand(offerer).items() if n)
    # What the computer (red) has none of: it cannot accept, the people answer after it.
    want = next(r for r in ("ore", "grain", "wool", "brick", "lumber")
                if r != give and not game.hand("red")[r])
    response = table[offerer].post(url + "tah/", {
        "stav": row_of(url).moves, "druh": "nabidnout", "komu": "", f"dam_{give}": 1,
        f"chci_{want}": 1})
    assert response.status_code == 302
    assert "Tento krok nejde" not in table[offerer].get(url).content.decode()
    game = store.game_of(row_of(url))
    people = [c for c in game.pending_offer["to"] if c in ("orange", "blue", "white")]
    assert game.acting_player in people  # the computer (red) answered at once, if first
    first, later = people[0], people[1:]
    assert later  # a second person waits for their turn to answer
    answering = table[first].get(url).content.decode()
    assert "vám nabízí obchod" in answering and "Odmítnout" in answering
    waiting = table[offerer].get(url).content.decode()
    assert "Čeká se na odpověď" in waiting
    for colour in later:
        page = table[colour].get(url).content.decode()
        assert "vám nabízí obchod" in page and "vy odpovíte hned po něm" in page
        assert "Odmítnout" not in page
    from tutorial.play import table as play_table
    number = play_table.offer_number(game)
    table[first].post(url + "tah/", {"akce": json.dumps(
        {"type": "decline_trade", "player": first, "nabidka": number})})
    game = store.game_of(row_of(url))
    assert game.acting_player != first
    answers = table[offerer].get(url).content.decode()
    assert "odmítá" in answers


def test_a_stolen_card_is_named_only_to_the_thief_and_the_victim(table):
    import play_kit as kit

    url = table["url"]
    thief = acting(url)
    kit.roll(url, (3, 4))  # a 7: the robber
    game = store.game_of(row_of(url))
    assert game.acting_player == thief  # nobody at the start holds more than 7 cards
    people = {"orange", "blue", "white"}
    steal = next(a for a in game.legal_actions() if isinstance(a, actions.MoveRobber)
                 and a.victim in people - {thief})
    response = table[thief].post(url + "tah/", {"akce": json.dumps(steal.to_json())})
    assert response.status_code == 302
    move = row_of(url).log.filter(action__type="move_robber").get()
    assert set(move.secret["to"]) == {thief, steal.victim}
    named = move.secret["text"]
    assert named != move.text
    bystander = (people - {thief, steal.victim}).pop()
    for colour in (thief, steal.victim):
        assert named in table[colour].get(url).content.decode(), colour
    page = table[bystander].get(url).content.decode()
    assert named not in page and move.text in page
    record = table[bystander].get(url + "zapis.json").content.decode()
    stolen = move.action["card"]
    assert f'"card": "{stolen}"' not in record and f'"card":"{stolen}"' not in record


def discard_data(url: str, colour: str) -> dict:
    """The discard form's fields after a 7: the first cards of the hand, as many as owed."""
    game = store.game_of(row_of(url))
    owed = game.discards_owed[colour]
    cards = [r for r, n in game.hand(colour).items() for _ in range(n)][:owed]
    return {"druh": "odhodit", **{f"odhodit_{r}": cards.count(r) for r in set(cards)}}


def test_every_request_may_be_answered_by_another_server(table):
    """Nothing of a game with friends is kept in the process: with the process's caches
    emptied before every request (another server, or one restarted) the phones play on, the
    polls answer from the database and the absent player is replaced all the same."""
    import play_kit as kit

    from tutorial.play import lobby, record

    for module in (friends, lobby):  # no module-level state: only constants and functions
        mutable = [name for name, value in vars(module).items() if not name.isupper()
                   and not name.startswith("__") and isinstance(value, dict | list | set)]
        assert mutable == [], (module.__name__, mutable)
    url = table["url"]
    for _ in range(12):
        store._cache.clear()
        record.forget()
        colour = acting(url)
        store._cache.clear()
        page = table[colour].get(url).content.decode()
        assert hands_in(page) == {colour}
        kinds = ("roll_dice", "move_robber", "decline_trade", "end_turn")
        moves = sorted((a for a in kit.offered(page) if a["type"] in kinds),
                       key=lambda a: kinds.index(a["type"]))
        data = {"akce": json.dumps(moves[0])} if moves else discard_data(url, colour)
        store._cache.clear()
        before = row_of(url).moves
        assert table[colour].post(url + "tah/", data).status_code == 302
        assert row_of(url).moves > before


def test_a_friend_typing_a_nickname_already_seated_only_asks_and_may_choose_another(db):
    host, friend = Client(), Client()
    url, code = host_game(host)
    friend.post("/hrat/pripojit/", {"kod": code, "prezdivka": "hostitel"})
    room = friend.get(url).content.decode()
    assert "už má hráč u stolu" in room and "Připojit se s jinou přezdívkou" in room
    assert FriendSeat.objects.get(table_id=row_of(url).pk, color="orange").claim
    join(friend, code, "Eva", "blue")  # another nickname: a seat of one's own
    assert "Hrajete za <strong>Modrý (Eva)</strong>" in friend.get(url).content.decode()
    assert not FriendSeat.objects.get(table_id=row_of(url).pk, color="orange").claim


def test_vase_hry_says_which_colour_this_phone_plays_and_names_the_others(table):
    """'Vaše hry' at /hrat/: each phone reads its own colour and the others by nickname or
    as a computer, never "hrajete za" every person's colour."""
    lines = {}
    for colour in ("orange", "blue", "white"):
        page = table[colour].get("/hrat/").content.decode()
        lines[colour] = re.search(r"hra s přáteli, [^;]*;[^;]*;", page)[0]
    assert lines["blue"] == ("hra s přáteli, hrajete za modrého; s vámi Oranžový (Hostitel),"
                             " Červený (počítač) a Bílý (Jan);")
    assert lines["orange"].startswith("hra s přáteli, hrajete za oranžového; s vámi")
    assert "Modrý (Eva)" in lines["orange"] and "Oranžový" not in lines["orange"]
    assert "hrajete za bílého" in lines["white"] and "Bílý (Jan)" not in lines["white"]


def test_vase_hry_before_the_start_names_the_free_seats(db):
    host = Client()
    host_game(host)
    page = host.get("/hrat/").content.decode()
    assert ("hrajete za oranžového; s vámi Červený (počítač), Modrý (volné místo) a Bílý"
            " (volné místo)") in page


def test_rozhodnout_odsud_from_a_phone_carries_its_own_hand_and_no_other(table):
    from urllib.parse import parse_qs, urlsplit

    game = store.game_of(row_of(table["url"]))
    assert all(game.hand_size(c) for c in ("orange", "blue", "white"))  # the set-up's cards
    letters = {"orange": "o", "red": "c", "blue": "m", "white": "b"}
    for colour in ("orange", "blue", "white"):
        page = table[colour].get(table["url"]).content.decode()
        link = re.search(r'<a href="([^"]+)">Rozhodnout odsud</a>', page)[1]
        response = table[colour].get(link)
        assert response.status_code == 302
        query = parse_qs(urlsplit(response["Location"]).query)
        hands = query.get("ruce", [""])[0]
        owners = {hands[i] for i in range(0, len(hands), 6)}
        assert owners == {letters[colour]}, colour
        cards = query.get("karty", [""])[0]
        assert {cards[i] for i in range(0, len(cards), 6)} <= {letters[colour]}
    # A phone without a seat takes nobody's cards to the referee.
    response = Client().get(table["url"] + "rozhodnout/")
    assert "ruce" not in parse_qs(urlsplit(response["Location"]).query)


def test_guessing_join_codes_is_limited_per_browser_and_per_address(db, settings):
    """A browser that types codes no game has is stopped after a few (429, a Czech
    sentence, before the code is looked at); a whole school behind one address after many;
    a right code typed before the limit is never counted."""
    from tutorial.play import limits

    host = Client()
    url, code = host_game(host)
    wrong = "".join("X" if ch != "X" else "Y" for ch in code)  # no game has it
    guesser = Client()
    for _ in range(limits.JOIN_GUESSES_PER_BROWSER):
        response = guesser.post("/hrat/pripojit/", {"kod": wrong, "prezdivka": "Eva"})
        assert response.status_code == 404
    refused = guesser.post("/hrat/pripojit/", {"kod": code, "prezdivka": "Eva"})
    page = refused.content.decode()
    assert refused.status_code == 429 and int(refused["Retry-After"]) <= 600
    assert (f"Z tohoto prohlížeče jste během 10 minut zkusili"
            f" {limits.JOIN_GUESSES_PER_BROWSER} kódů, které žádná hra nemá") in page
    assert "Hrát za barvu" not in page  # even the right code is not looked at now
    # Another browser at the same address still joins with the right code.
    friend = Client()
    assert "Hrát za barvu" in friend.post(
        "/hrat/pripojit/", {"kod": code, "prezdivka": "Jan"}).content.decode()
    # Many browsers behind one address: the address's own limit.
    for index in range(limits.JOIN_GUESSES_PER_ADDRESS - limits.JOIN_GUESSES_PER_BROWSER):
        Client().post("/hrat/pripojit/", {"kod": wrong, "prezdivka": f"Hráč{index}"})
    refused = Client().post("/hrat/pripojit/", {"kod": code, "prezdivka": "Petr"})
    assert refused.status_code == 429
    assert ("Z této adresy (celé školní nebo domácí sítě) se během 10 minut zkusilo"
            f" {limits.JOIN_GUESSES_PER_ADDRESS} kódů") in refused.content.decode()
    # Phones already at the table are not locked out: the host's page still loads.
    assert host.get(url).status_code == 200
