"""Hidden parameters: their values never leave the API in clear.

Parameter listings (stack show, the environment, previews, validate) show
a hidden parameter as ``******``. A hidden value may also travel further:
into resource properties, attributes, outputs or a failure reason. Every
answer about a stack therefore passes through ``redact``, which replaces
each occurrence of the stack's hidden values in its strings. A value
shorter than ``MIN_SUBSTRING`` is only masked where it is a whole string,
so that a one-letter secret does not garble every answer.
"""
import functools
import json
import types

from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.hot import parameter_types
from heat_conv.hot import parameters

MASK = parameters.HIDDEN_VALUE
MIN_SUBSTRING = 4


def hidden_names(template):
    """Names of the parameters a stored template declares hidden (HOT's
    ``hidden``, CloudFormation's ``NoEcho``)."""
    if not isinstance(template, dict):
        return set()
    out = set()
    for section, key in (('parameters', 'hidden'), ('Parameters', 'NoEcho')):
        declared = template.get(section)
        if not isinstance(declared, dict):
            continue
        for name, schema in declared.items():
            if not isinstance(schema, dict):
                continue
            try:
                if parameter_types.convert(parameter_types.BOOLEAN, schema.get(key, False)):
                    out.add(name)
            except parameter_types.ConversionError:
                pass
    return out


def mask_parameters(values, hidden):
    """``values`` ({name: value}) with the hidden ones masked."""
    return {name: (MASK if name in hidden else value) for name, value in values.items()}


def hidden_values(raw_row):
    """Every value given for a hidden parameter of the stored target
    ``raw_row``, by the user or in the environment. (A default is written
    in the template, which its users read anyway.)"""
    if raw_row is None:
        return set()
    hidden = hidden_names(raw_row.template)
    if not hidden:
        return set()
    env = raw_row.environment or {}
    sources = [raw_row.parameters or {}, env.get('parameters') or {},
               env.get('parameter_defaults') or {}]
    out = set()
    for source in sources:
        if not isinstance(source, dict):
            continue
        for name in hidden & set(source):
            out.update(_strings(source[name]))
    out.discard('')
    return out


def _strings(value):
    """The text forms a value may take once it is used (typed or not)."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, (dict, list)):
        return [json.dumps(value), json.dumps(value, sort_keys=True)]
    return [str(value)]


def redact(document, values):
    """``document`` with every hidden value in its strings replaced."""
    if not values:
        return document
    ordered = sorted(values, key=len, reverse=True)
    return _redact(document, ordered)


def _redact(node, values):
    if isinstance(node, str):
        return _redact_text(node, values)
    if isinstance(node, dict):
        return {_redact(k, values): _redact(v, values) for k, v in node.items()}
    if isinstance(node, list):
        return [_redact(item, values) for item in node]
    return node


def _redact_text(text, values):
    for value in values:
        if text == value:
            return MASK
        if len(value) >= MIN_SUBSTRING and value in text:
            text = text.replace(value, MASK)
    return text


def requested_hidden_values(template, environment, params):
    """Hidden values a create, preview or update request carries."""
    return hidden_values(types.SimpleNamespace(
        template=template, environment=environment or {}, parameters=params or {}))


def stack_hidden_values(stack):
    """Hidden values of the stack's target and of the template it last
    reached (whose values its older resources may still hold)."""
    return _hidden_values_of(stack.id, (stack.raw_template_id, stack.prev_raw_template_id))


def _hidden_values_of(stack_id, template_ids):
    out = set()
    for template_id in set(template_ids) - {None}:
        out |= _template_hidden_values(stack_id, template_id)
    return out


@functools.lru_cache(maxsize=256)
def _template_hidden_values(stack_id, template_id):
    # Stored templates never change: read each once, not on every answer
    # (a status poll would otherwise load the whole template each time).
    # A template belongs to one stack; the stack's id keeps the key unique
    # even across databases (a test's fresh one numbers templates anew).
    try:
        return frozenset(hidden_values(db_api.raw_template_get(template_id)))
    except exception.NotFound:   # purged meanwhile: it hides nothing
        return frozenset()


def _json_body(resp):
    return bool((resp.content_type or '').endswith('json') and resp.body)


def redact_json_response(resp, values):
    """Redact a JSON response's body in place; others pass unchanged."""
    if not values or not _json_body(resp):
        return resp
    document = json.loads(resp.body)
    resp.body = json.dumps(redact(document, values)).encode('utf-8')
    return resp


def redact_stack_response(resp, ctx, stack_id, changed=True):
    """Redact an answer about the stack ``stack_id`` of the caller's project.

    Every answer about a stack passes here, status polls included: an
    answer without a body (an update's 202) reads nothing; one to a request
    that changed nothing (``changed`` False: a GET) uses the stack row the
    request read, if it read one; any other reads only which templates the
    stack has.
    """
    if not _json_body(resp):
        return resp
    stack = None if changed else getattr(ctx, 'stacks_read', {}).get(stack_id)
    if stack is not None:
        template_ids = (stack.raw_template_id, stack.prev_raw_template_id)
    else:
        try:
            template_ids = db_api.stack_template_ids(stack_id, tenant=ctx.project_id)
        except exception.StackNotFound:
            return resp
    return redact_json_response(resp, _hidden_values_of(stack_id, template_ids))
