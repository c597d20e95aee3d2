"""``import-heat``: read Heat's database, map each stack tree, insert the
ones that can be taken over, one transaction per tree, and say what
happened to every tree.

Idempotent: stacks keep their ids, so a tree whose top stack heat-conv
already has is reported as already imported and left alone; a second run
imports nothing twice. Nothing here calls the cloud or writes Heat's
database: Heat's engines must be stopped before (doc/operations.md), so
that no stack changes under the import, and Heat's rows stay as they were
should the cut-over be abandoned.
"""
import dataclasses
import time
import types

import sqlalchemy as sa
from oslo_db import exception as db_exc

from heat_conv.common import events
from heat_conv.db import api as db_api
from heat_conv.heat_import import heat_crypt
from heat_conv.heat_import import heat_reader
from heat_conv.heat_import import tree_mapping

IMPORTED, WOULD_IMPORT, ALREADY, REFUSED = ('imported', 'would import',
                                            'already imported', 'left to Heat')


@dataclasses.dataclass
class Outcome:
    """What became of one stack tree."""
    root_id: str
    name: str
    tenant: str
    state: str
    stacks: int = 0
    resources: int = 0
    reasons: list = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Report:
    outcomes: list
    dry_run: bool
    seconds: float = 0.0
    heat_statements: int = 0
    statements: int = 0

    def count(self, state):
        return sum(1 for o in self.outcomes if o.state == state)


class _Counter:
    """Statements run on an engine while it is attached."""

    def __init__(self, engine):
        self.engine, self.count = engine, 0
        sa.event.listen(engine, 'before_cursor_execute', self._seen)

    def _seen(self, *args):
        self.count += 1

    def detach(self):
        sa.event.remove(self.engine, 'before_cursor_execute', self._seen)


def heat_engine(url):
    """An engine on Heat's database, used for reading only."""
    return sa.create_engine(url, pool_pre_ping=True)


def run(heat_url, key=None, project=None, dry_run=False, engine=None, own_engine=None):
    """Import Heat's stacks (``project``'s only, if given); a Report.
    ``key``: Heat's auth_encryption_key (Heat's default if None);
    ``engine``: one on Heat's database to use instead of ``heat_url``'s;
    ``own_engine``: heat-conv's, whose statements the report counts."""
    key = key or heat_crypt.HEAT_DEFAULT_KEY
    began = time.monotonic()
    heat = engine if engine is not None else heat_engine(heat_url)
    heat_count = _Counter(heat)
    own_count = _Counter(own_engine) if own_engine is not None else None
    try:
        heat_db = heat_reader.read(heat, project)
        roots = sorted(heat_db.roots(), key=lambda s: (s.tenant, s.name))
        known = db_api.stacks_known([s.id for s in roots])
        live = db_api.stack_live_names([s.tenant for s in roots]) if roots else {}
        outcomes = [_one(heat_db, root, key, known, live, dry_run) for root in roots]
    finally:
        heat_count.detach()
        if own_count is not None:
            own_count.detach()
        if engine is None:
            heat.dispose()
    return Report(outcomes, dry_run, seconds=time.monotonic() - began,
                  heat_statements=heat_count.count,
                  statements=own_count.count if own_count is not None else 0)


def _one(heat_db, root, key, known, live, dry_run):
    outcome = Outcome(root.id, root.name, root.tenant, REFUSED,
                      stacks=len(heat_db.tree(root.id)))
    if root.id in known:
        outcome.state = ALREADY
        return outcome
    try:
        tree = tree_mapping.map_tree(heat_db, root.id, key)
    except tree_mapping.Unimportable as exc:
        outcome.reasons = exc.reasons
        return outcome
    outcome.resources = tree.resource_count()
    holder = live.get((root.tenant, root.name))
    if holder is not None and holder != root.id:
        outcome.reasons = [f'heat-conv already has a stack named {root.name} in project '
                           f'{root.tenant} ({holder})']
        return outcome
    if dry_run:
        outcome.state = WOULD_IMPORT
        return outcome
    try:
        insert(tree)
    except db_exc.DBDuplicateEntry as exc:
        outcome.reasons = [f'heat-conv already has one of its stacks or resources '
                           f'({", ".join(exc.columns or []) or exc}): nothing was inserted']
        return outcome
    outcome.state = IMPORTED
    return outcome


def insert(tree):
    """The tree's rows, in one transaction, with one event per stack."""
    rows = [row for resources in tree.resources.values() for row in resources]
    imported = [events.for_stack(types.SimpleNamespace(id=values['id'], name=values['name']),
                                 values['action'], values['status'], 'Imported from Heat')
                for values in tree.stacks]
    db_api.stack_tree_insert(tree.templates, tree.stacks, rows, events=imported)
