"""The engine's extension points: where a feature (nested stacks; signals,
hooks and scaling; lifecycle; recovery) reaches the convergence core.

The core names no feature. A feature's function is registered here by its
dotted name (``heat_conv.engine.features`` registers them all, once per
process), with an optional ``when`` test on the arguments the core has in
hand. The core imports a feature's module only the first time a step
needs it, so the step of a plain resource loads none.

The points, with the arguments each is called with:

``GUARD`` (row, step, definition, change): before a step's action (a hook
    is a guard); True when the step must end here. ``change`` is the
    decision's Change, or None for a delete.
``SETTLED`` (row): an action completed and the step released the row;
    True when the step must end here instead of telling its successors.
``LOCK_MARK`` (post_hook, action): the value of ``paused_on`` the lock
    writes.
``DIRECTIVE`` (row, step, mode, definition, plugin, record_noop,
    continue_traversal): the template prescribes how the node treats its
    row (adopt it, leave it); True when it took the step over.
``STATE_ACTION``, keyed by node mode (row, step, mode, inputs): the node
    acts on its resource as it stands instead of converging it.
``BUSY_ROW`` (row, traversal_id, is_update, mode): a step met its row
    held by an older traversal's wait; True when it took the row.
``CHILD_STACKS``: the child stacks of stack-backed rows, a ChildStacks
    (``service``), which the other features use too.
``ADOPTED_ROWS`` (bound, documented): the rows of an adopted stack (a
    child's, in an adopt).
``CHILD_AWAITED`` (row, child, outcome): a child stack ended while its
    parent row waits outside a step (a resize); True once told.
``WAITS_DUE`` (now): the reaper's look at the waits past their deadline.
``BEGAN_WAITING`` (row, plugin): a plugin that waits on signals began to.
``SUPERSEDED`` (held_rows): a new traversal found rows held by the one it
    supersedes.
``BREAKPOINTS`` (operation, hooks_set): the (pre, post) hooks a node of a
    traversal stops at.
``TRAVERSAL_ENDED``, keyed by stack action (stack_id, traversal_id,
    status, reason): a traversal of that action ended.
``EVENT``, keyed by message method (msg): the handler of an external
    event addressed to one resource's step (or, ``delete_snapshots``, to a
    stack's snapshots being deleted).
"""
import dataclasses
import importlib
import typing

GUARD = 'guard'
SETTLED = 'settled'
LOCK_MARK = 'lock_mark'
DIRECTIVE = 'directive'
STATE_ACTION = 'state_action'
BUSY_ROW = 'busy_row'
CHILD_STACKS = 'child_stacks'
ADOPTED_ROWS = 'adopted_rows'
CHILD_AWAITED = 'child_awaited'
WAITS_DUE = 'waits_due'
BEGAN_WAITING = 'began_waiting'
SUPERSEDED = 'superseded'
BREAKPOINTS = 'breakpoints'
TRAVERSAL_ENDED = 'traversal_ended'
EVENT = 'event'


class ChildStacks(typing.Protocol):
    """The child stack of a stack-backed row (``CHILD_STACKS``)."""

    def start(self, row, action, plugin): ...          # the row's CREATE/UPDATE/DELETE
    def resumed(self, row, plugin, outcome): ...       # its child's end: the outcome
    def adopt(self, row, plugin, documented): ...      # adopt the child's objects
    def check(self, row): ...                          # a stack check of the child
    def state_action(self, row, action): ...           # suspend or resume the child
    def converge_child(self, row, spec): ...           # outside a step (a resize)
    def stack_ended(self, stack): ...                  # tell the parent; how many told
    def resend_lost(self, parent_ids): ...             # the reaper: lost ends again


@dataclasses.dataclass
class Extension:
    """One feature's function at one point, imported on its first call."""
    target: str                          # 'package.module:function'
    when: typing.Callable[..., typing.Any] | None = None
    _function: typing.Callable[..., typing.Any] | None = None

    def applies(self, *args):
        return self.when is None or bool(self.when(*args))

    def __call__(self, *args):
        if self._function is None:
            module, name = self.target.split(':')
            self._function = getattr(importlib.import_module(module), name)
        return self._function(*args)


_points: dict[tuple[str, typing.Any], list[Extension]] = {}
_keys: dict[str, frozenset] = {}   # point -> its keys: a step asks on every node


def register(point, target, key=None, when=None):
    """Add ``target`` ('module:function') at ``point`` (for ``key``)."""
    entries = _points.setdefault((point, key), [])
    if all(entry.target != target for entry in entries):
        entries.append(Extension(target, when))
    _keys[point] = _keys.get(point, frozenset()) | {key}


def registered(point, key=None):
    """The extensions at ``point`` for ``key``, in registration order."""
    return _points.get((point, key), ())


def keys(point):
    """The keys with an extension at ``point`` (e.g. the modes a feature acts in)."""
    return _keys.get(point, frozenset())


def first(point, *args, key=None):
    """Call the extensions at ``point`` that apply, in turn, until one
    answers true; that answer, or False."""
    for extension in registered(point, key):
        if extension.applies(*args) and (answer := extension(*args)):
            return answer
    return False


def call(point, *args, key=None, default=None):
    """The answer of the one extension at ``point`` that applies, or ``default``."""
    for extension in registered(point, key):
        if extension.applies(*args):
            return extension(*args)
    return default


def notify(point, *args, key=None):
    """Call every extension at ``point`` that applies."""
    for extension in registered(point, key):
        if extension.applies(*args):
            extension(*args)


def service(point) -> typing.Any:
    """The module registered at ``point`` (e.g. a ChildStacks), imported now."""
    target = registered(point)[0].target
    return importlib.import_module(target)


def handler(method):
    """The handler of the external event ``method`` (a message's METHOD)."""
    def handle(msg):
        extension = registered(EVENT, method)
        if not extension:
            raise LookupError(f'no engine feature handles {method}')
        return extension[0](msg)
    return handle
