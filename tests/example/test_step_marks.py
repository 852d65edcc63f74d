"""What a reader landing on a step page learns about the reconstruction, and its landmarks:
every step says the board and most rolls are reconstructed, a roll taken from the text
looks and reads differently, the starred settlements are drawn, headings do not skip."""

import re

import pytest
from django.urls import reverse

from tutorial.example.replay import ROLLS_FROM_TEXT, example_game


def step_html(client, turn: int, step: int) -> str:
    response = client.get(reverse("example:step", kwargs={"turn": turn, "step": step}))
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture(scope="module")
def pages(django_db_blocker):
    from django.test import Client

    client = Client()
    with django_db_blocker.unblock():
        return {(s.turn, s.number): step_html(client, s.turn, s.number)
                for s in example_game().all_steps()}


def test_every_step_says_in_one_line_what_is_reconstructed_and_links_the_explanation(pages):
    explanation = reverse("example:game") + "#rekonstrukce"
    for where, html in pages.items():
        line = re.search(r'<p class="reconstructed-line">(.*?)</p>', html, re.S)
        assert line, where
        assert "rekonstruované" in line.group(1) and explanation in line.group(1), where
        assert "7 (7. tah), 8 (8. tah) a 10 (10. tah)" in line.group(1)


def test_the_game_page_holds_the_explanation_the_steps_link_to(client):
    html = client.get(reverse("example:game")).content.decode()
    assert 'id="rekonstrukce"' in html
    assert "python -m tutorial.example.reconstruct" in html


def test_rolls_from_the_text_read_differently_from_reconstructed_ones(pages):
    for step in example_game().all_steps():
        if not step.roll:
            continue
        html = pages[(step.turn, step.number)]
        badge = re.search(r'<p class="roll ([a-z-]+)">(.*?)</p>', html, re.S)
        assert badge, (step.turn, step.number)
        css, text = badge.groups()
        if step.turn in ROLLS_FROM_TEXT:
            assert css == "roll-text" and "podle textu almanachu" in text
        else:
            assert css == "roll-reconstructed" and "rekonstruovaný" in text
        assert f"Hod {sum(step.roll)}" in text


def test_only_the_7_8_and_10_of_turns_7_8_and_10_come_from_the_text():
    quoted = {s.turn: sum(s.roll) for s in example_game().all_steps() if s.roll_from_text}
    assert quoted == {7: 7, 8: 8, 10: 10}


def test_the_starred_settlements_are_drawn_on_the_boards(client, pages):
    game = client.get(reverse("example:game")).content.decode()
    for html in (game, pages[(1, 1)], pages[(16, 5)]):
        assert html.count('class="star"') == 4
        assert "<title>Vesnice označená hvězdičkou</title>" in html
    assert "označená hvězdičkou" in game  # the legend says what the star means


def test_step_navigation_landmarks_have_distinct_labels(pages):
    for where, html in pages.items():
        labels = re.findall(r'<nav[^>]*aria-label="([^"]+)"', html)
        assert len(labels) == len(set(labels)), (where, labels)


def test_step_headings_never_skip_a_level(pages):
    for where, html in pages.items():
        levels = [int(n) for n in re.findall(r"<h([1-6])\b", html)]
        assert levels[0] == 1, where
        for before, after in zip(levels, levels[1:], strict=False):
            assert after <= before + 1, (where, levels)


def test_the_step_announces_itself_to_screen_readers(pages):
    html = pages[(3, 2)]
    assert re.search(r'<p id="krok-oznameni"[^>]*aria-live="polite"', html)
    assert "example/step.js" in html


def test_the_sandbox_invitation_uses_vykani(pages):
    assert "Zkuste sami" in pages[(1, 1)]
    assert not any("Zkus sám" in html for html in pages.values())


def test_notes_stand_beside_the_sentences_the_replay_cannot_make_true(pages):
    from tutorial.example import notes

    for turn in (2, 7):
        (note,) = notes.turn_notes(turn)
        commentary = pages[(turn, 1)].split('class="turn-commentary"', 1)[1]
        assert "Poznámka k rekonstrukci" in commentary
        assert note["sentence"][:40] in commentary.split("</details>", 1)[0]
    last = max(pages)
    closing = pages[last].split('class="game-closing"', 1)[1]
    assert closing.count("Poznámka k rekonstrukci") == len(notes.closing_notes()) == 2
    assert "(5, 8 nebo 9)" in closing and "4:1" in closing
