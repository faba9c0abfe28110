"""Allows ``python3 -m calculator``."""

import sys

from ._cli import main

sys.exit(main())
