"""Differentiation: reverse mode over the graph IR (`backprop`), eagerly and in traces (`tape`).

Importing this package imports nothing else: `runtime.user_objects.resource_variables` reads
`runtime.user_objects.recording_tapes` on every eager variable read.
"""
