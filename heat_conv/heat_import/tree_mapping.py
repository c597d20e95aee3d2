"""One Heat stack tree (a top-level stack and its nested stacks) as the
heat-conv rows that take it over, or the reasons it cannot be.

A tree is imported whole or not at all: a child stack is driven by its
parent resource's steps, so neither can be taken over without the other.
Stacks keep their ids (the API's URLs stay valid after the cut-over);
the top stack's Heat trust becomes its heat-conv trust (children use
their root's, in heat-conv as in Heat).
"""
import dataclasses
import uuid

from heat_conv.common import exception
from heat_conv.common.status import Status
from heat_conv.heat_import import heat_crypt
from heat_conv.heat_import import resource_mapping
from heat_conv.hot import template as hot_template

# Environment sections Heat keeps that heat-conv folds in on import: the
# merge strategies were applied when Heat merged the files.
_DROPPED_SECTIONS = ('parameter_merge_strategies', 'encrypted_param_names')


class Unimportable(Exception):
    """The reasons (a list of sentences) a tree stays with Heat."""

    def __init__(self, reasons):
        super().__init__('; '.join(reasons))
        self.reasons = reasons


@dataclasses.dataclass
class ImportedTree:
    root_id: str
    name: str
    tenant: str
    # Heat template id: {template, files, environment, parameters, stack_id}
    templates: dict
    # stack values, parents before children; raw template ids still Heat's
    stacks: list
    # stack id: [resource values]; template, requires, replaces: Heat's ids
    resources: dict

    def resource_count(self):
        return sum(len(rows) for rows in self.resources.values())


def stored_template(heat_template, key):
    """The heat-conv raw template values of a Heat raw template: the
    environment's parameters move to the stored parameters (where
    heat-conv keeps a request's), encrypted ones decrypted."""
    environment = dict(heat_template.environment or {})
    parameters = dict(environment.pop('parameters', None) or {})
    encrypted = environment.get('encrypted_param_names') or []
    for name in encrypted:
        if name in parameters:
            method, value = parameters[name]
            parameters[name] = heat_crypt.decrypt(method, value, key)
    for section in _DROPPED_SECTIONS:
        environment.pop(section, None)
    tmpl = hot_template.Template.load_stored(heat_template.template,
                                             files=heat_template.files,
                                             environment=environment)
    return {'template': tmpl.to_dict(), 'files': heat_template.files or {},
            'environment': environment, 'parameters': parameters}, tmpl


def trust_id(root, key):
    """The decrypted trust id of the top stack, or None if it has none."""
    if root.trust is None:
        return None
    method, value = root.trust
    return heat_crypt.decrypt(method, value, key)


