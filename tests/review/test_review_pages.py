"""Rozbor hry of a finished Hrát game over HTTP: the chart, the swings linked to the
replay, the person's graded decisions, 'Hrát odsud', and the refusals (a running game,
an unknown game, bad input), all in Czech."""

import re

import pytest

from engine import actions, words
from engine.review import LABELS
from tests.helpers.games import finished_game
from tests.helpers.pages import html as text
from tutorial.play import store
from tutorial.play.models import PlayedGame
from tutorial.review import jobs
from tutorial.review.models import GameReview

pytestmark = pytest.mark.django_db

STEP_LINK = re.compile(r'href="(/hrat/[^/"]+/tah/\d+/krok/\d+/)"')


@pytest.fixture
def reviewed(client):
    """A seeded finished game (the person orange plays as a začátečník) and its review page."""
    row = finished_game(seed=1, plan="zacatecnici")
    response = client.get(f"/hrat/{row.pk}/rozbor/")
    assert response.status_code == 200
    return row, text(response)


def test_a_finished_game_gets_the_chart_with_a_line_per_player_and_the_table(reviewed):
    row, page = reviewed
    assert GameReview.objects.get(game=row).status == GameReview.DONE
    assert '<svg class="rv-chart"' in page
    for color in ("orange", "red", "blue", "white"):
        assert f'class="rv-line rv-{color}' in page
    assert 'class="rv-line rv-orange rv-me"' in page  # the person's line is emphasised
    assert "Oranžový <strong>(vy)</strong>" in page
    assert "<summary>Čísla v tabulce</summary>" in page
    assert "konec hry" in page and "začátek 2. tahu" in page
    assert "odhad webu" in page
    assert "Rozbor hry: vyhrál bílý" in page
    assert 'aria-current="page">Hrát</a>' in page


def test_the_swings_are_3_to_5_sentences_each_linked_to_its_step_of_the_replay(client, reviewed):
    row, page = reviewed
    swings = page.split('<section class="rv-swings"', 1)[1].split("</section>", 1)[0]
    items = swings.count('<span class="rv-number"')
    assert 3 <= items <= 5
    links = STEP_LINK.findall(swings)
    assert len(links) == items
    for link in links:
        assert link.startswith(f"/hrat/{row.pk}/")
        assert client.get(link).status_code == 200


def test_the_persons_decisions_are_graded_with_the_move_the_alternative_and_why(reviewed):
    _, page = reviewed
    grades = page.split('<section class="rv-grades"', 1)[1].split("</section>", 1)[0]
    assert "Vaše rozhodnutí" in grades
    assert grades.count('<li class="rv-grade ') >= 5
    assert any(f'class="rv-label rv-{css}">{label}<' in grades for css, label in
               (("inaccuracy", "nepřesnost"), ("mistake", "chyba"), ("blunder", "hrubá chyba")))
    assert "<dt>Váš tah</dt>" in grades and "<dt>Silný hráč</dt>" in grades
    assert "silný hráč by to na vašem místě zahrál" in grades
    assert re.search(r"stál podle odhadu \d+ procentní(ch)? bod", grades)
    assert 'href="/almanach/' in grades
    # The thresholds stated from the engine's constants.
    assert "ztráta menší než 2 procentní body" in grades
    assert "ztráta od 5 do 10 procentních bodů" in grades
    assert "ztráta 10 procentních bodů a víc" in grades
    for label in LABELS:
        assert label in grades


def test_hrat_odsud_with_the_better_move_starts_a_game_with_that_move(client, reviewed):
    row, _ = reviewed
    review = GameReview.objects.get(game=row)
    grade = next(g for g in review.result["grades"] if g["action"] != g["best"])
    response = client.post(f"/hrat/{row.pk}/rozbor/odsud/",
                           {"krok": grade["step"], "varianta": "lepsi"})
    assert response.status_code == 302
    new = PlayedGame.objects.get(pk=response["Location"].split("/")[2])
    assert new.pk != row.pk and new.setup["people"] == [grade["player"]]
    old_log = list(row.log.order_by("number").values_list("action", flat=True))
    new_log = list(new.log.order_by("number").values_list("action", flat=True))
    assert new_log[:grade["step"]] == old_log[:grade["step"]]
    played = actions.from_json(new_log[grade["step"]])
    best = actions.from_json(grade["best"])
    assert type(played) is type(best) and played.player == best.player
    assert client.get(response["Location"]).status_code == 200


