"""The JSON body of a request, checked before any controller sees it."""
import json

from heat_conv.common import exception


def _reject_constant(name):
    # NaN and Infinity are not JSON; echoing them back would produce
    # documents other clients cannot parse.
    raise ValueError(f'{name} is not valid JSON')


def json_object(req, required=True):
    """The body as a dict; {} for an empty body unless ``required``.

    Anything else (malformed JSON, bad UTF-8, an array, absurd nesting) is a
    400 that says what is wrong.
    """
    raw = req.body
    if not raw or not raw.strip():
        if required:
            raise exception.Invalid('The request body is empty; a JSON object is '
                                    'required')
        return {}
    value = json_value(req)
    if not isinstance(value, dict):
        raise exception.Invalid('The request body must be a JSON object, not '
                                f'{_json_type(value)}')
    return value


def json_value(req):
    """The body as any JSON value; None for an empty body."""
    raw = req.body
    if not raw or not raw.strip():
        return None
    try:
        text = raw.decode('utf-8')
    except UnicodeDecodeError:
        raise exception.Invalid('The request body is not valid UTF-8') from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise exception.Invalid('The request body is nested too deeply') from None
    except ValueError as exc:
        raise exception.Invalid(f'The request body is not valid JSON: {exc}') from None


def _json_type(value):
    if isinstance(value, list):
        return 'an array'
    if isinstance(value, str):
        return 'a string'
    if isinstance(value, bool):
        return 'a boolean'
    if value is None:
        return 'null'
    return 'a number'
