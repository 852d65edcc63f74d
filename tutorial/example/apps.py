from django.apps import AppConfig


class ExampleConfig(AppConfig):
    name = "tutorial.example"
    label = "example"
    verbose_name = "Příklad hry"

    def ready(self):
        from almanach import links
        from tutorial.example.backlinks import example_game_steps

        links.register(example_game_steps)
