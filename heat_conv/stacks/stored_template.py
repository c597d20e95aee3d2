"""A stack's stored template, bound again to show what it declares.

Parameters and outputs are not stored resolved: showing a stack binds its
template and resolves outputs against the stored reference ids and
attributes of the resources the outputs name. Binding is linear in the
template's size, so what showing needs of it (a ``Declared``) is kept per
stack and template id (stored templates never change): polling a stack's
status costs the same for 10 resources as for 10,000. The bound template
itself is not kept: at 10,000 resources it holds some 40 MB.
"""
import functools
import logging

from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.hot import stack_definition
from heat_conv.hot import template as hot_template
from heat_conv.stacks import resource_rows

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
    tmpl = hot_template.Template.load_stored(raw_row.template, files=raw_row.files,
                                             environment=raw_row.environment)
    return tmpl.bind(params=raw_row.parameters or {}, stack_name=stack.name,
                     stack_id=stack.id, project_id=stack.tenant,
                     facade=db_api.stack_facade(stack))


def bound(stack):
    """What the stack's template declares, bound to the stack (a Declared;
    None if there is no template or it does not bind), once per stack and
    template."""
    return _bound_cached(raw_template_id(stack), stack.id, stack.name, stack.tenant,
                         stack.owner_id, stack.parent_resource_name)


class Declared:
    """What answering about a stack needs of its bound template: its
    description, parameters as shown, outputs and the type of each
    resource (as a StackDefinition answers them)."""

    def __init__(self, definition):
        self.description = definition.template.description
        self._stack_name = definition.stack_name
        self._version = definition.version
        self._parameters = definition.parameters_for_display()
        self._outputs = definition.outputs()
        self._paths = {name: definition.output_path(name) for name in self._outputs}
        self._output_requires = definition.output_requires()
        self._types = {name: definition.resource(name).type
                       for name in definition.resource_names()}

    def parameters_for_display(self):
        return dict(self._parameters)

    def outputs(self):
        return dict(self._outputs)

    def output_requires(self):
        return self._output_requires

    def resolve_output(self, name, refs, attrs):
        if name not in self._outputs:
            raise exception.OutputNotFound(name, self._stack_name)
        return stack_definition.resolve_output(self._outputs[name], self._version,
                                               self._paths[name], refs, attrs)

    def declared_type(self, name):
        """The type of resource ``name`` (after the environment's aliases),
        None if the template has no such resource."""
        return self._types.get(name)


class _StackKey:
    """What binding needs of a stack row."""

    def __init__(self, stack_id, name, tenant, owner_id=None, parent_resource_name=None):
        self.id, self.name, self.tenant = stack_id, name, tenant
        self.owner_id, self.parent_resource_name = owner_id, parent_resource_name


@functools.lru_cache(maxsize=64)
def _bound_cached(template_id, stack_id, name, tenant, owner_id, parent_resource_name):
    if template_id is None:
        return None
    definition = safe_bind(_StackKey(stack_id, name, tenant, owner_id, parent_resource_name),
                           db_api.raw_template_get(template_id))
    return Declared(definition) if definition is not None else None


def output_data(stack, bound_template):
    """(refs, attrs) of the resources the template's outputs refer to."""
    names = sorted(bound_template.output_requires())
    if not names:
        return {}, {}
    rows = db_api.resources_of_stack(stack.id, names=names)
    return resource_rows.reference_data(resource_rows.shown(rows))


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
    """{name: string}, hidden ones masked, pseudo parameters included (the
    template format's own: OS::stack_name or AWS::StackName, ...)."""
    if bound is None:
        return pseudo_parameters(stack)
    return bound.parameters_for_display()


class DeclaredResources:
    """Resources as the stack's template declares them: their types as
    written and their descriptions.

    A registry alias (``My::Server: OS::Heat::TestResource``) is stored
    resolved; Heat shows the alias, so the API does too, for rows of the
    type the alias resolves to.
    """

    def __init__(self, stack):
        self._types = {}
        self._descriptions = {}
        raw_row = raw(stack)
        if raw_row is None:
            return
        try:
            tmpl = hot_template.Template.load(raw_row.template, files=raw_row.files,
                                              environment=raw_row.environment)
        except exception.HeatConvException as exc:
            LOG.warning('Stored template of stack %s does not load: %s', stack.id, exc)
            return
        registry = tmpl.environment.registry
        for name, res in tmpl.resources.items():
            try:
                resolved = registry.resolve(res.type, name)[0]
            except exception.HeatConvException:
                continue
            self._types[name] = (res.type, resolved)
            self._descriptions[name] = res.description

    def type_of(self, name, stored_type):
        """The type to show for resource ``name`` stored as ``stored_type``."""
        written, resolved = self._types.get(name, (None, None))
        return written if resolved == stored_type else stored_type

    def description_of(self, name):
        return self._descriptions.get(name, '')


def output(bound, name, declared, refs, attrs):
    """One output in Heat's shape; a failure is reported, not raised.

    ``declared`` is the output's entry of ``bound.outputs()``.
    """
    out = {'output_key': name,
           'description': declared['description'] or 'No description given'}
    value = value_or_error(bound, name, refs, attrs)
    if isinstance(value, exception.OutputError):
        out['output_value'] = None
        out['output_error'] = value.message
    else:
        out['output_value'] = value
    return out


def outputs(bound, refs, attrs):
    if bound is None:
        return []
    return [output(bound, name, declared, refs, attrs)
            for name, declared in bound.outputs().items()]


def value_or_error(bound, name, refs, attrs):
    """Output ``name``'s value, or the OutputError that stops it."""
    try:
        return bound.resolve_output(name, refs, attrs)
    except exception.OutputError as exc:
        return exc
