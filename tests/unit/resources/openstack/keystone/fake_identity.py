"""A Keystone the unit tests can read: objects by kind, role grants, group
memberships, and every call made, in order."""
import itertools
import types
from urllib import parse

from openstack import exceptions as sdk_exc
from openstack.identity.v3 import domain as sdk_domain
from openstack.identity.v3 import group as sdk_group
from openstack.identity.v3 import project as sdk_project
from openstack.identity.v3 import role as sdk_role
from openstack.identity.v3 import service as sdk_service
from openstack.identity.v3 import user as sdk_user

SDK_CLASSES = {'domain': sdk_domain.Domain, 'project': sdk_project.Project,
               'user': sdk_user.User, 'group': sdk_group.Group, 'role': sdk_role.Role,
               'service': sdk_service.Service}
KINDS = ('domain', 'project', 'user', 'group', 'role', 'region', 'service', 'endpoint')


class Response:
    def __init__(self, status, body=None):
        self.status_code = status
        self.body = body
        self.content = b'x' if body is not None else b''
        self.headers = {}
        self.reason = ''
        self.url = ''
        self.text = str(body)

    def json(self):
        return self.body


class Identity:
    def __init__(self):
        self.objects = {kind: {} for kind in KINDS}
        self.grants = set()        # (kind, principal, role, scope kind, scope)
        self.members = set()       # (user, group)
        self.calls = []
        self._ids = itertools.count(1)
        self.objects['domain']['default'] = {'id': 'default', 'name': 'Default',
                                             'enabled': True}

    def add(self, kind, **fields):
        fields.setdefault('id', f'{kind}-{next(self._ids)}')
        self.objects[kind][fields['id']] = fields
        return fields['id']

    def __getattr__(self, attr):
        verb, _, kind = attr.partition('_')
        if kind in KINDS and verb in ('create', 'get', 'update', 'delete', 'find'):
            return lambda *args, **kwargs: getattr(self, f'_{verb}')(kind, *args, **kwargs)
        raise AttributeError(attr)

    def _obj(self, kind, fields):
        # The SDK's objects take its attribute names (is_enabled).
        return SDK_CLASSES[kind].existing(**{('is_enabled' if k == 'enabled' else k): v
                                             for k, v in fields.items()})

    def _create(self, kind, **fields):
        self.calls.append(('create', kind, fields))
        fields = {('enabled' if k == 'is_enabled' else k): v for k, v in fields.items()}
        return self._obj(kind, self.objects[kind][self.add(kind, **fields)])

    def _get(self, kind, object_id):
        if object_id not in self.objects[kind]:
            raise sdk_exc.NotFoundException(f'{kind} {object_id}')
        return self._obj(kind, self.objects[kind][object_id])

    def _update(self, kind, object_id, **fields):
        self.calls.append(('update', kind, object_id, fields))
        fields = {('enabled' if k == 'is_enabled' else k): v for k, v in fields.items()}
        self.objects[kind][object_id].update(fields)

    def _delete(self, kind, object_id, ignore_missing=True):
        self.calls.append(('delete', kind, object_id))
        if kind == 'domain' and self.objects['domain'].get(object_id, {}).get('enabled'):
            raise sdk_exc.ForbiddenException('Cannot delete a domain that is enabled')
        self.objects[kind].pop(object_id, None)
        self.grants = {g for g in self.grants if object_id not in g}

    def _find(self, kind, value, ignore_missing=False, domain_id=None):
        for obj in self.objects[kind].values():
            if domain_id is not None and obj.get('domain_id') != domain_id:
                continue
            if value in (obj['id'], obj.get('name')):
                return types.SimpleNamespace(id=obj['id'])
        raise sdk_exc.ResourceNotFound(f'No {kind} found for {value}')

    # Group memberships and role grants -----------------------------------
    def add_user_to_group(self, user, group):
        self.calls.append(('add_to_group', user, group))
        self.members.add((user, group))

    def remove_user_from_group(self, user, group):
        self.calls.append(('remove_from_group', user, group))
        self.members.discard((user, group))

    def role_assignments(self, user_id=None, group_id=None):
        kind, principal = ('user', user_id) if user_id else ('group', group_id)
        return [types.SimpleNamespace(role={'id': role},
                                      scope={scope_kind: {'id': scope}})
                for k, p, role, scope_kind, scope in sorted(self.grants)
                if (k, p) == (kind, principal)]

    def _grant(self, verb, scope_kind, kind):
        def call(scope, principal, role):
            self.calls.append((verb, kind, principal, role, scope_kind, scope))
            grant = (kind, principal, role, scope_kind, scope)
            if verb == 'assign':
                self.grants.add(grant)
            elif grant not in self.grants:
                raise sdk_exc.NotFoundException('no such grant')
            else:
                self.grants.discard(grant)
        return call

    def __dir__(self):
        return []


for _scope in ('project', 'domain'):
    for _kind in ('user', 'group'):
        setattr(Identity, f'assign_{_scope}_role_to_{_kind}',
                lambda self, *a, _s=_scope, _k=_kind: self._grant('assign', _s, _k)(*a))
        setattr(Identity, f'unassign_{_scope}_role_from_{_kind}',
                lambda self, *a, _s=_scope, _k=_kind: self._grant('unassign', _s, _k)(*a))


class RestIdentity(Identity):
    """Keystone's REST API for regions and endpoints, on the same objects."""

    def _rest(self, method, path, json=None):
        # raise_exc=False is what the plugin must pass: errors come back.
        parts = path.strip('/').split('/')
        kind = parts[0][:-1]
        if method == 'post':
            self.calls.append(('post', kind, json[kind]))
            body = dict(json[kind])
            return Response(201, {kind: self.objects[kind][self.add(kind, **body)]})
        object_id = parse.unquote(parts[1])
        if object_id not in self.objects[kind]:
            return Response(404, {'error': {'message': 'not found'}})
        if method == 'get':
            return Response(200, {kind: dict(self.objects[kind][object_id])})
        if method == 'patch':
            self.calls.append(('patch', kind, object_id, json[kind]))
            self.objects[kind][object_id].update(json[kind])
            return Response(200, {kind: dict(self.objects[kind][object_id])})
        self.calls.append(('delete', kind, object_id))
        del self.objects[kind][object_id]
        return Response(204)

    def post(self, path, json=None, raise_exc=True):
        assert raise_exc is False
        return self._rest('post', path, json)

    def get(self, path, raise_exc=True):
        assert raise_exc is False
        return self._rest('get', path)

    def patch(self, path, json=None, raise_exc=True):
        assert raise_exc is False
        return self._rest('patch', path, json)

    def delete(self, path, raise_exc=True):
        assert raise_exc is False
        return self._rest('delete', path)


class Cloud:
    def __init__(self):
        self.identity = RestIdentity()


def plugin(cls, properties, physical_id=None, cloud=None, stack_name='st'):
    """A plugin of ``cls`` with ``properties`` validated as a template's."""
    instance = cls('res', 'stack-id', cls.validate_properties(properties),
                   physical_id=physical_id, cloud=cloud or Cloud(),
                   resource_id='6f1c8a5e-7b1e-4c1a-9a53-2d4f4f6e0a11')
    instance.stack = types.SimpleNamespace(name=stack_name)
    return instance
