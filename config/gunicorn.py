"""gunicorn's settings file (`gunicorn -c config/gunicorn.py config.wsgi`; the command-line
flags in the Makefile and scripts/loadkit.py set the rest)."""

from django.core.management import call_command


def post_worker_init(worker) -> None:
    """Each worker, once it has loaded the site, builds what its first visitors would
    otherwise wait for (tutorial/management/commands/warm_up.py)."""
    call_command("warm_up")
