from .gmm import *
