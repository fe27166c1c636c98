"""Differentiation: reverse mode over the graph IR (`backprop`), eagerly and in traces (`tape`).

Importing this package imports nothing else: `runtime.api.variables` reads
`active` on every eager variable read.
"""
