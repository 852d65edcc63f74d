"""Helpers the test files share, so that each is written once:

pages     a response's HTML as text (``html``; ``html_unescaped`` with the entities read)
browser   the phone screen the browser tests use (``PHONE``) and ``sideways`` scrolling
makers    the rows tests make: a teacher, a quiz, a lesson, a pupil's seat, a Hrát game
games     the seeded finished Hrát games of the review tests, played once per process
stack     ``roomy``: a deep, hot computation without CPython 3.11's frame-memory thrash

Fixtures stay in the conftest.py files; these are plain functions and constants.
"""
