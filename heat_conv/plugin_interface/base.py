"""The resource plugin interface.

A plugin *starts* an action and says how it went: finished (``Done``),
still running in the cloud (``Pending``, the observer will report), or
failed. The engine never blocks a thread waiting for the cloud, and never
sees the cloud's client or its errors: a plugin turns whatever the cloud
answers (or fails to) into one of these outcomes.
"""
import copy
import dataclasses
import typing

from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.common.status import Drift
from heat_conv.hot import custom_constraints
from heat_conv.plugin_interface import ownership
from heat_conv.plugin_interface import properties as props_mod
from heat_conv.plugin_interface.ownership import Adopter  # noqa: F401  (the plugin interface)
from heat_conv.plugin_interface.ownership import Owner  # noqa: F401
from heat_conv.plugin_interface.ownership import StackKnown  # noqa: F401


@dataclasses.dataclass
class Done:
    physical_id: str | None = None
    # The object as the observer saw it when it judged the action done (a
    # plain, JSON-safe dict), which the plugin's ``attributes`` may read
    # instead of asking the service again (``Resource.seen``).
    seen: typing.Any = dataclasses.field(default=None, compare=False, repr=False)


@dataclasses.dataclass
class Pending:
    physical_id: str
    # Seconds after which a wait on signals fails (the reaper times it).
    timeout: float | None = None
    # Called once the wait is recorded (a child stack's traversal is cast
    # only then, so its end cannot arrive before the parent waits for it).
    then: typing.Any = dataclasses.field(default=None, compare=False, repr=False)


@dataclasses.dataclass
class Failed:
    reason: str
    physical_id: str | None = None


# Attributes every resource has, whatever its type, as in Heat. heat-conv
# keeps no detail beyond the attributes of the type, so ``show`` is null.
BASE_ATTRIBUTES = {'show': 'Detailed information about resource.'}


@dataclasses.dataclass
class Unknown:
    """Reality could not be asked (the cloud did not answer): decide nothing."""
    reason: str
    physical_id: str | None = None


class NoActionRequired(Exception):
    """A signal that asks for nothing to be done now; the message says why."""


@dataclasses.dataclass
class NeedsReplace:
    """From ``update``: the change cannot be made in place. Nothing was done;
    the engine builds a replacement instead."""
    physical_id: str | None = None


