"""'Co se stalo vám': what the other players' turns did to the person, put where the page
opens when the person's turn comes back (no HTTP here).

The stretch told is everything since the person last ended a turn: the others' moves and the
person's own forced answers (a discard on a 7, an answer to an offer). It is replayed from
the log, and every event passes :func:`tutorial.narrate.visible_events` for the record's
viewer first, so a card is named only where the person may know it (a card stolen from the
person is theirs; a card stolen from another stays "karta").

Told are the blows and what changes the race: cards taken from the person (a steal, a
discard, a monopoly, a forced trade), the robber on the person's land and what it blocked,
trades with the person, a settlement that cut the person's road, Longest Road and Largest
Army changing hands, anybody near the winning points. The robber's hex and the cutting
settlement are marked on the board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine import Game, actions, words
from engine import topology as topo
from tutorial import board_svg, narrate
from tutorial.play import flow, record

# Looking back further than one round of the computers' replies never helps: they stop for
# the person after at most this many actions.
LOOK_BACK = flow.COMPUTER_STEP_LIMIT
SPECIAL_ACC = {"longest_road": "Nejdelší obchodní cestu", "largest_army": "Největší vojsko"}
SPECIAL_IT = {"longest_road": "ji", "largest_army": "ho"}  # "teď ji/ho nemá nikdo"
NEAR = 2  # "near the win": this many points or fewer short of it, as far as anybody sees


def window_start(game: Game, person: str) -> int | None:
    """The log number after the person's last ended turn; None once the person has acted in
    their own turn again (they have seen it), or in the set-up."""
    history = game.history
    if game.phase == "setup" or not history:
        return None
    if game.current_player == person:
        for action in reversed(history):
            if isinstance(action, actions.EndTurn):
                break
            if action.player == person:
                return None
    start = 0
    for number in range(len(history) - 1, -1, -1):
        action = history[number]
        if isinstance(action, actions.EndTurn) and action.player == person:
            start = number + 1
            break
    return max(start, len(history) - LOOK_BACK)


def to_you(row, game: Game, setup: flow.Setup, person: str,
           viewer: narrate.Viewer) -> dict | None:
    """{"lines": [{"text", "url"}], "hexes": [...], "nodes": [...]} for the stretch
    since the person's last turn, or None when there is nothing to tell."""
    start = window_start(game, person)
    if start is None:
        return None
    replay = record.game_before(row, setup, start)
    url = record.step_urls(row)
    told = Told(person)
    for number in range(start, len(game.history)):
        action = game.history[number]
        position = board_svg.position_of(replay)
        road = replay.road_length(person)
        events = narrate.visible_events([e.to_json() for e in replay.apply(action)], viewer)
        told.action(events, position, replay, road, url(number))
    told.race(game)
    if not told.lines:
        return None
    return {"lines": told.lines, "hexes": sorted(told.hexes), "nodes": sorted(told.nodes)}


