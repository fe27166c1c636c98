"""The samples: their converted outputs are committed and current, and they run the same both ways.

Each sample is a seed tutorial example ported to numpy. Run as written, its
`rt.function`s convert and trace on the fly; run from `samples/converted/`,
they were converted ahead of time and only trace, and are run twice: as they
are (Python code runs the original's code objects) and with
`AGCONVERT_PYTHON_MODE=converted` (it runs the converted code). Every run must
print the same thing.
"""
import os
import pathlib
import re
import subprocess
import sys

import pytest
from extras import EXTRA_OF, needs

ROOT = pathlib.Path(__file__).resolve().parent.parent
SAMPLES = ROOT / 'samples'
NAMES = sorted(p.name for p in SAMPLES.glob('*.py'))
AGCONVERT = pathlib.Path(sys.executable).with_name('agconvert')


def with_its_extras(name):
    """The sample `name`, skipped unless the optional packages it imports are installed
    (mlp_digits: scikit-learn's digits)."""
    source = (SAMPLES / name).read_text(encoding='utf-8')
    imported = [module for module in EXTRA_OF
                if re.search(rf'^\s*(import|from) {module}\b', source, re.MULTILINE)]
    return pytest.param(name, marks=needs(*imported), id=name)


def run(path, python_mode='original'):
    result = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                            cwd=path.parent, timeout=120,
                            env={**os.environ, 'AGCONVERT_PYTHON_MODE': python_mode})
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_there_are_at_least_eight_samples():
    assert len(NAMES) >= 8


def test_the_committed_conversions_are_up_to_date():
    result = subprocess.run([str(AGCONVERT), '--check', str(SAMPLES), '-o',
                             str(SAMPLES / 'converted')], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (SAMPLES / 'converted').glob('*.py')) == NAMES


@pytest.mark.parametrize('name', [with_its_extras(name) for name in NAMES])
def test_sample_prints_the_same_converted_and_original(name):
    original = run(SAMPLES / name)
    assert original.strip(), f'{name} printed nothing'
    assert run(SAMPLES / 'converted' / name) == original
    assert run(SAMPLES / 'converted' / name, 'converted') == original
