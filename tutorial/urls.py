"""Routes of the tutorial app: the example game and the quizzes, under one namespace."""

from tutorial.urls_game import urlpatterns as game_urlpatterns
from tutorial.urls_quiz import urlpatterns as quiz_urlpatterns

app_name = "tutorial"

urlpatterns = game_urlpatterns + quiz_urlpatterns
