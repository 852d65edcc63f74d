"""What every page's template needs: the navigation's current section."""

from django.http import HttpRequest

# The navigation's sections (templates/base.html) by the namespace of the page's route; a page
# outside them (home, admin) or whose route did not resolve highlights none.
NAV_SECTIONS = {
    "almanach": "almanach",
    "offline": "almanach",
    "example": "tutorial",
    "quizzes": "quiz",
    "lessons": "quiz",
    "play": "play",
    "referee": "referee",
}

# An error page's context: it highlights no section, whichever page failed.
NO_SECTION = {"section": ""}


def navigation(request: HttpRequest) -> dict:
    match = request.resolver_match
    return {"section": NAV_SECTIONS.get(match.namespace, "") if match else ""}
