from .activations import *
