from . import general
from . import nlp
from . import dsp
