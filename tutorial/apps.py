from django.apps import AppConfig


class TutorialConfig(AppConfig):
    """The tutorial's models, shared pieces (board drawing, Czech word forms, narration) and
    the families: tutorial.example, tutorial.quiz, tutorial.lessons (each an app of its own)."""

    name = "tutorial"
    verbose_name = "Příklad hry, kvízy a hodiny"
