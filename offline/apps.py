from django.apps import AppConfig


class OfflineConfig(AppConfig):
    """Installable and readable offline: manifest, favicon, service worker, offline page."""

    name = "offline"
    verbose_name = "Bez připojení"
