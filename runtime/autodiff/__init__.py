"""Differentiation: reverse mode over the graph IR (`backprop`), eagerly and in traces (`tape`).

Importing this package imports nothing else: `runtime.api.resource_variables` reads
`runtime.api.recording_tapes` on every eager variable read.
"""
