"""Suite-wide setup: the IR checker runs after every graph pass."""
import runtime.passes

runtime.passes.set_checking(True)
