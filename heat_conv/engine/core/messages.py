"""What is cast to engine workers: one dataclass per kind of message.

Each message names the endpoint method that handles it (``METHOD``) and
travels as that method's keyword arguments (``to_wire``), plain JSON. The
RPC API is versioned (``VERSION``); a worker also reads the 1.0 shapes, in
which the run mode rode inside the definition and the observer sent the
cloud object instead of its verdict, for one release.

The same types describe what a traversal stores for its nodes
(``NodeSpec``, in each sync point) and what a finished node tells its
successors (``Input``, in each sync input).
"""
import dataclasses
import enum
import typing

from heat_conv.common.status import Status
from heat_conv.plugin_interface import base

# 1.2: child_done; 1.3: signal_arrived, hook_cleared; 1.4: run modes suspend,
# resume and adopt; 1.5: run mode snapshot; 1.6: resource_signalled,
# scaling_done; 1.7: check_resource without its definition and mode (the
# step reads them from its node's sync point); 1.8: run_batch; 1.9: an
# outcome may carry the object the observer saw (``seen``); 1.10:
# delete_snapshots.
VERSION = '1.10'


class Mode(enum.StrEnum):
    """How a graph node treats its resource in this traversal."""
    CONVERGE = 'converge'   # update node: compare with what was last stored
    OBSERVE = 'observe'     # update node: compare with reality (converge from reality)
    CHECK = 'check'         # update node: only ask reality (stack check)
    SUSPEND = 'suspend'     # cleanup node suspends, update node passes (reverse order)
    RESUME = 'resume'       # update node resumes, cleanup node passes
    ADOPT = 'adopt'         # update node: take over the object its row names
    SNAPSHOT = 'snapshot'   # update node snapshots, cleanup node passes
    KEEP = 'keep'           # cleanup node of a row the target template keeps
    DELETE = 'delete'       # cleanup node of a row to delete

    @classmethod
    def from_legacy(cls, definition, is_update):
        """The 1.0 shape: booleans inside the definition."""
        if not is_update:
            return cls.DELETE if definition.get('delete') else cls.KEEP
        if definition.get('check'):
            return cls.CHECK
        return cls.OBSERVE if definition.get('observe') else cls.CONVERGE


@dataclasses.dataclass(frozen=True)
class Definition:
    """One resource's frozen template definition, as its step needs it.

    A cleanup node knows only the name; an update node has the rest, and
    ``template_id``, the raw template the traversal converges to.
    """
    name: str
    type: str | None = None
    version: typing.Any = None
    properties: typing.Any = None
    metadata: typing.Any = None
    deletion_policy: str | None = None
    update_policy: typing.Any = None
    requires: dict | None = None
    template_id: int | None = None
    # A template resource's nested template file (its type may be any name).
    nested_template: str | None = None
    hook: str | None = None   # the breakpoint set on the node (pre-create, ...)
    post_hook: str | None = None   # the one after its action (post-create, ...)
    external_id: str | None = None
    restricted_actions: tuple | None = None

    @classmethod
    def from_dict(cls, values):
        return cls(**{k: v for k, v in values.items() if k in _DEFINITION_NAMES})

    def to_dict(self):
        # Field by field, not dataclasses.asdict: that deep-copies every
        # snippet, and a traversal serialises one definition per node.
        return {name: value for name in _DEFINITION_FIELDS
                if (value := getattr(self, name)) is not None}


_DEFINITION_FIELDS = tuple(f.name for f in dataclasses.fields(Definition))
_DEFINITION_NAMES = frozenset(_DEFINITION_FIELDS)


@dataclasses.dataclass(frozen=True)
class NodeSpec:
    """What a sync point keeps for its node: enough to cast its step."""
    definition: Definition
    mode: Mode

    @classmethod
    def from_dict(cls, values, is_update):
        if 'mode' in values and 'definition' in values:
            return cls(Definition.from_dict(values['definition']), Mode(values['mode']))
        return cls(Definition.from_dict(values), Mode.from_legacy(values, is_update))

    def to_dict(self):
        return {'definition': self.definition.to_dict(), 'mode': self.mode}


