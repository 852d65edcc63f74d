from django.apps import AppConfig


class QuizConfig(AppConfig):
    name = "tutorial.quiz"
    label = "quiz"
    verbose_name = "Kvízy"

    def ready(self):
        from almanach import links
        from tutorial.quiz.views import practice_links

        links.register(practice_links)