def test_hrat_odsud_before_the_decision_leaves_it_to_the_person(client, reviewed):
    row, _ = reviewed
    grade = GameReview.objects.get(game=row).result["grades"][0]
    response = client.post(f"/hrat/{row.pk}/rozbor/odsud/",
                           {"krok": grade["step"], "varianta": "pred"})
    new = store.find(response["Location"].split("/")[2])
    game = store.game_of(new)
    assert new.moves == grade["step"]
    assert game.acting_player == grade["player"] and game.winner is None


@pytest.mark.parametrize(("data", "message"), [
    ({"krok": "abc", "varianta": "pred"}, "Hrát odsud lze jen z kroku hry"),
    ({"krok": "99999", "varianta": "pred"}, "Hrát odsud lze jen z kroku této hry"),
    ({"krok": "ungraded", "varianta": "lepsi"}, "z hodnoceného rozhodnutí také s vaším tahem"),
    ({"varianta": "jinak"}, "Hrát odsud lze jen z kroku"),
])
def test_hrat_odsud_from_no_step_of_the_game_or_a_variant_it_lacks_is_a_czech_400(
        client, reviewed, data, message):
    row, _ = reviewed
    grades = GameReview.objects.get(game=row).result["grades"]
    if data.get("varianta") == "jinak":
        data = {**data, "krok": grades[0]["step"]}
    if data.get("krok") == "ungraded":
        data = {**data, "krok": min(set(range(row.moves)) - {g["step"] for g in grades})}
    response = client.post(f"/hrat/{row.pk}/rozbor/odsud/", data)
    assert response.status_code == 400
    assert message in text(response)


def test_a_running_game_is_refused_without_a_word_of_the_hidden_cards(client):
    row = finished_game(seed=2, plan="zacatecnici", finish=False)
    game = store.game_of(row)
    assert game.winner is None
    response = client.get(f"/hrat/{row.pk}/rozbor/")
    page = text(response)
    assert response.status_code == 403
    assert "Rozbor až po konci hry" in page
    assert "prozradily karty, které ostatní hráči drží skryté" in page
    assert not GameReview.objects.exists()
    assert "rv-chart" not in page and "odhad webu" not in page
    for card in words.DEV_CARDS.values():
        assert card not in page
    for color in ("red", "blue", "white"):
        for resource in words.RESOURCES:
            if game.hand(color).get(resource):
                assert words.count_resource(resource, game.hand(color)[resource]) not in page


def test_a_computers_game_still_running_is_refused_until_its_end(client):
    row = finished_game(seed=2, plan="zacatecnici", finish=False, people=())
    response = client.get(f"/hrat/{row.pk}/rozbor/")
    assert response.status_code == 403
    assert "Tato hra počítačových hráčů ještě neskončila." in text(response)


def test_a_computers_game_gets_chart_and_swings_but_no_grades(client):
    row = finished_game(seed=1, plan="zacatecnici", people=())
    page = text(client.get(f"/hrat/{row.pk}/rozbor/"))
    assert '<svg class="rv-chart"' in page and "Zlomy hry" in page
    assert "hráli jen počítačoví hráči" in page and "rv-me" not in page


def test_an_unknown_game_is_a_czech_404(client):
    response = client.get("/hrat/neznama-hra-0123456789/rozbor/")
    assert response.status_code == 404
    assert "Tuto hru neznáme" in text(response)


