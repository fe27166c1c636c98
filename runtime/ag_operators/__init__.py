"""The `ag__` operators, one module per converter; plain Python unless a tensor is involved."""
