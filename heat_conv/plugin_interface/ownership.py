"""Whose object is it: the rule an adopt (or ``external_id``) obeys.

Adopting an object makes the adopting stack its owner, so deleting that
stack deletes the object. A document names objects by id alone, and
anyone may post any document; so before taking an object over, a
resource asks who owns it. It is refused when the object belongs to
another project, or when another live stack owns it: its own metadata
or tags name that stack, or a live row of another stack records its id.
An object whose stack has gone (an abandoned stack's) is free to adopt
within its project; one that names no stack at all was made outside
heat-conv and belongs to whoever can see it.

A plugin says what the object claims (``Resource.owner``: its metadata
on the simulated cloud, its ownership tags on a real one, with the
caller's own credentials: an object the caller cannot see is not there);
the engine says what it knows of stacks (``Adopter``); the rule here
decides, the same for every type.
"""
import dataclasses
import typing


@dataclasses.dataclass(frozen=True)
class Owner:
    """Whom an object's own metadata or tags say it belongs to; None where
    they say nothing."""
    stack_id: str | None = None
    resource_name: str | None = None
    project_id: str | None = None


@dataclasses.dataclass(frozen=True)
class StackKnown:
    """What the engine knows of a stack an object names."""
    project_id: str
    live: bool   # not deleted, not abandoned


@dataclasses.dataclass(frozen=True)
class Adopter:
    """The stack that would take the object over, and the engine's lookups.

    ``stack``: a stack id's StackKnown, or None when no stack of that id
    is known (never was, or purged). ``held_by``: the id of a live stack,
    other than the adopter, one of whose live rows records a physical id;
    None when there is none.
    """
    stack_id: str
    project_id: str
    stack: typing.Callable[[str], StackKnown | None]
    held_by: typing.Callable[[str], str | None]


def refusal(what, physical_id, owner, adopter):
    """Why ``adopter`` may not take over object ``physical_id`` (``what``:
    how the failure names it, e.g. 'OS::Heat::TestResource 1234'), whose
    metadata or tags claim ``owner``: the reason, or None when it may."""
    claimed = adopter.stack(owner.stack_id) if owner.stack_id else None
    project = owner.project_id or (claimed.project_id if claimed else None)
    if owner.stack_id and project is None:
        return (f'{what} cannot be adopted: it names stack {owner.stack_id}, which is '
                'unknown here, so its project cannot be established')
    if project is not None and project != adopter.project_id:
        return f'{what} cannot be adopted: it belongs to another project'
    if claimed is not None and claimed.live and owner.stack_id != adopter.stack_id:
        resource = f' (resource {owner.resource_name})' if owner.resource_name else ''
        return (f'{what} cannot be adopted: it is owned by stack '
                f'{owner.stack_id}{resource}')
    holder = adopter.held_by(physical_id)
    if holder is not None:
        return f'{what} cannot be adopted: stack {holder} already owns it'
    return None
