"""Which resource row, at which lock version, an engine's cloud call acts for.

The engine sets it around a plugin's action; a client that can carry it
(the simulated cloud's HTTP client sends it as a request header) lets the
cloud record, by its own log, which row and which lock tenure asked for
each change. Nothing in the engine reads it back: it is evidence for the
other side of the wire, so that duplicate or stale actions can be counted
where they land.
"""
import contextlib
import contextvars
import dataclasses

HEADER = 'X-Heat-Conv-Acting-For'


@dataclasses.dataclass(frozen=True)
class ActingFor:
    resource_id: int
    version: int            # the row's atomic_key once the step locked it
    traversal_id: str | None
    action: str
    engine_id: str | None = None
    # The acting engine's ownership epoch when the action began (guard).
    epoch: int | None = dataclasses.field(default=None, compare=False)

    def header_value(self):
        return (f'resource_id={self.resource_id}; version={self.version}; '
                f'traversal_id={self.traversal_id or ""}; action={self.action}; '
                f'engine_id={self.engine_id or ""}')


_current = contextvars.ContextVar('heat_conv_acting_for', default=None)


@contextlib.contextmanager
def acting_for(resource_id, version, traversal_id, action, engine_id=None, epoch=None):
    token = _current.set(ActingFor(resource_id, version, traversal_id, str(action),
                                   engine_id, epoch))
    try:
        yield
    finally:
        _current.reset(token)


class OwnershipLost(Exception):
    """The engine may no longer own the row it acts for (it was taken for
    dead meanwhile): the call was not sent."""


_guard = None


def set_guard(guard):
    """Install ``guard(acting)``, which ``check`` runs: it returns when the
    caller may still act, waits, or raises OwnershipLost. None removes it."""
    global _guard
    _guard = guard


def check():
    """Right before a client sends a call made while acting for a row:
    raises OwnershipLost if the engine may have lost the row."""
    acting = current()
    if acting is not None and _guard is not None:
        _guard(acting)


def current():
    """The ActingFor of the calling thread's action, or None."""
    return _current.get()


def parse(value):
    """A header value as a dict of its fields (unknown fields kept, ints as
    ints); {} for None or an unreadable value."""
    fields = {}
    for part in (value or '').split(';'):
        key, sep, raw = part.strip().partition('=')
        if not sep or not key:
            continue
        fields[key] = int(raw) if key in ('resource_id', 'version') and raw.isdigit() \
            else (raw or None)
    return fields
