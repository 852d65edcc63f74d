"""Each sandbox kind on the Almanach's own examples: the engine's answer is the text's answer."""

import ast
from pathlib import Path

import pytest

from tutorial import quiz
from tutorial.quiz import sketch as pos

ROOT = Path(__file__).resolve().parents[2]


def answer(kind: str, variant: str):
    return quiz.prepare(kind, variant).solution.answer


def nonzero(kind: str, variant: str) -> dict:
    return {k: v for k, v in answer(kind, variant).items() if v != "0"}


# --- the Almanach's examples --------------------------------------------------------------

def test_seven_petra_jana_karel():
    # „Petra má 6 karet, Jana 8 a Karel 11. Jana tedy vrátí 4 karty a Karel odloží 5 karet.“
    prepared = quiz.prepare("sedmicka", "a1")
    names = prepared.question.position["names"]
    by_name = {names[c]: n for c, n in prepared.solution.answer.items()}
    assert by_name == {"Petra": "0", "Jana": "4", "Karel": "5"}
    sizes = {names[c]: prepared.game.hand_size(c) for c in prepared.game.players}
    assert sizes == {"Petra": 6, "Jana": 8, "Karel": 11}


def test_seven_in_the_example_game_nobody_discards():
    assert nonzero("sedmicka", "a2") == {}


def test_seven_exactly_seven_keeps_all_and_odd_rounds_down():
    prepared = quiz.prepare("sedmicka", "a3")
    sizes = {c: prepared.game.hand_size(c) for c in prepared.game.players}
    assert sizes == {"orange": 7, "red": 9, "blue": 8, "white": 13}
    assert prepared.solution.answer == {"orange": "0", "red": "4", "blue": "4", "white": "6"}


def test_production_blue_three_ore_on_an_eight():
    # „Modrý při hození 8 inkasuje celkem 3 rudy (1 za vesnici a 2 za město).
    #   Oranžový dostane 2 dřeva za město.“
    assert nonzero("vynosy", "a1") == {"blue-ore": "3", "orange-lumber": "2"}


def test_production_robber_on_the_ten_in_turn_ten():
    # Example game, turn 10: the field 10 is blocked; red and blue get nothing.
    gains = nonzero("vynosy", "a2")
    assert not any(k.startswith(("red-", "blue-")) for k in gains)
    assert gains == {"orange-lumber": "1", "white-lumber": "1"}


def test_production_three_at_the_start_gives_lumber_and_wool():
    # Pravidla hry: on a 3 at the start, red gets lumber (forest) and blue wool (pasture).
    assert nonzero("vynosy", "a3") == {"red-lumber": "1", "blue-wool": "1"}


def test_production_bank_shortage_nobody_gets_ore():
    prepared = quiz.prepare("vynosy", "a4")
    assert prepared.game.bank["ore"] == 1
    assert nonzero("vynosy", "a4") == {"blue-lumber": "1"}
    assert any("bank nemá dost" in r.text for r in prepared.solution.reasons)


def test_longest_road_red_breaks_oranges_seven_roads_and_takes_the_card():
    prepared = quiz.prepare("nejdelsi-cesta", "a1")
    assert prepared.solution.answer == {"holder": "red", "length": "4"}
    assert "má zatím oranžový" in prepared.prompt  # orange held it with 7 roads before
    assert len(prepared.solution.trail) == 4  # the counted trail is drawn


def test_longest_road_tie_after_a_break_puts_the_card_aside():
    assert answer("nejdelsi-cesta", "a2") == {"holder": "nikdo", "length": "5"}


def test_longest_road_tie_compact_rules_holder_keeps():
    prepared = quiz.prepare("nejdelsi-cesta", "a3")
    assert prepared.solution.answer == {"holder": "orange", "length": "5"}
    assert "kompaktních pravidel" in prepared.prompt


def test_longest_road_branches_do_not_count_own_settlement_does_not_break():
    assert answer("nejdelsi-cesta", "a4") == {"holder": "blue", "length": "6"}


@pytest.mark.parametrize(("variant", "holder"), [
    ("a1", "white"),   # the third knight wins the card
    ("a2", "orange"),  # equal is not enough
    ("a3", "red"),     # strictly more takes it
    ("a4", "nikdo"),   # one knight is not an army (example game, turn 8)
])
def test_largest_army(variant, holder):
    assert answer("nejvetsi-vojsko", variant) == {"holder": holder}


@pytest.mark.parametrize(("variant", "expected"), [
    ("a1", {"rate": "2"}),       # lumber harbor: 2 lumber for 1 ore
    ("a2", {"allowed": "ano"}),  # „Nebo 4 dřeva za 2 jiné suroviny.“
    ("a3", {"allowed": "ne"}),   # a 2:1 harbor gives no 3:1
    ("a4", {"rate": "4"}),       # example game, turn 11: blue trades 4:1
    ("a5", {"allowed": "ano"}),  # example game, turn 16: white's wool harbor
])
def test_maritime_trade(variant, expected):
    assert answer("zamori", variant) == expected