@dataclasses.dataclass(frozen=True)
class Input:
    """What a finished update node tells one successor: its reference id and
    only the attributes the successor uses."""
    name: str
    row: int
    refid: typing.Any
    attrs: dict
    # In a stack check, the predecessor's check failed or was cancelled:
    # as in Heat, what depends on it is not checked. Sent only when set, so
    # other messages keep their 1.x shape.
    cancelled: bool = False

    @classmethod
    def from_dict(cls, values):
        return cls(values['name'], values['row'], values.get('refid'),
                   values.get('attrs') or {}, bool(values.get('cancelled')))

    def to_dict(self):
        values = {'name': self.name, 'row': self.row, 'refid': self.refid,
                  'attrs': self.attrs}
        if self.cancelled:
            values['cancelled'] = True
        return values


@dataclasses.dataclass(frozen=True)
class Converge:
    """Start traversal ``traversal_id`` of a stack: build and store its graph."""
    METHOD: typing.ClassVar[str] = 'converge'
    stack_id: str
    traversal_id: str

    @classmethod
    def from_wire(cls, kwargs):
        return cls(kwargs['stack_id'], kwargs['traversal_id'])

    def to_wire(self):
        return {'stack_id': self.stack_id, 'traversal_id': self.traversal_id}


@dataclasses.dataclass(frozen=True)
class CheckResource:
    """Run one graph node's step. ``definition`` and ``mode`` are the node's
    stored spec: None (1.7) when the step is to read them with its row."""
    METHOD: typing.ClassVar[str] = 'check_resource'
    stack_id: str
    traversal_id: str
    entity_id: int
    is_update: bool
    definition: Definition | None = None
    mode: Mode | None = None
    inputs: tuple = ()

    @property
    def node(self):
        return (self.entity_id, self.is_update)

    @classmethod
    def from_wire(cls, kwargs):
        inputs = tuple(Input.from_dict(i) for i in kwargs.get('inputs') or ())
        if 'definition' not in kwargs:
            return cls(kwargs['stack_id'], kwargs['traversal_id'], kwargs['entity_id'],
                       kwargs['is_update'], inputs=inputs)
        definition = kwargs['definition'] or {}
        mode = kwargs.get('mode')
        return cls(kwargs['stack_id'], kwargs['traversal_id'], kwargs['entity_id'],
                   kwargs['is_update'], Definition.from_dict(definition),
                   Mode(mode) if mode else Mode.from_legacy(definition,
                                                            kwargs['is_update']),
                   inputs)

    def to_wire(self):
        wire = {'stack_id': self.stack_id, 'traversal_id': self.traversal_id,
                'entity_id': self.entity_id, 'is_update': self.is_update,
                'inputs': [i.to_dict() for i in self.inputs]}
        if self.definition is not None:
            wire.update(definition=self.definition.to_dict(), mode=self.mode)
        return wire


@dataclasses.dataclass(frozen=True)
class Batch:
    """Several steps' messages (check_resource, action_complete) for one
    worker to handle one after another: one message instead of many when
    one transaction or one observer pass has many to send at once (a
    traversal's leaves, a wide fan-out, a thousand actions that ended)."""
    METHOD: typing.ClassVar[str] = 'run_batch'
    messages: tuple

    @classmethod
    def from_wire(cls, kwargs):
        return cls(tuple(BATCHABLE[item['method']].from_wire(item['args'])
                         for item in kwargs['messages']))

    def to_wire(self):
        return {'messages': [{'method': message.METHOD, 'args': message.to_wire()}
                             for message in self.messages]}


def outcome_to_wire(outcome):
    if isinstance(outcome, base.Failed):
        return {'status': Status.FAILED, 'reason': outcome.reason,
                'physical_id': outcome.physical_id}
    wire = {'status': Status.COMPLETE, 'physical_id': outcome.physical_id}
    if getattr(outcome, 'seen', None) is not None:
        wire['seen'] = outcome.seen
    return wire


def outcome_from_wire(values):
    if values['status'] == Status.FAILED:
        return base.Failed(values.get('reason') or '', values.get('physical_id'))
    return base.Done(values.get('physical_id'), seen=values.get('seen'))


@dataclasses.dataclass(frozen=True)
class ResumeStep:
    """An external event ends the action a resource's step is waiting for.

    ``atomic_key`` is the row's key while it waits: a report about an
    action that has since been superseded, or a duplicate, matches nothing.
    Every kind of event that a waiting step may be waiting for is one of
    these; its handler turns it into ``outcome`` and resumes the step.
    """
    resource_id: int
    atomic_key: int
    outcome: typing.Any   # base.Done or base.Failed

    def to_wire(self):
        return {'resource_id': self.resource_id, 'atomic_key': self.atomic_key,
                'outcome': outcome_to_wire(self.outcome)}


