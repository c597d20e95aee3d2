"""A resource's failure reason with its path, as a stack's reason shows it
(``ValueError: resources.server: <reason>``)."""
import re

_ERROR_TYPE = re.compile(r'^(\w*(?:Error|Exception|Failure)): (.*)$', re.S)


def with_path(name, reason):
    """A resource's failure reason with its path, as a stack's reason shows it."""
    if re.match(rf'^(?:\w+: )?resources\.{re.escape(name)}[.:]', reason):
        return reason   # already carries it (it came up from a child)
    typed = _ERROR_TYPE.match(reason)
    if typed:
        return f'{typed[1]}: resources.{name}: {typed[2]}'
    return f'resources.{name}: {reason}'
