"""The graph IR: its data, text and JSON forms, checker, op registry, shapes and nested structures."""

# the modules that write graphs as text, JSON and DOT install those forms in `core` when imported
from ..pictures import dot as _dot  # noqa: F401
from . import printing as _printing  # noqa: F401
from . import serialize as _serialize  # noqa: F401
