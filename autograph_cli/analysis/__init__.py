"""Static analyses of one function: control-flow graph, liveness, reaching definitions."""
