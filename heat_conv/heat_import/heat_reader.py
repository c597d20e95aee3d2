"""Heat 27's stacks read from its database, as plain values.

The reads are a fixed number of statements whatever the number of stacks
(each table once, ids sent in chunks), all in one read-only transaction so
the picture is consistent. Nothing is written to Heat's database. Secrets
stay encrypted here (``heat_crypt`` decrypts them, with the key the
operator gives); Heat's JSON text columns are decoded.
"""
import dataclasses
import json

import sqlalchemy as sa

from heat_conv.heat_import import heat_schema as hs

# Ids per IN (...) list: well under any server's limit on a statement.
CHUNK = 500


@dataclasses.dataclass
class HeatTemplate:
    id: int
    template: dict
    files: dict
    environment: dict


@dataclasses.dataclass
class HeatResource:
    id: int
    uuid: str
    name: str
    stack_id: str
    action: str
    status: str
    status_reason: str
    physical_id: str
    metadata: dict
    # Heat's stored properties: plain, or {name: [method, ciphertext]}.
    properties: dict
    properties_encrypted: bool
    attributes: dict
    attributes_encrypted: bool
    requires: list
    replaces: int
    replaced_by: int
    template_id: int
    engine_id: str
    # {key: (value, decrypt method or None when not redacted)}
    data: dict
    created_at: object = None
    updated_at: object = None


@dataclasses.dataclass
class HeatStack:
    id: str
    name: str
    tenant: str
    username: str
    action: str
    status: str
    status_reason: str
    owner_id: str
    parent_resource_name: str
    nested_depth: int
    timeout: int
    disable_rollback: bool
    stack_user_project_id: str
    convergence: bool
    template_id: int
    prev_template_id: int
    # (decrypt method, encrypted trust id) or None
    trust: tuple
    tags: list
    resources: list = dataclasses.field(default_factory=list)
    created_at: object = None
    updated_at: object = None


@dataclasses.dataclass
class HeatDatabase:
    stacks: dict            # id: HeatStack (live ones, nested included)
    templates: dict         # id: HeatTemplate

    def children(self, stack_id):
        return [s for s in self.stacks.values() if s.owner_id == stack_id]

    def roots(self):
        return [s for s in self.stacks.values() if s.owner_id is None]

    def tree(self, root_id):
        """The stack and every stack below it, parents before children."""
        out, queue = [], [self.stacks[root_id]]
        while queue:
            stack = queue.pop(0)
            out.append(stack)
            queue.extend(sorted(self.children(stack.id), key=lambda s: s.name))
        return out


def _json(text, default):
    if text is None or text == '':
        return default
    if isinstance(text, (dict, list)):
        return text
    return json.loads(text)


def _chunks(values):
    values = sorted(v for v in set(values) if v is not None)
    for start in range(0, len(values), CHUNK):
        yield values[start:start + CHUNK]


def _rows_in(conn, table, column, values):
    for chunk in _chunks(values):
        yield from conn.execute(sa.select(table).where(column.in_(chunk))).mappings()


