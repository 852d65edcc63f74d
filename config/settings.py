"""Settings for Almanach Katanu.

Development needs no environment at all. Production (DJANGO_DEBUG=0) refuses to start
without DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS: there is no silent fallback.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", True)

if DEBUG:
    SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY",
                                "dev-only-insecure-key-do-not-use-in-production")
    ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver,[::1]")
else:
    SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
    ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS")
    if len(SECRET_KEY) < 50:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set (at least 50 characters).")
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS must be set.")

CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "csp",
    "almanach",
    "tutorial",
    "tutorial.example",
    "tutorial.quiz",
    "tutorial.lessons",
    "tutorial.play",
    "tutorial.referee",
    "tutorial.review",
    "offline",
]

MIDDLEWARE = [
    # A pupil's status poll that finds nothing new is answered first, at the least cost.
    "tutorial.lessons.polling.PupilPollMiddleware",
    "config.middleware.RequestLimitsMiddleware",
    # Outermost but two (the poll answer above sets its own no-store): it sees a page's response
    # last, after any other caching header.
    "config.middleware.PrivatePagesMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before the page cache, so that PrivatePagesMiddleware knows a teacher on a cached page.
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # The page cache and its HTTP (config/caching.py), after CSRF: a form page from the cache
    # still gets its CSRF cookie from there. ETag and 304 for the cached pages too; gzip
    # before storing, so a content page is stored compressed.
    "config.caching.ETagMiddleware",
    "config.caching.PageCacheMiddleware",
    "config.caching.ContentGZipMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.context_processors.navigation",
                "tutorial.lessons.polling.poll_interval",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers and a writer work at once (class sessions under load).
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "cs"
LANGUAGES = [("cs", "Čeština")]
TIME_ZONE = "Europe/Prague"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LOGIN_URL = "lessons:login"

# Security: HTTPS behaviour is switched on by the environment of a real deployment.
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", not DEBUG)
if env_bool("DJANGO_BEHIND_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    USE_X_FORWARDED_HOST = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
# Practice progress and pupils' seats live a week; a teacher who ticks "Zapamatovat si mě"
# stays signed in for TEACHER_REMEMBER_AGE, anyone else until the browser closes.
SESSION_COOKIE_AGE = 60 * 60 * 24 * 7
SESSION_FIRST_VISIT_AGE = 60 * 60  # until the browser shows that it keeps the cookie
TEACHER_REMEMBER_AGE = 60 * 60 * 24 * 30
CSRF_FAILURE_VIEW = "config.views.csrf_failure"

# E-mail (teachers' password reset): printed on the server's console unless configured.
EMAIL_BACKEND = os.environ.get("DJANGO_EMAIL_BACKEND",
                               "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Almanach Katanu <noreply@localhost>")
# Reset links go out on a thread of their own after the answer (tutorial/lessons/accounts.py).
MAIL_IN_BACKGROUND = env_bool("DJANGO_MAIL_IN_BACKGROUND", True)

# Request size: no route takes files, the largest form (a quiz answer) is a few KB. Bigger
# bodies get 413 before anything reads them; file parts are never written to disk.
MAX_REQUEST_BODY = int(os.environ.get("DJANGO_MAX_REQUEST_BODY", str(256 * 1024)))
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BODY
DATA_UPLOAD_MAX_NUMBER_FIELDS = 500
FILE_UPLOAD_MAX_MEMORY_SIZE = 0
FILE_UPLOAD_HANDLERS = ["django.core.files.uploadhandler.MemoryFileUploadHandler"]

# Abuse limits (tutorial/lessons/limits.py explains them; scripts/guessing.py prints what
# they mean for a guesser). Join codes: unknown codes per address, then one check per
# interval. Logins: failures per username and per address in a window (teachers and admin).
LESSONS_GUESS_LIMIT = int(os.environ.get("DJANGO_GUESS_LIMIT", "20"))
LESSONS_GUESS_WINDOW = int(os.environ.get("DJANGO_GUESS_WINDOW", "600"))
LESSONS_GUESS_INTERVAL = int(os.environ.get("DJANGO_GUESS_INTERVAL", "5"))
LESSONS_IDLE_CLOSE = int(os.environ.get("DJANGO_LESSON_IDLE_HOURS", "3")) * 60 * 60
# Lesson pages ask for changes this often (tutorial/lessons/polling.py): a phone follows the
# teacher's click within a second; the unchanged answer costs little. Tests shorten it.
LESSONS_POLL_MS = 700
LOGIN_LIMIT_PER_USER_AT_ADDRESS = 5
LOGIN_LIMIT_PER_ADDRESS = 20
LOGIN_LIMIT_PER_USER = 50
LOGIN_LIMIT_WINDOW = 15 * 60
# Over the per-address limit, names without an account are refused unchecked (a teacher's own
# name is still checked at once); the refusal asks to try again after this many seconds.
LOGIN_SLOW_INTERVAL = 20
# A browser that signed in before (OWASP device cookie) counts only its own failures.
LOGIN_LIMIT_PER_DEVICE = 5
LOGIN_DEVICE_COOKIE = "zarizeni"
LOGIN_DEVICE_AGE = 60 * 60 * 24 * 365
# Forgotten passwords: requests per address and links per e-mail in a window.
RESET_LIMIT_PER_ADDRESS = 10
RESET_LIMIT_PER_EMAIL = 3
RESET_LIMIT_WINDOW = 60 * 60
# A new teacher's sign-up (tutorial/lessons/registration.py): the link from the mail is valid
# this long; e-mails asked for per browser, per address and per e-mail in a window.
REGISTER_LINK_AGE = 2 * 24 * 60 * 60
REGISTER_LIMIT_PER_BROWSER = 3
REGISTER_LIMIT_PER_ADDRESS = 20
REGISTER_LIMIT_PER_EMAIL = 3
REGISTER_LIMIT_WINDOW = 60 * 60
# The cleanup command deletes limiter records older than this (the longest window is a day).
ATTEMPTS_KEEP_DAYS = 2

# Content-Security-Policy: no inline script or style anywhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

# --- Caching, HTTP and offline reading (config/caching.py, issue 15) ----------------------
# One cache for all processes when DJANGO_CACHE_URL names a server, e.g.
# redis://127.0.0.1:6379/0 (needs the `redis` package) or memcached://127.0.0.1:11211
# (needs `pymemcache`): `pip install ".[cache]"`. Without it each process keeps its own.
CACHE_URL = os.environ.get("DJANGO_CACHE_URL", "").strip()
if CACHE_URL.startswith(("redis://", "rediss://")):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                          "LOCATION": CACHE_URL}}
elif CACHE_URL.startswith("memcached://"):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.memcached.PyMemcacheCache",
                          "LOCATION": CACHE_URL.removeprefix("memcached://").rstrip("/")}}
elif CACHE_URL:
    raise ImproperlyConfigured("DJANGO_CACHE_URL must start with redis://, rediss:// "
                               "or memcached://.")
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                          "OPTIONS": {"MAX_ENTRIES": 1000}}}
CACHES["default"]["KEY_PREFIX"] = "almanach-katanu"
PAGE_CACHE_ALIAS = "default"
# Off in development, where a changed template must show at once.
PAGE_CACHE_SECONDS = int(os.environ.get("DJANGO_PAGE_CACHE_SECONDS", "0" if DEBUG else "600"))
