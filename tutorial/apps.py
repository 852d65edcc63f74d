from django.apps import AppConfig


class TutorialConfig(AppConfig):
    name = "tutorial"
    verbose_name = "Příklad hry a kvízy"

    def ready(self):
        from almanach import links
        from tutorial.backlinks import example_game_steps
        from tutorial.views_quiz import practice_links

        links.register(example_game_steps)
        links.register(practice_links)
