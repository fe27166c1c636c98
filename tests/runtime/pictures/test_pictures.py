"""Pictures: DOT text of graphs (ops, types, lines, cond/while clusters) and rendering via `dot`."""
import os
import shutil
import stat
import sys

import numpy as np
import pytest

import runtime as rt
from runtime.pictures.dot import INSTALL

counter = rt.Variable(np.float32(0), name='counter')


@rt.function
def step(x, n):
    i = np.int64(0)
    while i < n:
        if np.sum(x) > 0:
            x = x * 2.0
        else:
            x = x - 1.0
        i += 1
    counter.assign_add(np.float32(1))
    return x


def _concrete():
    return step.get_concrete_function(np.ones(3, np.float32), np.int64(2))


def test_dot_text_shows_ops_types_lines_and_clusters():
    text = _concrete().graph.to_dot()
    assert text.startswith('digraph "graph" {') and text.rstrip().endswith('}')
    assert 'subgraph cluster_' in text and '"while: body"' in text and '"while: cond"' in text
    assert '"cond: true_branch"' in text and '"cond: false_branch"' in text
    assert 'assign_add_variable' in text and 'f32[3]' in text
    assert 'test_pictures.py:' in text  # the user's line of each op
    assert 'shape=cylinder' in text and 'counter' in text  # the variable, drawn apart
    assert text.count('shape=invhouse') >= 2 and 'shape=house' in text  # inputs and outputs
    assert text == rt.autograph.to_dot(_concrete()).replace('"step"', '"graph"', 1)


def test_to_dot_of_a_function_needs_one_trace():
    f = rt.function(lambda x: x + 1)
    f(np.ones(1))
    assert 'add' in rt.autograph.to_dot(f)
    f(np.ones(2))
    with pytest.raises(TypeError, match='has 2 traces: pick one with get_concrete_function'):
        rt.autograph.to_dot(f)


def test_render_without_graphviz_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setenv('PATH', str(tmp_path))
    with pytest.raises(RuntimeError, match='apt-get install graphviz') as info:
        rt.autograph.render(_concrete(), tmp_path / 'g.svg')
    assert str(info.value) == INSTALL
    assert not (tmp_path / 'g.svg').exists()


def test_render_runs_dot_with_the_format_of_the_suffix(tmp_path, monkeypatch):
    fake = tmp_path / 'dot'  # records its arguments and input as the picture
    fake.write_text(f'#!{sys.executable}\nimport sys\n'
                    'open(sys.argv[3], "w").write(" ".join(sys.argv[1:]) + "\\n" + '
                    'sys.stdin.read())\n')
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv('PATH', f'{tmp_path}{os.pathsep}{os.environ["PATH"]}')
    out = rt.autograph.render(_concrete(), tmp_path / 'g.png')
    written = (tmp_path / 'g.png').read_text()
    assert out == str(tmp_path / 'g.png')
    assert written.startswith(f'-Tpng -o {tmp_path / "g.png"}\ndigraph "step"')


def test_render_with_real_graphviz_when_installed(tmp_path):
    """The real `dot`, where the machine has it (the fake one above tests the call itself)."""
    if shutil.which('dot') is None:
        with pytest.raises(RuntimeError, match='Graphviz'):
            rt.autograph.render(_concrete(), tmp_path / 'g.svg')
        return
    rt.autograph.render(_concrete(), tmp_path / 'g.svg')
    assert '<svg' in (tmp_path / 'g.svg').read_text()
