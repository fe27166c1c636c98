"""The converters, one construct each; `autograph_cli.pipeline` runs them in order."""
