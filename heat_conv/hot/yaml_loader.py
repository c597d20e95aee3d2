"""Turn a template or environment body (YAML or JSON text) into a mapping.

Errors carry the line number, because a user fixing a 300-line template
needs to know where to look.

Every document is measured before anything uses it: its size, and for YAML
its size with every alias expanded (anchors and aliases are ordinary YAML,
but a kilobyte of nested aliases expands into gigabytes). Either over
``max_template_size`` is refused while the document is still a graph of
nodes, before it is built into Python objects, stored or evaluated.
"""

import json
import re

import yaml

from heat_conv.common import exception
from heat_conv.common import limits

_BaseLoader = getattr(yaml, 'CSafeLoader', yaml.SafeLoader)

# libyaml crashes the process (not an exception) on flow collections nested
# tens of thousands deep, so such documents are refused before parsing. No
# real template comes near this; strings holding brackets only count
# towards it if they leave thousands unclosed.
MAX_FLOW_DEPTH = 1000
_BRACKETS = re.compile(r'[\[\]{}]')


class _Loader(_BaseLoader):
    """SafeLoader that keeps timestamps as the strings the user wrote.

    ``heat_template_version: 2016-10-14`` would otherwise become a
    ``datetime.date`` and stop matching the version table; any other date in
    a template is data for a resource and must reach it unchanged.
    """


def _timestamp_as_string(loader, node):
    return loader.construct_scalar(node)


_Loader.add_constructor('tag:yaml.org,2002:timestamp', _timestamp_as_string)


def load(text, error_class=exception.TemplateSyntaxError, what='template'):
    """Parse ``text`` and return the mapping it holds.

    Raises ``error_class`` (a TemplateSyntaxError by default) with the line
    of the first syntax error, or when the document is not a mapping.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode('utf-8')
        except UnicodeDecodeError as exc:
            raise error_class(f'The {what} is not valid UTF-8: {exc}') from None
    if not isinstance(text, str):
        raise error_class(f'The {what} must be a JSON object or YAML mapping, '
                          f'not {type(text).__name__}.')
    limits.check_template_size(len(text.encode('utf-8')), f'The {what}')
    if _too_deep(text):
        raise error_class(f'The {what} is nested too deeply')
    # JSON is tried first for bodies that look like JSON, so that a JSON
    # error is reported in JSON terms rather than as a YAML flow error.
    if text.lstrip().startswith('{'):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise error_class(f'The {what} is not valid JSON: {exc.msg}',
                              line=exc.lineno) from None
        except RecursionError:
            raise error_class(f'The {what} is nested too deeply') from None
    else:
        try:
            data = _load_yaml(text, error_class, what)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else None
            problem = exc.problem or exc.context or 'syntax error'
            raise error_class(f'The {what} is not valid YAML: {problem}',
                              line=line) from None
        except yaml.YAMLError as exc:
            raise error_class(f'The {what} is not valid YAML: {exc}') from None
        except RecursionError:
            raise error_class(f'The {what} is nested too deeply') from None
    return require_mapping(data, error_class, what)


def _load_yaml(text, error_class, what):
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        measure = _Measure(limits.CONF.max_template_size)
        size = _expanded_size(measure, node, error_class, what)
        if measure.aliased:
            limits.check_template_size(
                size, f'The {what}, with its YAML aliases expanded,')
        return loader.construct_document(node)
    finally:
        loader.dispose()


class _Measure:
    """The size of a node graph as compact JSON, as if every alias were a
    copy of its anchor.

    Aliases share nodes, so each distinct node is measured once (and
    ``aliased`` tells whether any is shared); the walk stops as soon as the
    running total passes the limit. A document without aliases is held to
    the limit by its text alone, as Heat does.
    """

    def __init__(self, limit):
        self.limit = limit
        self.sizes = {}
        self.open = set()
        self.aliased = False

    def size(self, node):
        key = id(node)
        if key in self.sizes:
            self.aliased = True
            return self.sizes[key]
        if key in self.open:
            raise _Recursive(node)
        if isinstance(node, yaml.ScalarNode):
            total = len(node.value) + 2
        else:
            self.open.add(key)
            total = 2
            for child in _children(node):
                total += self.size(child) + 1
                if total > self.limit:
                    break
            self.open.discard(key)
        self.sizes[key] = total
        return total


class _Recursive(Exception):
    def __init__(self, node):
        self.node = node


def _children(node):
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            yield key
            yield value
    else:
        yield from node.value


def _expanded_size(measure, node, error_class, what):
    try:
        return measure.size(node)
    except _Recursive as exc:
        raise error_class(f'The {what} has an alias that refers to itself',
                          line=exc.node.start_mark.line + 1) from None


def _too_deep(text):
    depth = 0
    for match in _BRACKETS.finditer(text):
        if match.group() in '[{':
            depth += 1
            if depth > MAX_FLOW_DEPTH:
                return True
        elif depth:
            depth -= 1
    return False


def require_mapping(data, error_class=exception.TemplateSyntaxError,
                    what='template'):
    """Return ``data`` if it is a mapping; an empty document counts as {}."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise error_class(f'The {what} must be a JSON object or YAML mapping, '
                          f'not {type(data).__name__}.')
    return data