class _TreeMapper:
    def __init__(self, heat_db, root_id, key):
        self.heat_db = heat_db
        self.key = key
        self.tree = heat_db.tree(root_id)
        self.reasons = []
        self._loaded = {}

    def refuse(self, reason):
        self.reasons.append(reason)

    def template(self, template_id, stack_id):
        """(stored values, Template) of Heat template ``template_id``, once."""
        if template_id not in self._loaded:
            heat_template = self.heat_db.templates.get(template_id)
            if heat_template is None:
                self._loaded[template_id] = None
                self.refuse(f'template {template_id} of stack {stack_id} is missing '
                            'from Heat\'s database')
            else:
                try:
                    values, tmpl = stored_template(heat_template, self.key)
                except heat_crypt.DecryptError as exc:
                    self._loaded[template_id] = None
                    self.refuse(f'hidden parameters of stack {stack_id} do not decrypt '
                                f'({exc}): is --auth-encryption-key Heat\'s?')
                except exception.HeatConvException as exc:
                    self._loaded[template_id] = None
                    self.refuse(f'the template of stack {stack_id} does not load in '
                                f'heat-conv: {exc}')
                else:
                    self._loaded[template_id] = (dict(values, stack_id=stack_id), tmpl)
        return self._loaded[template_id]

    def definitions(self, stack, template_id, facade):
        """{resource name: frozen definition} of the stack bound to
        ``template_id``, or {} (with the reason) if it does not bind."""
        loaded = self.template(template_id, stack.id)
        if loaded is None:
            return {}
        values, tmpl = loaded
        try:
            bound = tmpl.bind(params=values['parameters'], stack_name=stack.name,
                              stack_id=stack.id, project_id=stack.tenant, facade=facade)
            return {name: bound.resource(name).frozen() for name in bound.resource_names()}
        except exception.HeatConvException as exc:
            self.refuse(f'the template of stack {stack.name} does not bind in heat-conv: '
                        f'{exc}')
            return {}

    def check_states(self):
        for stack in self.tree:
            if stack.status == Status.IN_PROGRESS:
                self.refuse(f'stack {stack.name} is {stack.action}_IN_PROGRESS: Heat is '
                            'still acting on it')
            for res in stack.resources:
                if res.status == Status.IN_PROGRESS or res.engine_id:
                    self.refuse(f'resource {res.name} of stack {stack.name} is '
                                f'{res.action}_{res.status} (held by a Heat engine)')

    def stack_values(self, stack, root_trust):
        root_project = self.tree[0].stack_user_project_id
        values = {
            'id': stack.id, 'name': stack.name, 'live_name': stack.name,
            'tenant': stack.tenant, 'username': stack.username,
            'action': stack.action, 'status': stack.status,
            'status_reason': stack.status_reason,
            'current_traversal': str(uuid.uuid4()),
            'raw_template_id': stack.template_id,
            'prev_raw_template_id': (stack.template_id if stack.status == Status.COMPLETE
                                     else stack.prev_template_id),
            'timeout': stack.timeout, 'disable_rollback': stack.disable_rollback,
            'tags': list(stack.tags) or None, 'owner_id': stack.owner_id,
            'parent_resource_name': stack.parent_resource_name,
            'nested_depth': stack.nested_depth,
            'trust_id': root_trust if stack.owner_id is None else None,
            # Heat shares the top stack's project in the stack user domain
            # with the whole tree; in heat-conv a stack deletes its own, so
            # only the top stack keeps it (a child deleting it would take
            # the parent's users with it).
            'stack_user_project_id': (stack.stack_user_project_id
                                      if stack.owner_id is None or
                                      stack.stack_user_project_id != root_project
                                      else None),
            'created_at': stack.created_at, 'updated_at': stack.updated_at,
        }
        for name in ('raw_template_id', 'prev_raw_template_id'):
            if values[name] is not None:
                self.template(values[name], stack.id)
        return values

    def resource_rows(self, stack, facade):
        current = self.definitions(stack, stack.template_id, facade)
        rows = []
        for res in stack.resources:
            definition = current.get(res.name)
            if definition is None and res.template_id not in (None, stack.template_id):
                # A row an unfinished update left: its own template names it.
                definition = self.definitions(stack, res.template_id, facade).get(res.name)
            if definition is None:
                self.refuse(f'resource {res.name} of stack {stack.name} is in none of its '
                            'templates')
                continue
            try:
                cls = resource_mapping.plugin_class(definition)
            except exception.HeatConvException as exc:
                self.refuse(f'resource {res.name} of stack {stack.name} (type '
                            f'{definition["type"]}): heat-conv lacks this type ({exc})')
                continue
            template_id = stack.template_id
            if res.template_id is not None and self.template(res.template_id,
                                                             stack.id) is not None:
                template_id = res.template_id
            try:
                row = resource_mapping.row(res, definition, cls, stack.name, self.key,
                                           template_id)
                if not row['requires']:
                    # A legacy (non-convergence) Heat stack records no
                    # dependencies: the template's are the cleanup order.
                    row['requires'] = [other.id for other in stack.resources
                                       if other.name in (definition.get('requires') or {})]
                rows.append(row)
            except heat_crypt.DecryptError as exc:
                self.refuse(f'data of resource {res.name} of stack {stack.name} does not '
                            f'decrypt ({exc}): is --auth-encryption-key Heat\'s?')
        return rows

    def map(self):
        root = self.tree[0]
        self.check_states()
        try:
            root_trust = trust_id(root, self.key)
        except heat_crypt.DecryptError as exc:
            root_trust = None
            self.refuse(f'the trust of stack {root.name} does not decrypt ({exc}): is '
                        '--auth-encryption-key Heat\'s?')
        stacks, resources = [], {}
        for stack in self.tree:
            stacks.append(self.stack_values(stack, root_trust))
            resources[stack.id] = self.resource_rows(stack, self.facade(stack, resources))
        if self.reasons:
            raise Unimportable(self.reasons)
        return ImportedTree(root_id=root.id, name=root.name, tenant=root.tenant,
                            templates={tid: loaded[0] for tid, loaded in self._loaded.items()},
                            stacks=stacks, resources=resources)

    @staticmethod
    def facade(stack, mapped):
        """What a child stack's ``resource_facade`` reads: its parent row's."""
        if stack.owner_id is None:
            return None
        parent = [r for r in mapped.get(stack.owner_id, [])
                  if r['name'] == stack.parent_resource_name]
        row = parent[-1] if parent else {}
        return {'metadata': row.get('rsrc_metadata') or {}, 'update_policy': {},
                'deletion_policy': row.get('deletion_policy') or 'Delete'}


def map_tree(heat_db, root_id, key):
    """The ImportedTree of Heat stack ``root_id`` and its descendants;
    raises Unimportable with every reason it cannot be taken over."""
    return _TreeMapper(heat_db, root_id, key).map()
