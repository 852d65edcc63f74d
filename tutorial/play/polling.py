"""Hrát's status poll in the site's poll registry (:mod:`tutorial.live`): every phone of a
game with friends asks ``/hrat/<id>/stav/?v=<version>``; while the game is as the page
shows it, :func:`tutorial.play.friends.unchanged` lets the first middleware answer 204."""

from tutorial import live

STATUS_PATH = r"^/hrat/(?P<key>[A-Za-z0-9_-]{16,32})/stav/$"

live.register(STATUS_PATH, "tutorial.play.friends.unchanged")