@pytest.mark.parametrize(("variant", "expected"), [
    ("a1", "suroviny"),  # turn 11: blue lacks wool for a settlement
    ("a2", "ano"),       # … but can build a road
    ("a3", "suroviny"),  # turn 13: orange lacks one grain for a city
    ("a4", "ano"),       # … and builds a settlement
    ("a5", "figurka"),   # only 5 settlements per player
    ("a6", "misto"),     # a city only replaces one's own settlement
])
def test_can_build(variant, expected):
    assert answer("stavba", variant) == {"answer": expected}


def test_winner_almanach_konec_hry():
    # 2 settlements, Longest Road, 2 cities, 1 card + the card just bought = 10: wins.
    result = answer("vitez", "a1")
    assert result["winner"] == "blue" and result["points-blue"] == "10"


def test_winner_only_the_player_on_turn_wins():
    result = answer("vitez", "a2")
    assert result["points-blue"] == "10" and result["winner"] == "nikdo"


def test_winner_example_game_end_scores():
    result = answer("vitez", "a3")
    assert result == {"points-orange": "3", "points-red": "3", "points-blue": "3",
                      "points-white": "4", "winner": "nikdo"}


def test_settlement_spots_at_the_end_of_the_example_game():
    assert answer("vesnice", "a1") == {"b2.SE"}  # blue's turn-11 settlement
    assert answer("vesnice", "a3") == set()  # at the start nobody can build yet


def test_road_spots_blocked_by_an_opponents_settlement():
    # „Pokud však na křižovatce stojí cizí město nebo vesnice, nelze u takovéto křižovatky
    #   novou cestu stavět.“ Orange's road ends at red's settlement c3.SE.
    prepared = quiz.prepare("silnice", "a4")
    assert "c3|d3" not in prepared.solution.answer
    assert prepared.game.why_not_road("orange", "c3|d3").code == "road_blocked"
    assert prepared.solution.answer == {"c4|c5", "c5|d4", "d3|d4"}


# --- every hand-made example builds and has a prompt ------------------------------------------

@pytest.mark.parametrize("kind", sorted(quiz.KINDS))
def test_examples_build_with_sources(kind):
    examples = quiz.examples(kind)
    assert len(examples) >= 3
    for example in examples:
        prepared = quiz.prepare(kind, example.variant)
        assert example.source and prepared.prompt
        assert prepared.kind.headwords
        if example.quote:  # the source's words come with the explanation, not before
            assert any(example.quote in r.text for r in prepared.solution.reasons)
            assert example.quote not in prepared.prompt


# --- generated variants -------------------------------------------------------------------------

@pytest.mark.parametrize("kind", sorted(quiz.KINDS))
def test_generated_variants_are_valid_and_stable_per_seed(kind):
    for seed in range(1, 41):
        variant = f"s{seed}"
        first = quiz.question(kind, variant)
        again = quiz.question(kind, variant)
        assert first == again, "the same seed gives the same position"
        game = pos.build_game(first.position)  # the board's geometry accepts it
        prepared = quiz.prepare_question(first)
        assert prepared.prompt
        if prepared.clicks:
            assert set(prepared.solution.answer) <= set(prepared.targets)
        else:
            names = {f.name for f in prepared.fields}
            assert set(prepared.solution.answer) == names
            for field in prepared.fields:
                assert prepared.solution.answer[field.name] in {
                    v for v, _ in field.choices
                } or field.multiple
        assert game.players


def test_different_seeds_give_different_positions():
    positions = {str(quiz.question("vesnice", f"s{seed}").position) for seed in range(1, 21)}
    assert len(positions) > 15


@pytest.mark.parametrize("variant", ["", "a0", "a99", "x1", "s0", "s1234567", "s-1", "a1 "])
def test_bad_variants_are_refused(variant):
    with pytest.raises(quiz.BadVariant):
        quiz.question("vesnice", variant)


def test_unknown_kind_is_refused():
    with pytest.raises(quiz.BadVariant):
        quiz.prepare("neexistuje", "a1")


# The quiz family's web layer; everything else in tutorial/quiz is the Django-free core.
QUIZ_WEB_MODULES = {"apps.py", "sandbox.py", "urls.py", "views.py"}


def test_quiz_core_never_imports_django():
    core = ROOT / "tutorial" / "quiz"
    for path in core.rglob("*.py"):
        if path.parent == core and path.name in QUIZ_WEB_MODULES:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(n.split(".")[0] == "django" for n in names), path
