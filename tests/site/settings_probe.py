"""The settings module read afresh under a given environment, in this process: what a server
started with that environment would get, without starting one (`manage.py check` in a
subprocess costs a Python and Django start-up each time; tests/site/test_settings.py keeps
one such start for `check --deploy`)."""

import importlib.util
import os
from pathlib import Path
from types import ModuleType
from unittest import mock

SETTINGS = Path(__file__).resolve().parents[2] / "config" / "settings.py"


def read_settings(env: dict[str, str]) -> ModuleType:
    """config/settings.py executed as a new module with the DJANGO_* variables of ``env`` only
    (the others as they are); raises whatever the settings raise, as a server start would."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    spec = importlib.util.spec_from_file_location("settings_probe_module", SETTINGS)
    module = importlib.util.module_from_spec(spec)
    with mock.patch.dict(os.environ, {**clean, **env}, clear=True):
        spec.loader.exec_module(module)
    return module
