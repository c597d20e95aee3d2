"""A stack's stored template, bound again to show what it declares.

Parameters and outputs are not stored resolved: showing a stack binds its
template (linear in its size) and resolves outputs against the resource
rows' stored reference ids and attributes.
"""
import logging

from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.hot import template as hot_template

LOG = logging.getLogger(__name__)


def raw_template_id(stack):
    """The template the stack converges to, or during/after a delete (whose
    target is the empty template) the last one it reached."""
    return stack.raw_template_id or stack.prev_raw_template_id


def raw(stack):
    template_id = raw_template_id(stack)
    return db_api.raw_template_get(template_id) if template_id else None


def bind(stack, raw_row):
    """The bound StackDefinition, or None if there is nothing to bind."""
    if raw_row is None:
        return None
    tmpl = hot_template.Template.load(raw_row.template, files=raw_row.files,
                                      environment=raw_row.environment)
    return tmpl.bind(params=raw_row.parameters or {}, stack_name=stack.name,
                     stack_id=stack.id, project_id=stack.tenant)


def safe_bind(stack, raw_row):
    # The template was valid when stored; if it no longer binds (a changed
    # resource type, say), showing the stack must still work.
    try:
        return bind(stack, raw_row)
    except exception.HeatConvException as exc:
        LOG.warning('Stored template of stack %s does not bind: %s', stack.id, exc)
        return None


def pseudo_parameters(stack):
    return {'OS::stack_id': stack.id, 'OS::stack_name': stack.name,
            'OS::project_id': stack.tenant}


def display_parameters(stack, bound):
    """{name: string}, hidden ones masked, pseudo parameters included."""
    if bound is None:
        return pseudo_parameters(stack)
    return dict(bound.parameters_for_display(), **pseudo_parameters(stack))


def output(bound, name, declared, refs, attrs):
    """One output in Heat's shape; a failure is reported, not raised.

    ``declared`` is the output's entry of ``bound.outputs()``.
    """
    out = {'output_key': name,
           'description': declared['description'] or 'No description given'}
    try:
        out['output_value'] = bound.resolve_output(name, refs, attrs)
    except exception.InvalidTemplate as exc:
        out['output_value'] = None
        out['output_error'] = exc.message
    return out


def outputs(bound, refs, attrs):
    if bound is None:
        return []
    return [output(bound, name, declared, refs, attrs)
            for name, declared in bound.outputs().items()]