def read(engine, project=None):
    """Every live stack of Heat's database (of ``project`` only, if given),
    nested stacks included, with their templates and resources."""
    with engine.connect() as conn:
        query = sa.select(hs.stack).where(hs.stack.c.deleted_at.is_(None))
        if project:
            query = query.where(hs.stack.c.tenant == project)
        stack_rows = list(conn.execute(query).mappings())
        # A legacy (non-convergence) update's backup stack is Heat's own
        # scaffolding, never a user's stack.
        stack_rows = [r for r in stack_rows if not r['backup']]
        stack_ids = [r['id'] for r in stack_rows]
        creds = {r['id']: r for r in _rows_in(conn, hs.user_creds, hs.user_creds.c.id,
                                              [r['user_creds_id'] for r in stack_rows])}
        tags = {}
        for row in _rows_in(conn, hs.stack_tag, hs.stack_tag.c.stack_id, stack_ids):
            tags.setdefault(row['stack_id'], []).append((row['id'], row['tag']))
        stacks = {r['id']: _stack(r, creds.get(r['user_creds_id']), tags.get(r['id']))
                  for r in stack_rows}
        resource_rows = list(_rows_in(conn, hs.resource, hs.resource.c.stack_id,
                                      stack_ids))
        data = {}
        for row in _rows_in(conn, hs.resource_data, hs.resource_data.c.resource_id,
                            [r['id'] for r in resource_rows]):
            method = row['decrypt_method'] if row['redact'] else None
            data.setdefault(row['resource_id'], {})[row['key']] = (row['value'], method)
        prop_ids = [r['rsrc_prop_data_id'] for r in resource_rows] + \
            [r['attr_data_id'] for r in resource_rows]
        props = {r['id']: r for r in _rows_in(conn, hs.resource_properties_data,
                                               hs.resource_properties_data.c.id, prop_ids)}
        for row in sorted(resource_rows, key=lambda r: r['id']):
            if row['stack_id'] in stacks:
                stacks[row['stack_id']].resources.append(
                    _resource(row, data.get(row['id'], {}), props))
        template_ids = [s.template_id for s in stacks.values()] + \
            [s.prev_template_id for s in stacks.values()] + \
            [r['current_template_id'] for r in resource_rows]
        template_rows = list(_rows_in(conn, hs.raw_template, hs.raw_template.c.id,
                                      template_ids))
        files = {r['id']: _json(r['files'], {}) for r in _rows_in(
            conn, hs.raw_template_files, hs.raw_template_files.c.id,
            [r['files_id'] for r in template_rows])}
        templates = {r['id']: HeatTemplate(
            id=r['id'], template=_json(r['template'], {}),
            files=files.get(r['files_id']) if r['files_id'] else _json(r['files'], {}),
            environment=_json(r['environment'], {})) for r in template_rows}
    return HeatDatabase(stacks=stacks, templates=templates)


def _stack(row, creds, tags):
    trust, username = None, row['username']
    if creds is not None and creds['trust_id']:
        trust = (creds['decrypt_method'], creds['trust_id'])
        # heat-conv records the owner's user id, where Heat kept the name.
        username = creds['trustor_user_id'] or username
    return HeatStack(
        id=row['id'], name=row['name'], tenant=row['tenant'], username=username,
        action=row['action'], status=row['status'], status_reason=row['status_reason'],
        owner_id=row['owner_id'], parent_resource_name=row['parent_resource_name'],
        nested_depth=row['nested_depth'] or 0, timeout=row['timeout'],
        disable_rollback=bool(row['disable_rollback']),
        stack_user_project_id=row['stack_user_project_id'],
        convergence=bool(row['convergence']), template_id=row['raw_template_id'],
        prev_template_id=row['prev_raw_template_id'], trust=trust,
        tags=[tag for _, tag in sorted(tags or [])],
        created_at=row['created_at'], updated_at=row['updated_at'])


def _resource(row, data, props):
    prop_row = props.get(row['rsrc_prop_data_id'])
    if prop_row is not None:
        properties, encrypted = _json(prop_row['data'], {}), bool(prop_row['encrypted'])
    else:   # rows from before Heat kept properties in their own table
        properties = _json(row['properties_data'], {})
        encrypted = bool(row['properties_data_encrypted'])
    attr_row = props.get(row['attr_data_id'])
    return HeatResource(
        id=row['id'], uuid=row['uuid'], name=row['name'], stack_id=row['stack_id'],
        action=row['action'], status=row['status'], status_reason=row['status_reason'],
        physical_id=row['nova_instance'], metadata=_json(row['rsrc_metadata'], {}),
        properties=properties, properties_encrypted=encrypted,
        attributes=_json(attr_row['data'], {}) if attr_row is not None else {},
        attributes_encrypted=bool(attr_row['encrypted']) if attr_row is not None else False,
        requires=list(_json(row['requires'], [])), replaces=row['replaces'],
        replaced_by=row['replaced_by'], template_id=row['current_template_id'],
        engine_id=row['engine_id'], data=data, created_at=row['created_at'],
        updated_at=row['updated_at'])
