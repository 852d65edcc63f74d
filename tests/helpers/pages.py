"""A response's page as text, for asserting on what a visitor gets."""

from html import unescape


def html(response) -> str:
    """The page as sent: HTML source, entities as they are (``&amp;``)."""
    return response.content.decode()


def html_unescaped(response) -> str:
    """The page with its character references read (``&amp;`` as ``&``, ``&#x27;`` as ')."""
    return unescape(response.content.decode())
