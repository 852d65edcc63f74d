from django.db import models
from django.urls import reverse


class Entry(models.Model):
    """One Almanach headword or one extra page, loaded from almanach/content/."""

    class Kind(models.TextChoices):
        HEADWORD = "heslo", "Heslo"
        PAGE = "stranka", "Stránka"

    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.HEADWORD)
    slug = models.SlugField(max_length=100, unique=True)
    headword = models.CharField(max_length=200)
    letter = models.CharField(max_length=2, blank=True)
    sort_key = models.CharField(max_length=200, db_index=True)
    source = models.TextField(help_text="Text in the content markup, as in the data file.")
    html = models.TextField()
    plain = models.TextField()
    aliases = models.JSONField(default=list, blank=True)
    sources = models.JSONField(default=list, blank=True)
    links_to = models.ManyToManyField("self", symmetrical=False, related_name="linked_from", blank=True)

    class Meta:
        ordering = ["sort_key"]
        verbose_name = "heslo"
        verbose_name_plural = "hesla"

    def __str__(self) -> str:
        return self.headword

    def get_absolute_url(self) -> str:
        return reverse("almanach:entry", kwargs={"slug": self.slug})
