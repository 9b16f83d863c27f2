"""Unit-test set-up: the repository's root on sys.path, so that tests about
the build read build.py as a module (``import build``), as e2e/conftest.py does."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
