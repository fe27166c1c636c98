"""What arrays share memory while tracing: aliasing, views, in-place updates, made arrays."""