def test_a_get_of_hrat_odsud_goes_back_to_the_review(client):
    row = finished_game(seed=2, plan="zacatecnici", finish=False)
    response = client.get(f"/hrat/{row.pk}/rozbor/odsud/")
    assert response.status_code == 302
    assert response["Location"] == f"/hrat/{row.pk}/rozbor/"


@pytest.mark.slow  # reviews a whole played game (tens of seconds)
def test_the_limit_refuses_a_new_review_politely_but_keeps_a_done_one(client, monkeypatch):
    row = finished_game(seed=1, plan="zacatecnici")
    assert client.get(f"/hrat/{row.pk}/rozbor/").status_code == 200
    monkeypatch.setattr(jobs, "STARTS_PER_BROWSER", 1)
    other = finished_game(seed=5, plan="zacatecnici")
    response = client.get(f"/hrat/{other.pk}/rozbor/")
    assert response.status_code == 429
    page = text(response)
    assert "Z jednoho prohlížeče lze za hodinu spustit nejvýš 1 rozborů" not in page
    assert "Z jednoho prohlížeče lze za hodinu spustit nejvýš 1 rozbor." in page
    assert "omezení tohoto webu" in page
    assert not GameReview.objects.filter(game=other).exists()
    # The review already computed is shown whatever the limit.
    assert client.get(f"/hrat/{row.pk}/rozbor/").status_code == 200


def test_the_limit_per_address_counts_every_browser_behind_it(client, monkeypatch):
    monkeypatch.setattr(jobs, "STARTS_PER_ADDRESS", 2)
    key = store.address_key("review|127.0.0.1")
    for seed in (7, 8):
        GameReview.objects.create(game=store.create(_setup(seed), "x"), address=key,
                                  status=GameReview.DONE, result={})
    row = finished_game(seed=1, plan="zacatecnici")
    response = client.get(f"/hrat/{row.pk}/rozbor/")
    assert response.status_code == 429
    assert "Z jedné adresy (celé školní nebo domácí sítě)" in text(response)


def _setup(seed):
    from tutorial.play import flow
    return flow.Setup(players=("orange", "red"), people=("orange",), seed=seed)


@pytest.mark.slow  # reviews a whole played game (tens of seconds)
def test_a_game_played_on_from_the_example_is_reviewed_from_where_the_person_took_over(
        client):
    from engine.bots import StrongBot
    from tutorial.example import replay as example_replay
    from tutorial.play import flow
    from tutorial.play.computers import decide_for, seat

    start = example_replay.game_after(16, 5, end_turn=True)
    person = start.acting_player
    setup = flow.Setup(players=start.players, people=(person,), seed=3,
                       deck=tuple(a.card for a in start.history
                                  if isinstance(a, actions.BuyDevelopmentCard)))
    row = store.create(setup, "test")
    prefix = [flow.Move(action=a.to_json(), by="example") for a in start.history]
    game, bots = store.replay(setup, [m.action for m in prefix]), seat(setup)
    person_bot = StrongBot(seed=5, level="zacatecnik")
    moves = []
    while game.winner is None:
        if game.acting_player == person:
            moves.append(flow.apply(game, setup, person_bot.decide(game).action, "person"))
        else:
            moves += flow.computers_play(game, setup, decide_for(bots), limit=1)
    store.save(row, game, prefix + moves, person_acted=True, bots=bots)
    page = text(client.get(f"/hrat/{row.pk}/rozbor/"))
    result = GameReview.objects.get(game=row).result
    assert result["offset"] == len(prefix)
    assert result["chart"][0]["step"] == len(prefix)
    assert result["grades"] and all(g["step"] >= len(prefix) for g in result["grades"])
    assert "začátek 17. tahu" in page and '<svg class="rv-chart"' in page


