"""SVG and PNG through Graphviz's dot program."""
import shutil

import pytest

from heat_conv_client import graph_dot
from heat_conv_client import graph_model
from heat_conv_client import graphviz

from . import fakes


def test_missing_dot_names_the_package(monkeypatch):
    monkeypatch.setattr(shutil, 'which', lambda name: None)
    with pytest.raises(graphviz.RenderError) as info:
        graphviz.render('digraph {}', 'svg')
    assert 'graphviz' in str(info.value) and '--format dot' in str(info.value)


def test_unknown_image_format():
    with pytest.raises(graphviz.RenderError, match='svg, png'):
        graphviz.render('digraph {}', 'gif')


needs_dot = pytest.mark.skipif(shutil.which('dot') is None,
                               reason='Graphviz (package graphviz) is not installed')


@needs_dot
def test_svg_and_png():
    source = graph_dot.render(graph_model.build(fakes.FAN, 'fan', 'CREATE_COMPLETE'))
    svg = graphviz.render(source, 'svg')
    assert b'<svg' in svg and b'worker_b' in svg
    assert graphviz.render(source, 'png').startswith(b'\x89PNG')


@needs_dot
def test_dot_failure_is_reported():
    with pytest.raises(graphviz.RenderError, match='Graphviz failed'):
        graphviz.render('this is not dot', 'svg')
