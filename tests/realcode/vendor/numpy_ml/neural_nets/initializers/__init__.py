from .initializers import *