@pytest.mark.slow  # reviews a whole played game (tens of seconds)
def test_two_people_at_one_device_both_get_their_decisions_graded(client):
    row = finished_game(seed=1, plan="zacatecnici", people=("orange", "blue"))
    page = text(client.get(f"/hrat/{row.pk}/rozbor/"))
    graded = {g["player"] for g in GameReview.objects.get(game=row).result["grades"]}
    assert graded == {"orange", "blue"}
    assert "Rozhodnutí lidí u stolu" in page
    assert "<dt>Oranžový</dt>" in page and "<dt>Modrý</dt>" in page
    assert 'class="rv-line rv-orange rv-me"' in page and 'class="rv-line rv-blue rv-me"' in page


def test_the_end_of_game_screen_links_the_review_and_a_running_game_does_not(client):
    row = finished_game(seed=1, plan="zacatecnici")
    link = f'<a class="button secondary" href="/hrat/{row.pk}/rozbor/">Rozbor hry</a>'
    assert link in text(client.get(f"/hrat/{row.pk}/"))
    running = finished_game(seed=2, plan="zacatecnici", finish=False)
    assert "/rozbor/" not in text(client.get(f"/hrat/{running.pk}/"))


def _start(client, row, step):
    response = client.post(f"/hrat/{row.pk}/rozbor/odsud/", {"krok": step, "varianta": "pred"})
    assert response.status_code == 302
    return store.find(response["Location"].split("/")[2])


def test_hrat_odsud_from_every_swing_and_every_turns_start(client, reviewed):
    row, page = reviewed
    result = GameReview.objects.get(game=row).result
    swings = page.split('<section class="rv-swings"', 1)[1].split("</section>", 1)[0]
    swing_steps = [int(s) for s in re.findall(r'name="krok" value="(\d+)"', swings)]
    assert swing_steps == [s["step"] for s in result["swings"]]
    picker = page.split('<section class="rv-from-any"', 1)[1].split("</section>", 1)[0]
    turn_steps = [int(s) for s in re.findall(r'<option value="(\d+)">začátek \d+\. tahu<',
                                             picker)]
    assert len(turn_steps) == len(result["chart"]) - 1  # every turn's start, not the end
    graded = {g["step"] for g in result["grades"]}
    step = next(s for s in turn_steps[5:] if s not in graded)
    new = _start(client, row, step)
    old_log = list(row.log.order_by("number").values_list("action", flat=True))
    new_log = list(new.log.order_by("number").values_list("action", flat=True))
    assert new_log[:step] == old_log[:step]
    assert new.setup["people"] == ["orange"], "the person keeps their own seat"
    assert store.game_of(new).winner is None
    assert client.get(f"/hrat/{new.pk}/").status_code == 200


def test_hrat_odsud_from_a_computers_step_seats_the_viewer_and_shows_only_their_cards(
        client, reviewed):
    row, _ = reviewed
    log = list(row.log.order_by("number"))
    step = next(i for i, m in enumerate(log) if i > 20 and m.by != "person"
                and m.action.get("player") not in (None, "orange"))
    new = _start(client, row, step)
    assert new.setup["people"] == ["orange"]
    game = store.game_of(new)
    page = text(client.get(f"/hrat/{new.pk}/"))
    # The person sees their own cards; of every other player only how many they hold.
    for color in ("red", "blue", "white"):
        count = words.plural_count(game.hand_size(color), "karta", "karty", "karet")
        assert re.search(rf"{words.player(color, capital=True)}: [^.<]*v ruce {count}", page)


@pytest.mark.slow  # reviews a whole played game (tens of seconds)
def test_two_people_at_one_device_restart_from_an_ungraded_step_at_the_actors_seat(client):
    row = finished_game(seed=1, plan="zacatecnici", people=("orange", "blue"))
    client.get(f"/hrat/{row.pk}/rozbor/")
    result = GameReview.objects.get(game=row).result
    graded = {g["step"] for g in result["grades"]}
    log = list(row.log.order_by("number"))
    step = next(i for i, m in enumerate(log) if i > 10 and i not in graded
                and m.action.get("player") == "blue")
    assert _start(client, row, step).setup["people"] == ["blue"]
