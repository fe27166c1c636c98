"""agconvert: converts Python + numpy modules into explicit graph-building code ahead of time."""
__version__ = '0.1.0'
