from django.urls import path

from tutorial import views_quiz

urlpatterns = [
    path("kvizy/", views_quiz.quizzes, name="quizzes"),
]