class Told:
    """The sentences about one person, gathered action by action."""

    def __init__(self, person: str):
        self.person = person
        self.lines: list[dict] = []
        self.hexes: set[str] = set()
        self.nodes: set[str] = set()

    def add(self, text: str, url: str = "") -> None:
        self.lines.append({"text": text, "url": url})

    def action(self, events: list[dict], before: Mapping, after: Game, road: int,
               url: str) -> None:
        """What one action's events did to the person (``before``: the position before it,
        ``after``: the game after it, ``road``: the person's road length before it)."""
        you = self.person
        total = next((e["total"] for e in events if e["kind"] == "dice_rolled"), None)
        if after.road_length(you) < road:  # the cause first, then the card it moved
            self._road_cut(events, before, after, road, url)
        for event in events:
            handler: Callable | None = _HANDLERS.get(event["kind"])
            if handler:
                handler(self, event, events, before, after, url, total)

    # --- one kind of event each --------------------------------------------------------

    def _robber(self, event, events, before, after, url, total) -> None:
        you, hex_id = self.person, event["to_hex"]
        stolen = next((e for e in events if e["kind"] == "stolen"), None)
        pieces = _your_pieces(after, hex_id, you)
        mine = _near(pieces)
        robbed = stolen is not None and stolen["victim"] == you
        if not mine and not robbed:
            return
        who = _cap(words.player(event["player"]))
        knight = any(e["kind"] == "card_played" and e["card"] == "knight" for e in events)
        text = f"{who} {'zahrál Rytíře a ' if knight else ''}přesunul zloděje na"
        text += f" {board_svg.hex_name(before, hex_id, 'acc')}"
        text += f" {mine}" if mine else ""
        if robbed:
            text += f" a vzal vám 1 {_card(stolen)}."
        elif stolen:
            text += f"; kartu vzal {words.player(stolen['victim'], 'dat')}."
        else:
            text += "."
        if pieces and after.robber == hex_id:
            terrain, number = before["hexes"][hex_id]
            lost = words.count_resource(words.TERRAIN_RESOURCE[terrain],
                                        sum(2 if p == "city" else 1 for p in pieces))
            text += f" Dokud tam zloděj stojí, přijdete o {lost} pokaždé, když padne {number}."
            self.hexes.add(hex_id)
        self.add(text, url)

    def _blocked(self, event, events, before, after, url, total) -> None:
        for blocked in event.get("blocked") or []:
            lost = blocked["players"].get(self.person)
            if not lost:
                continue
            place = board_svg.hex_name(before, blocked["hex"], "loc")
            self.add(f"Padla {total}, ale zloděj stojí na {place}: nedostali jste"
                     f" {words.count_resource(blocked['resource'], lost)}.", url)
            if after.robber == blocked["hex"]:
                self.hexes.add(blocked["hex"])

    def _discarded(self, event, events, before, after, url, total) -> None:
        if event["player"] == self.person:
            self.add(f"Po sedmičce jste odhodili {words.cards(event['cards'])}.", url)

    def _monopoly(self, event, events, before, after, url, total) -> None:
        taken = event["taken"].get(self.person)
        if taken:
            self.add(f"{_cap(words.player(event['player']))} zahrál"
                     f" {words.DEV_CARDS_ACC['monopoly']} a vzal vám"
                     f" {words.count_resource(event['resource'], taken)}.", url)

    def _traded(self, event, events, before, after, url, total) -> None:
        you = self.person
        if you == event["player"]:
            other, gave, got = event["partner"], event["give"], event["get"]
        elif you == event["partner"]:
            other, gave, got = event["player"], event["get"], event["give"]
        else:
            return
        self.add(f"Obchod s {words.player(other, 'ins')}: dali jste {words.cards(gave)}"
                 f" a dostali {words.cards(got)}.", url)

    def _forced(self, event, events, before, after, url, total) -> None:
        if event["victim"] != self.person:
            return
        drawn = (words.cards(event["drawn"]) if event.get("drawn")
                 else words.card_count(event.get("count", 0)).replace("karta", "kartu"))
        self.add(f"{_cap(words.player(event['player']))} vám vynuceným obchodem vzal"
                 f" {drawn}.", url)

    def _given_back(self, event, events, before, after, url, total) -> None:
        if event["partner"] == self.person and event.get("cards"):
            self.add(f"{_cap(words.player(event['player']))} vám za ně vrátil"
                     f" {words.cards(event['cards'])}.", url)

    def _special(self, event, events, before, after, url, total) -> None:
        you, card = self.person, SPECIAL_ACC[event["card"]]
        old, new = event["from_player"], event["to_player"]
        size = (words.plural_count(event["length"], "silnice", "silnice", "silnic") + " v řadě"
                if event["card"] == "longest_road"
                else words.plural_count(event["length"], "rytíř", "rytíři", "rytířů"))
        if new == you:
            text = f"Získali jste {card} ({size}, 2 vítězné body)."
        elif old == you and new:
            text = f"{_cap(words.player(new))} vám vzal {card} ({size}): přicházíte o 2 body."
        elif old == you:
            text = (f"Přišli jste o {card}: teď {SPECIAL_IT[event['card']]} nemá nikdo"
                    " (přicházíte o 2 body).")
        elif new:
            text = f"{_cap(words.player(new))} získal {card} ({size}, 2 vítězné body)."
        else:
            text = f"{card} teď nemá nikdo."
        self.add(text[:1].upper() + text[1:], url)

    def _road_cut(self, events, before, after, road, url) -> None:
        built = next((e for e in events if e["kind"] in ("built", "neutral_built")
                      and e["piece"] == "settlement"), None)
        if built is None:
            return
        who = _cap(words.player(built["player"]))
        neutral = (f" neutrálnímu hráči ({words.player(built['neutral'], capital=True)})"
                   if built["kind"] == "neutral_built" else "")
        now = words.plural_count(after.road_length(self.person), "silnice", "silnice", "silnic")
        self.add(f"{who} postavil{neutral} vesnici {board_svg.node_name(before, built['place'])}"
                 f" a přerušil vaši cestu: nejdelší máte teď {now} v řadě (předtím {road}).", url)
        self.nodes.add(built["place"])

    # --- the race at the end of the stretch --------------------------------------------

    def race(self, game: Game) -> None:
        """Who is near the win, as far as the table sees (victory-point cards in a hand
        are not counted, and may be there)."""
        goal = game.rules.victory_points_to_win
        for color in game.players:
            if color == self.person:
                continue
            shown = game.points(color, include_hidden=False)["total"]
            if shown < goal - NEAR:
                continue
            hidden = (" (a v ruce může mít karty vítězných bodů, ty nejsou vidět)"
                      if game.dev_cards(color) else "")
            self.add(f"Pozor: {words.player(color)} má {words.points(shown)}, k vítězství"
                     f" potřebuje {goal}{hidden}.")


_HANDLERS = {
    "robber_moved": Told._robber,
    "produced": Told._blocked,
    "discarded": Told._discarded,
    "monopoly_taken": Told._monopoly,
    "traded": Told._traded,
    "forced_trade": Told._forced,
    "given_back": Told._given_back,
    "special_card_moved": Told._special,
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _card(stolen: Mapping) -> str:
    """The stolen card's name; "kartu" when the viewer may not know it."""
    return words.resource_word(stolen["card"], 1) if stolen.get("card") else "kartu"


def _your_pieces(game: Game, hex_id: str, color: str) -> list[str]:
    """The person's buildings on the hex ("settlement", "city")."""
    pieces = []
    for node in topo.HEX_CORNERS[topo.HEX_INDEX[hex_id]]:
        piece = game.buildings.get(topo.INTERSECTION_IDS[node])
        if piece and piece[0] == color:
            pieces.append(piece[1])
    return pieces


def _near(pieces: list[str]) -> str:
    """"u vaší vesnice" / "u vašeho města" / "u vašich staveb", or "" for none."""
    if not pieces:
        return ""
    if len(pieces) > 1:
        return "u vašich staveb"
    return "u vaší vesnice" if pieces[0] == "settlement" else "u vašeho města"