class Resource:
    """Base class: one resource of one stack, with resolved properties."""

    type_name = None
    properties_schema = {}
    attributes_schema = {}
    # Cloud-backed types finish asynchronously; the observer watches them.
    observed = False
    # Whether the type can take a snapshot of its object when deleted
    # (deletion_policy: Snapshot).
    snapshots = False
    # Types that accept signals (the resource signal API), and types whose
    # Pending actions end on signals rather than in the cloud.
    takes_signals = False
    waits_on_signals = False
    # The actions during which the resource refuses a signal (a 400), as
    # Heat's resources do: a suspended or deleted resource takes none.
    no_signal_actions = (Action.SUSPEND, Action.DELETE)
    # Types whose signals start work of their own while they are COMPLETE
    # (a scaling policy resizes its group): the engine's ``signalled``.
    acts_on_signals = False
    # A deprecated type names the type that replaces it (Heat's
    # support_status substitute_class): a template that changes a resource
    # to its substitute updates it in place, as Heat does, not replace it.
    substitute_type = None
    # Deprecated property -> the one that replaced it (Heat's translation
    # rules): a template may give either.
    renamed = {}
    # Types a scaling policy's signal resizes (``adjust``).
    scalable = False
    # Types whose create needs the stack's tenant and name (``stack``).
    wants_stack = False
    # Stack-backed types (stack_backed.StackBacked) own a child stack, which
    # the engine creates, updates and deletes for them.
    stack_backed = False
    # Types whose actions and attribute reads call a service that may take
    # seconds to answer (a real cloud's API under load): the steps of a
    # batch that act on them run side by side, so that one slow answer
    # does not hold up the batch's other steps.
    slow_calls = False
    # The object as the observer last saw it, when the action just ended
    # (Done.seen): its ``attributes`` may read it instead of the service.
    seen = None

    def __init__(self, name, stack_id, properties, physical_id=None,
                 stored_properties=None, stored_attributes=None, cloud=None,
                 resource_id=None, definition=None, stored_data=None):
        self.name = name
        # The step's frozen definition (messages.Definition), when a step
        # converges the resource onto one.
        self.definition = definition
        self.resource_id = resource_id
        self.stack_id = stack_id
        self.properties = properties
        self.physical_id = physical_id
        self.stored_properties = stored_properties or {}
        self.stored_attributes = stored_attributes or {}
        # The plugin's own data, kept between actions (Heat's resource data):
        # what an action leaves here is stored with its outcome.
        self.stored_data = stored_data or {}
        self.data = copy.deepcopy(self.stored_data)
        self._cloud = cloud
        # The project of the stack, set by the engine before a create, for
        # types that record it on their objects (ownership).
        self.project_id = None

    @property
    def cloud(self):
        if self._cloud is None:
            from heat_conv.cloud import client
            self._cloud = client.get_client()
        return self._cloud

    @classmethod
    def validate_properties(cls, values, path=()):
        """Apply defaults and check types; raises InvalidProperties."""
        return props_mod.validate(cls.properties_schema, values, path)

    @classmethod
    def check_property_names(cls, names, path=()):
        """Before the values are known (a template's validation): only that
        every property exists; raises InvalidProperties."""
        for name in names:
            if name not in cls.properties_schema:
                raise exception.InvalidProperties(f'Unknown property {name}',
                                                  path=tuple(path) + (name,))

    @classmethod
    def members_at_validation(cls, properties):
        """How many resources this one adds to the stack's tree, as far as
        its literal ``properties`` tell (a group's ``count``); counted
        against max_resources_per_stack when the template is validated."""
        return 0

    @classmethod
    def check_nested_template(cls, definition, bound, path, strict=True):
        """A template's validation of the template file ``definition`` maps
        its type to (a template resource's); how many resources its tree
        adds. Not ``strict`` (the validate call's, as in Heat), the child
        is read only as far as its parameters."""
        return 0

    @classmethod
    def check_at_create(cls, properties, bound, path):
        """What Heat checks of a resource's literal ``properties`` only when
        a stack is created or updated, not at the validate call (its
        resource ``validate``, which that call does not run); raises a
        HeatConvException."""

    # Replaced by every stack update, even one that changes none of its
    # properties (Heat's UpdateWaitConditionHandle).
    replaced_on_update = False

    @classmethod
    def check_members(cls, properties, bound, path, get_class):
        """A template's validation of the members a group would build from
        its literal ``properties``; raises InvalidProperties. Most
        resources have none."""

    @classmethod
    def check_available(cls, services, path=()):
        """At a request's validation: raise ResourceTypeUnavailable if the
        request's user cannot reach what the type needs (``services``: what
        they can reach, heat_conv.clients.request_services)."""

    @classmethod
    def check_constraints(cls, properties, services, path=()):
        """At a request's validation: every given property value whose
        property names a constraint must pass it, a service constraint
        (``nova.flavor``) as ``services`` answers, another (``net_cidr``) here;
        raises InvalidProperties at the first that does not."""
        for name, value, where in props_mod.constrained_values(
                cls.properties_schema, properties, path):
            if name in custom_constraints.SERVICE_CONSTRAINTS:
                problem = services.check_constraint(name, value)
            else:
                # net_cidr, ip_addr...: nothing to ask a service about.
                problem = custom_constraints.check(name, value)
            if problem is not None:
                raise exception.InvalidProperties(problem, path=where)

    @classmethod
    def has_attribute(cls, name):
        """Whether ``get_attr`` may read ``name`` (a template's validation)."""
        return name in cls.attributes_schema

    def needs_replace(self, old_properties):
        """True when a changed property cannot be updated in place."""
        for name, schema in self.properties_schema.items():
            if (old_properties.get(name) != self.properties.get(name)
                    and not schema.update_allowed):
                return True
        return False

    def refid(self):
        """What ``get_resource`` returns."""
        return self.physical_id or self.name

    # Actions: each returns Done, Pending or Failed (update may also return
    # NeedsReplace).
    def create(self):
        return Done()

    def update(self, old_properties):
        return Done(self.physical_id)

    def delete(self):
        return Done()

    def snapshot_delete(self):
        """Delete, keeping a snapshot of the object (types with ``snapshots``)."""
        return self.delete()

    def suspend(self):
        return Done(self.physical_id)

    def resume(self):
        return Done(self.physical_id)

    def snapshot(self):
        """A stack snapshot's step (Heat's handle_snapshot): types that live
        only in the database have nothing to copy; the stack's snapshot
        records every resource's data when its traversal ends."""
        return Done(self.physical_id)

    @classmethod
    def restore_properties(cls, resource_data):
        """A snapshot's restore (Heat's handle_restore): {property: value}
        that the resource's definition takes from what its snapshot step
        made (``resource_data``: its entry's data in the snapshot's
        document), such as a server's image; {} for most types."""
        return {}

    def delete_snapshot_data(self, resource_data):
        """Delete what a stack snapshot's step made for this resource (Heat's
        handle_delete_snapshot): ``resource_data``, its entry's data in the
        snapshot's document, names the objects. Done once they are gone (an
        object already gone is gone), Pending while the service deletes
        them, Failed with the service's reason. Called again while Pending,
        it answers how the delete stands now, without starting another."""
        return Done()

    def adopt(self):
        """Take over the existing object ``physical_id``: Done if it is
        there (nothing is created), else Failed."""
        return Done(self.physical_id)

    def owner(self):
        """Who the object ``physical_id`` says owns it (ownership.Owner:
        its metadata or ownership tags, read with the caller's own
        credentials), or None when there is nothing to ask: types whose
        objects live only in the database, or an object that is not
        there (``adopt`` says so); Unknown when the cloud could not be
        asked, which refuses the adopt (it may be tried again)."""
        return None

    def adoption_refusal(self, adopter):
        """Why this resource may not take over ``physical_id`` for
        ``adopter`` (ownership.Adopter): the reason its adopt fails with,
        or None. The rule is ownership's, the same for every type; a type
        says only what its objects claim (``owner``)."""
        owner = self.owner()
        if owner is None:
            return None
        if isinstance(owner, Unknown):
            return (f'{self.type_name} {self.physical_id} cannot be adopted: who owns '
                    f'it could not be established ({owner.reason})')
        return ownership.refusal(f'{self.type_name} {self.physical_id}',
                                 self.physical_id, owner, adopter)

    def progress(self, action, cloud_object):
        """Interpret the observed cloud object of a Pending action."""
        return Done(self.physical_id)

    def attributes(self):
        """Every attribute's current value, keyed by name."""
        return {}

    def check(self):
        """Stack check: types that live only in the database are always fine."""
        return Done(self.physical_id)

    # Reality, for types that have it (``observed``).
    @classmethod
    def observe_key(cls):
        """For types of a real cloud, what the observer groups their objects
        by to ask about them together (their ``observe_many``); None for the
        others, whose objects the simulated cloud shows."""
        return None

    def drift(self, expected, cloud_object):
        """Compare an object seen in the cloud with the properties it should
        have: (Drift status, detail)."""
        return Drift.NOT_CHECKED, None

    def observe_drift(self):
        """How the resource's object differs from the stored properties now:
        a Drift status, or None when there is nothing to look at or the
        cloud cannot be asked."""
        return None

    # Signals, for the types that take them or wait on them.
    def signal_reason(self, details, received=()):
        """Check a signal's body; the reason of its SIGNAL_COMPLETE event.
        ``received``: the bodies of the signals it got before. Raises
        exception.Invalid (a 400) for a body the type cannot use."""
        return 'Signal: received'

    @classmethod
    def metadata_from_signals(cls, signals):
        """The resource's metadata given the signals it got, for types whose
        metadata is their signals (a wait condition handle); else None."""
        return None

    def adjust(self, policy):
        """A scalable type, signalled through a policy whose properties are
        ``policy``: (the ChildSpec of the resize, the event's reason);
        raises NoActionRequired when it may not or need not scale."""
        raise NoActionRequired('the resource does not scale')

    @classmethod
    def scaling_request(cls, properties):
        """A scaling policy's properties in the terms ``adjust`` takes:
        auto_scaling_group_id, adjustment_type (exact_capacity, ...),
        scaling_adjustment, cooldown, min_adjustment_step."""
        return properties

    def scaled(self, reason, size_changed=True):
        """A resize that ``adjust`` began ended."""

    @classmethod
    def metadata_from_data(cls, metadata, data):
        """The resource's metadata given its template metadata and its
        data, for types that show state there (a scaling group's cooldown);
        else None."""
        return None

    def signal_source(self):
        """Whose signals a wait counts: keyword arguments of
        db_api.signals_for (resource_name or physical_id)."""
        return {'resource_name': self.name}

    # The class name Heat's messages give the type, where it differs.
    heat_class_name = None

    @classmethod
    def timeout_reason(cls, action, name, stack_name, stack_id):
        """Why a wait on signals that the stack's timeout ended failed,
        worded as Heat words an action its timeout aborts."""
        return (f'{action} aborted (Task {action.lower()} from '
                f'{cls.heat_class_name or cls.__name__} "{name}" Stack "{stack_name}" '
                f'[{stack_id}] Timed out)')

    @classmethod
    def polled_while_waiting(cls, properties):
        """Whether a wait on signals of a resource with these (stored)
        ``properties`` is also watched by the observer (``observe_many`` and
        ``progress``): its answer arrives in the cloud, not as a signal (a
        deployment's TEMP_URL_SIGNAL, in Swift)."""
        return False

    def judge_signals(self, signals, timed_out=False):
        """How a wait ends given every signal so far (oldest first): Done,
        Failed, or None to go on waiting; ``timed_out``: its time is up."""
        return None

    def find_orphan(self):
        """The physical id of an object a create made but never recorded (its
        engine died, or the answer was lost), None if there is none, or
        Unknown when the cloud cannot be asked."""
        return None
