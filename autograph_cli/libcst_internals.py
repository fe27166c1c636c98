"""Every use of libcst's private parts, in one place, and the libcst versions they hold for.

The converter prints with libcst's codegen state (`CodegenState`, `_codegen`),
copies nodes field by field without re-validating them (`output_nodes.replace`), and
parses without validating the nodes the parser builds (`validation_skipped`);
`printing.py` prints a few node types as libcst's codegen does (held to it by
`tests/converters/test_printing.py`). None of this is libcst's public API, so
pyproject.toml pins libcst to the releases checked here (`PINNED`), and
`missing()` names what a libcst install lacks; `tests/test_libcst_internals.py`
holds both to the installed libcst.
"""
import contextlib
import threading

import libcst as cst
from libcst._nodes.internal import CodegenState

PINNED = 'libcst>=1.9,<1.10'  # the same text as in pyproject.toml's dependencies

# name -> attributes the converter uses of it
REQUIRED = {
    'libcst._nodes.internal.CodegenState': (
        CodegenState, ('add_token', 'add_indent_tokens', 'increase_indent', 'decrease_indent',
                       'record_syntactic_position', 'before_codegen', 'after_codegen', 'tokens')),
    'libcst.CSTNode': (cst.CSTNode, ('__post_init__', '_validate', '_codegen', '_codegen_impl')),
}


def missing():
    """The private names this libcst lacks, as 'module.Class.attribute' strings."""
    return [f'{name}.{attribute}' for name, (owner, attributes) in REQUIRED.items()
            for attribute in attributes if not hasattr(owner, attribute)]


_lock = threading.Lock()
_entered = 0            # threads inside validation_skipped()
_validate = None        # libcst's own CSTNode.__post_init__, while ours stands in for it


class _ThreadState(threading.local):
    skipping = False  # a class default: read once per node built, so no getattr() fallback


_thread = _ThreadState()


def _post_init(node):
    if not _thread.skipping:
        _validate(node)


@contextlib.contextmanager
def validation_skipped():
    """Nodes this thread builds in the block are not validated; other threads' are, as ever.

    libcst validates every node when it is built, which costs about a seventh
    of a conversion; the parser only builds valid nodes. The hook is in place
    only while some thread is inside the block, and libcst's own is restored
    when the last one leaves.
    """
    global _entered, _validate
    with _lock:
        if _entered == 0:
            _validate = cst.CSTNode.__post_init__
            cst.CSTNode.__post_init__ = _post_init
        _entered += 1
    outer = _thread.skipping
    _thread.skipping = True
    try:
        yield
    finally:
        _thread.skipping = outer
        with _lock:
            _entered -= 1
            if _entered == 0:
                cst.CSTNode.__post_init__ = _validate
