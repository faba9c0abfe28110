"""Allows ``python3 -m calculator``."""

import sys

from .cli import main

sys.exit(main())
