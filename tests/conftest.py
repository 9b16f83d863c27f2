"""Unit-test set-up: the repository's root on sys.path, so that tests about
the build read build.py as a module (``import build``), as e2e/conftest.py does;
the ``soak`` tests left out unless ``GAMUT_SOAK=1``."""

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent

# No property test is timed (a busy machine made one of 200 ms take 320 ms and
# fail): hypothesis's deadline and its too-slow check are off for every test; a
# test's own @settings still sets its number of examples.
settings.register_profile("untimed", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("untimed")
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_collection_modifyitems(config, items):
    """Tests marked ``soak`` run only with ``GAMUT_SOAK=1`` (``python3 build.py
    test --soak``, as the e2e scale runs): deselected, not skipped, elsewhere."""
    if os.environ.get("GAMUT_SOAK") == "1":
        return
    soak = [item for item in items if item.get_closest_marker("soak")]
    if soak:
        config.hook.pytest_deselected(items=soak)
        items[:] = [item for item in items if not item.get_closest_marker("soak")]
