"""Resources whose reality is a child stack: template resources,
OS::Heat::Stack, resource groups and chains.

A subclass says what its child stack should be (``child_spec``); the
engine does the rest (``heat_conv.engine.nested.nested``): its step creates,
updates or deletes the child stack, casts the child's traversal and waits
like a slow cloud action; the child's end is reported back to the step.
When the child has settled, the resource's attributes are read from it:
its outputs and, through ``resource.NAME[.ATTR]``, its members.
"""
import dataclasses

from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.hot import evaluator
from heat_conv.hot import references
from heat_conv.plugin_interface import base
from heat_conv.stacks import resource_rows
from heat_conv.stacks import stored_template

# get_attr names that reach into the child stack: resource.NAME[.ATTR]
MEMBER_PREFIX = references.MEMBER_PREFIX


@dataclasses.dataclass
class ChildSpec:
    """What the child stack of a stack-backed resource should be."""
    template: dict                  # the child's template (parsed)
    parameters: dict = dataclasses.field(default_factory=dict)
    files: dict = dataclasses.field(default_factory=dict)
    environment: dict = dataclasses.field(default_factory=dict)
    timeout: int | None = None      # minutes, as a stack's


class StackBacked(base.Resource):
    """Base class of the resources that own a child stack.

    The physical id is the child stack's id (what ``get_resource``
    returns). Subclasses define ``child_spec`` and, from ``child_outputs``
    and ``child_resource``, their attributes.
    """

    stack_backed = True
    # (files, environment) of the parent's target when it is not stored:
    # an update preview asks what the child would become.
    parent_inputs = None

    def child_spec(self):
        """The ChildSpec the child stack converges to (create and update);
        raise a HeatConvException (with the parent's path) for bad input."""
        raise NotImplementedError

    def parent_files_and_environment(self):
        """The files and environment of the template the parent converges to."""
        if self.parent_inputs is not None:
            return self.parent_inputs
        raw = db_api.raw_template_get(self.definition.template_id)
        return raw.files or {}, raw.environment or {}

    def child_done(self, outcome):
        """The child stack settled (``outcome``: Done or Failed) or a wait
        of the plugin's own ended: the action's outcome, or a ChildSpec to
        converge the child to next (the action goes on), or Pending to
        keep waiting (``progress`` ends that wait, asked by the observer)."""
        return outcome

    # The engine acts on the child stack; nobody calls these on a
    # stack-backed resource, so they say so rather than pretend.
    def create(self):
        raise NotImplementedError('the engine creates the child stack')

    def update(self, old_properties):
        raise NotImplementedError('the engine updates the child stack')

    def delete(self):
        raise NotImplementedError('the engine deletes the child stack')

    def progress(self, action, cloud_object):
        # The child stack reports its own end; the observer has nothing to say.
        return None

    def refid(self):
        return self.physical_id or self.name

    def facade_metadata(self):
        """The parent's metadata, for ``resource_facade`` in the child."""
        snippet = self.definition.metadata if self.definition is not None else None
        if not snippet:
            return {}
        try:
            return evaluator.resolve_frozen(snippet, self.definition.version, {}, {})
        except exception.HeatConvException:
            return {}   # it reads other resources: not known here

    # --- reading the child ---------------------------------------------------

    def child_stack(self):
        """The child stack row, or None if there is none (or it is deleted)."""
        if not self.physical_id:
            return None
        try:
            stack = db_api.stack_get(self.physical_id)
        except exception.StackNotFound:
            return None
        return None if stack.deleted_at is not None else stack

    def child_outputs(self):
        """{output name: value} of the child stack as it stands. An output
        that cannot be computed is ``references.unavailable``: reading it
        fails, as Heat's get_output of an output in error does."""
        stack = self.child_stack()
        if stack is None:
            return {}
        bound = stored_template.bound(stack)
        if bound is None:
            return {}
        refs, attrs = stored_template.output_data(stack, bound)
        values = {}
        for name in bound.outputs():
            value = stored_template.value_or_error(bound, name, refs, attrs)
            if isinstance(value, exception.OutputError):
                value = references.unavailable(
                    f'Error in {self.name} output {name}: {value.heat_reason}')
            values[name] = value
        return values

    def child_resources(self):
        """{name: (refid, attributes)} of the child stack's built resources."""
        stack = self.child_stack()
        if stack is None:
            return {}
        shown = resource_rows.shown(db_api.resources_of_stack(stack.id))
        refs, attrs = resource_rows.reference_data(shown)
        return {name: (refs[name], attrs[name]) for name in refs}

    def child_resource(self, name):
        """(refid, attributes) of member ``name`` of the child, or None."""
        return self.child_resources().get(name)

    def member_attributes(self, members=None):
        """``resource.NAME`` and ``resource.NAME.ATTR`` for every member."""
        out = {}
        for name, (refid, attrs) in (members if members is not None
                                     else self.child_resources()).items():
            out[f'{MEMBER_PREFIX}{name}'] = refid
            for key, value in attrs.items():
                out[f'{MEMBER_PREFIX}{name}.{key}'] = value
        return out

    @classmethod
    def has_attribute(cls, name):
        return name.startswith(MEMBER_PREFIX) or super().has_attribute(name)

    def check(self):
        raise NotImplementedError('the engine checks the child stack')

    def find_orphan(self):
        # A child stack made before the engine died has been cast already:
        # adopt it, so it is updated or deleted rather than leaked.
        # A child another row of the same name holds is not this one's.
        held = {row.physical_resource_id for row in
                db_api.resources_of_stack(self.stack_id, names=[self.name])}
        for stack in db_api.stack_children(self.stack_id, self.name):
            if stack.id not in held:
                return stack.id
        return None
