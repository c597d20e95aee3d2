"""Turn a template or environment body (YAML or JSON text) into a mapping.

Errors carry the line number, because a user fixing a 300-line template
needs to know where to look.
"""

import json
import re

import yaml

from heat_conv.common import exception

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
            data = yaml.load(text, Loader=_Loader)
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