@dataclasses.dataclass(frozen=True)
class ActionComplete(ResumeStep):
    """The observer saw a pending cloud action end, and how it ended."""
    METHOD: typing.ClassVar[str] = 'action_complete'
    # 1.0 senders sent the cloud object for the engine to judge.
    cloud_object: typing.Any = None
    # When the cloud settled the object (seconds since the epoch), if it
    # says: recorded on the row. An engine that predates it ignores it.
    settled_at: float | None = None

    @classmethod
    def from_wire(cls, kwargs):
        outcome = kwargs.get('outcome')
        return cls(kwargs['resource_id'], kwargs['atomic_key'],
                   outcome_from_wire(outcome) if outcome is not None else None,
                   cloud_object=kwargs.get('cloud_object'),
                   settled_at=kwargs.get('settled_at'))

    def to_wire(self):
        wire = super().to_wire()
        if self.settled_at is not None:
            wire['settled_at'] = self.settled_at
        return wire


@dataclasses.dataclass(frozen=True)
class ChildDone(ResumeStep):
    """The child stack of a stack-backed resource ended its traversal
    (COMPLETE or FAILED), so the parent resource's step can go on."""
    METHOD: typing.ClassVar[str] = 'child_done'

    @classmethod
    def from_wire(cls, kwargs):
        return cls(kwargs['resource_id'], kwargs['atomic_key'],
                   outcome_from_wire(kwargs['outcome']))


@dataclasses.dataclass(frozen=True)
class SignalArrived(ResumeStep):
    """A resource waiting on signals may have got what it waits for (they
    are stored, so the handler reads them all), or its wait timed out."""
    METHOD: typing.ClassVar[str] = 'signal_arrived'
    outcome: typing.Any = None
    timed_out: bool = False

    @classmethod
    def from_wire(cls, kwargs):
        return cls(kwargs['resource_id'], kwargs['atomic_key'],
                   timed_out=bool(kwargs.get('timed_out')))

    def to_wire(self):
        return {'resource_id': self.resource_id, 'atomic_key': self.atomic_key,
                'timed_out': self.timed_out}


@dataclasses.dataclass(frozen=True)
class HookCleared(ResumeStep):
    """A user cleared the breakpoint ``hook`` a resource's step is paused on."""
    METHOD: typing.ClassVar[str] = 'hook_cleared'
    outcome: typing.Any = None
    hook: str = ''

    @classmethod
    def from_wire(cls, kwargs):
        return cls(kwargs['resource_id'], kwargs['atomic_key'], hook=kwargs['hook'])

    def to_wire(self):
        return {'resource_id': self.resource_id, 'atomic_key': self.atomic_key,
                'hook': self.hook}


@dataclasses.dataclass(frozen=True)
class ResourceSignalled:
    """A resource that acts on its signals (a scaling policy) got one."""
    METHOD: typing.ClassVar[str] = 'resource_signalled'
    resource_id: int

    @classmethod
    def from_wire(cls, kwargs):
        return cls(kwargs['resource_id'])

    def to_wire(self):
        return {'resource_id': self.resource_id}


@dataclasses.dataclass(frozen=True)
class ScalingDone(ResumeStep):
    """The child stack of an autoscaling group being resized (not by a
    step: the group is COMPLETE) settled."""
    METHOD: typing.ClassVar[str] = 'scaling_done'

    @classmethod
    def from_wire(cls, kwargs):
        return cls(kwargs['resource_id'], kwargs['atomic_key'],
                   outcome_from_wire(kwargs['outcome']))


@dataclasses.dataclass(frozen=True)
class StackMessage:
    """A message about one stack, as a whole."""
    stack_id: str

    @classmethod
    def from_wire(cls, kwargs):
        return cls(kwargs['stack_id'])

    def to_wire(self):
        return {'stack_id': self.stack_id}


@dataclasses.dataclass(frozen=True)
class DriftFound(StackMessage):
    """The observer found a resource of the stack drifted from its template."""
    METHOD: typing.ClassVar[str] = 'drift_found'


@dataclasses.dataclass(frozen=True)
class DeleteSnapshots(StackMessage):
    """Snapshots of the stack are being deleted: look how their objects'
    deletes stand (the observer sends it while any is)."""
    METHOD: typing.ClassVar[str] = 'delete_snapshots'


# What may travel in a Batch, by method.
BATCHABLE = {CheckResource.METHOD: CheckResource, ActionComplete.METHOD: ActionComplete}
