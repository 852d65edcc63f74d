"""Hrát with friends when two phones ask at the same moment: each phone polls, so when a
person's time runs out, several polls see it at once. Forced here by handing the second
request a row read before the first one's work was stored, as a slower request has it."""

from datetime import timedelta

from django.test import Client
from django.utils import timezone

from tests.play.test_friends import host_game, join, row_of
from tutorial.play import friends, store
from tutorial.play.models import FriendGame, FriendSeat, PlayedGame


def two_friends_started() -> tuple[Client, Client, str, PlayedGame]:
    """Orange (the host) and Eva (blue) at one table with a computer, started, with a
    minute's time each."""
    host, eva = Client(), Client()
    url, code = host_game(host, misto_white="pokrocily")
    join(eva, code, "Eva", "blue")
    assert host.post(url + "zacit/").status_code == 302
    row = row_of(url)
    FriendGame.objects.filter(pk=row.pk).update(patience=60)
    return host, eva, url, row


def test_a_second_poll_that_finds_the_time_run_out_keeps_the_next_persons_time(db):
    """Two polls see the acting friend's time run out. The first hands the seat to the
    computer, which plays on until a person must act, whose own time then runs. The
    second, slower, finds nobody left to replace: it must not wipe out that person's time
    (the game would then wait for them for ever, nobody replaced)."""
    host, eva, url, row = two_friends_started()
    PlayedGame.objects.filter(pk=row.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    first, second = row_of(url), row_of(url)  # both read when the time had run out
    absent = store.game_of(first).acting_player

    assert friends.take_over(first)  # the computer plays for the absent person
    assert FriendSeat.objects.get(table_id=row.pk, color=absent).away
    now = row_of(url)
    next_person = store.game_of(now).acting_player
    assert next_person != absent and now.deadline is not None  # the next person's time

    assert not friends.take_over(second)  # the slower poll: nothing left to take over
    after = row_of(url)
    assert after.deadline == now.deadline, (next_person, after.deadline, now.deadline)


def test_a_poll_between_the_stand_ins_moves_and_the_new_time_replaces_nobody(db, monkeypatch):
    """A friend's time runs out; the poll that hands the seat to the computer stores the
    stand-in's and the computers' moves, then starts the next person's time. Another poll
    reading the game between the two saw the new moves with the old, run-out time: it
    replaced the next person at once, who had had no time at all (the browser test of the
    replaced friend failed so on a loaded machine: the host was replaced too)."""
    host, eva, url, row = two_friends_started()
    PlayedGame.objects.filter(pk=row.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    absent = store.game_of(row).acting_player
    settle = friends.settle
    between = []

    def another_poll_first(row, game, **options):
        if not between:  # the stand-in's moves are stored, the new time not yet
            between.append(None)
            between[0] = friends.take_over(row_of(url))
        settle(row, game, **options)

    monkeypatch.setattr(friends, "settle", another_poll_first)
    assert friends.take_over(row_of(url))
    assert between == [False]  # the other poll replaced nobody
    now = row_of(url)
    next_person = store.game_of(now).acting_player
    away = set(FriendSeat.objects.filter(table_id=row.pk, away=True)
               .values_list("color", flat=True))
    assert away == {absent} and next_person != absent, (away, next_person)
    assert now.deadline is not None and now.deadline > timezone.now()  # their own time


def test_a_poll_between_a_late_move_and_the_new_time_replaces_nobody(db, monkeypatch):
    """A person moves just after their own time ran out (no poll had handed their seat to a
    computer yet). Another poll reading the game between the stored move and the next
    person's time saw the move with the mover's run-out time: it replaced the next person,
    who had had no time at all."""
    import json

    host, eva, url, row = two_friends_started()
    phones = {"orange": host, "blue": eva}
    # Play until the acting person's roll hands the game to the other person, whose time
    # then starts: the mover's own time has just run out.
    between = []
    settle = friends.settle

    def another_poll_first(row, game, **options):
        if not between:  # the move is stored, the next person's time not yet set
            between.append(friends.take_over(row_of(url)))
        settle(row, game, **options)

    for _ in range(40):
        game = store.game_of(row_of(url))
        mover = game.acting_player
        PlayedGame.objects.filter(pk=row.pk).update(
            deadline=timezone.now() - timedelta(seconds=1))
        legal = [a for a in game.legal_actions() if a.player == mover]
        action = next((a for a in legal if type(a).__name__ == "EndTurn"), legal[0])
        monkeypatch.setattr(friends, "settle", another_poll_first)
        response = phones[mover].post(url + "tah/", {"akce": json.dumps(action.to_json())})
        monkeypatch.setattr(friends, "settle", settle)
        assert response.status_code == 302
        if store.game_of(row_of(url)).acting_player != mover:
            break
        between.clear()
    assert between == [False]  # the poll in between replaced nobody
    now = row_of(url)
    assert not FriendSeat.objects.filter(table_id=row.pk, away=True).exists()
    assert now.deadline is not None and now.deadline > timezone.now()  # the next one's time
