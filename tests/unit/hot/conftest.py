"""Helpers shared by the HOT tests: building templates and checking errors."""

import contextlib

import pytest

from heat_conv.hot import template as template_mod

LATEST = '2021-04-16'


@pytest.fixture
def make_template():
    """Build a Template from sections given as keyword arguments."""

    def _make(version=LATEST, files=None, environment=None, **sections):
        body = {'heat_template_version': version}
        body.update(sections)
        return template_mod.Template.load(body, files=files, environment=environment)

    return _make


@pytest.fixture
def bind(make_template):
    """Load and bind in one step; ``params`` are the user's parameters."""

    def _bind(params=None, **kwargs):
        return make_template(**kwargs).bind(params, stack_name='mystack',
                                            stack_id='stack-uuid', project_id='tenant-1')

    return _bind


@pytest.fixture
def raises_at():
    """pytest.raises for exactly ``exc_type``, checking the path text and message."""

    @contextlib.contextmanager
    def _raises_at(exc_type, path, *fragments):
        with pytest.raises(exc_type) as info:
            yield info
        assert type(info.value) is exc_type, repr(info.value)
        text = str(info.value)
        assert text.startswith(f'{path}: '), text
        for fragment in fragments:
            assert fragment in text, text

    return _raises_at
