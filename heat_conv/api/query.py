"""Query-string parameters, converted with a 400 for every bad value.

A parameter given twice takes its last value: heatclient repeats the query
when it follows a redirect whose Location already carries it.
"""
from heat_conv.common import exception

_TRUE = ('true', '1', 'yes', 'on', 't', 'y')
# Integers go into SQL (LIMIT); the database's integers end here.
MAX_INTEGER = 2 ** 31 - 1
_FALSE = ('false', '0', 'no', 'off', 'f', 'n')


def _last(req, name):
    values = req.GET.getall(name)
    return values[-1] if values else None


def _bad(name, value, expected):
    return exception.Invalid(f'Invalid value "{value}" for query parameter {name}: '
                             f'expected {expected}')


def boolean(req, name, default=False):
    value = _last(req, name)
    if value is None:
        return default
    lowered = value.strip().lower()
    if lowered in _TRUE or lowered == '':
        # "?show_deleted" alone means yes.
        return True
    if lowered in _FALSE:
        return False
    raise _bad(name, value, 'a boolean')


def integer(req, name, default=None, minimum=0, maximum=MAX_INTEGER):
    value = _last(req, name)
    if value is None or value == '':
        return default
    try:
        number = int(value)
    except ValueError:
        raise _bad(name, value, 'an integer') from None
    if number < minimum or number > maximum:
        raise _bad(name, value, f'an integer from {minimum} to {maximum}')
    return number


def string(req, name, default=None):
    value = _last(req, name)
    return default if value is None else value


def choice(req, name, choices, default=None):
    value = _last(req, name)
    if value is None:
        return default
    if value.lower() not in choices:
        raise _bad(name, value, 'one of ' + ', '.join(choices))
    return value.lower()


def strings(req, name):
    """Every value of a repeatable parameter, duplicates dropped, in order."""
    out = []
    for value in req.GET.getall(name):
        if value not in out:
            out.append(value)
    return out


def comma_list(req, name):
    """A list given as "a,b" (or repeated); None when absent."""
    values = req.GET.getall(name)
    if not values:
        return None
    out = []
    for value in values:
        out.extend(item.strip() for item in value.split(',') if item.strip())
    return out
