from django.apps import AppConfig


class ExampleConfig(AppConfig):
    name = "tutorial.example"
    label = "example"
    verbose_name = "Příklad hry"

    def ready(self):
        from almanach import figures, links
        from tutorial.example.backlinks import entry_figures, example_game_steps

        links.register(example_game_steps)
        figures.register(entry_figures)
