from django.db import models
from django.urls import reverse

# The texts the content comes from (see the seeds' README); 000 and 003 are two printings.
SOURCE_NAMES = {
    "000": "Almanach Katanu",
    "003": "Almanach Katanu",
    "001": "kompaktní pravidla",
    "002": "Pravidla hry",
    "004": "slovníček digitální edice",
}


class Entry(models.Model):
    """One Almanach headword or one extra page, loaded from almanach/content/."""

    class Kind(models.TextChoices):
        HEADWORD = "heslo", "Heslo"
        PAGE = "stranka", "Stránka"

    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.HEADWORD)
    slug = models.SlugField(max_length=100, unique=True)
    headword = models.CharField(max_length=200)
    letter = models.CharField(max_length=2, blank=True)
    sort_key = models.CharField(
        max_length=400, db_index=True, help_text="Czech collation as digits, see almanach.czech."
    )
    source = models.TextField(help_text="Text in the content markup, as in the data file.")
    html = models.TextField()
    plain = models.TextField()
    aliases = models.JSONField(default=list, blank=True)
    sources = models.JSONField(default=list, blank=True)
    links_to = models.ManyToManyField(
        "self", symmetrical=False, related_name="linked_from", blank=True
    )
    cards = models.JSONField(
        default=list,
        blank=True,
        help_text="Card texts from karty.toml: name, slug, kind, html, plain.",
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["sort_key"]
        verbose_name = "heslo"
        verbose_name_plural = "hesla"

    def __str__(self) -> str:
        return self.headword

    @property
    def source_names(self) -> list[str]:
        """The sources as readers know them, each once: ['Almanach Katanu', 'Pravidla hry']."""
        names = [SOURCE_NAMES.get(code, code) for code in self.sources]
        return list(dict.fromkeys(names))

    def get_absolute_url(self) -> str:
        return reverse("almanach:entry", kwargs={"slug": self.slug})
