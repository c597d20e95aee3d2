"""The ``conditions`` section, evaluated once per bind.

A condition may name other conditions (``not: is_prod``), so each is
evaluated on first use and remembered; a condition that needs itself, however
indirectly, is an error naming the loop.
"""

from heat_conv.common import exception


class ConditionTable:

    def __init__(self, definitions, section='conditions'):
        self._definitions = definitions
        self._section = section
        self._values = {}
        self._evaluating = []
        self._evaluator = None

    def attach(self, evaluator):
        """Use ``evaluator`` (whose scope refers back to this table)."""
        self._evaluator = evaluator

    def is_enabled(self, name, path):
        if name in self._values:
            return self._values[name]
        if name not in self._definitions:
            raise exception.InvalidReference(
                f'Invalid condition "{name}": it is not defined in the {self._section} '
                'section', path=path)
        if name in self._evaluating:
            loop = self._evaluating[self._evaluating.index(name):] + [name]
            raise exception.InvalidReference(
                'Circular reference between conditions: ' + ' -> '.join(loop),
                path=(self._section, name))
        self._evaluating.append(name)
        try:
            value = self._evaluator.condition(self._definitions[name],
                                              (self._section, name))
        finally:
            self._evaluating.pop()
        self._values[name] = value
        return value

    def evaluate_all(self):
        """{name: bool} for every condition, in template order."""
        return {name: self.is_enabled(name, (self._section, name))
                for name in self._definitions}


def parse_section(raw, section='conditions'):
    """{name: definition} for the conditions section (shape only)."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise exception.InvalidTemplate(f'The {section} section must be a map',
                                        path=(section,))
    for name in raw:
        if not isinstance(name, str):
            raise exception.InvalidTemplate(
                f'Condition names must be strings, not {name!r}',
                path=(section, name))
    return raw
