from .wrappers import *
