"""The graph IR: its data, text and JSON forms, checker, op registry, shapes and nested structures."""
