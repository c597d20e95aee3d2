"""Keystone's objects and the service catalog, made idempotently.

Projects: service (a user per service, and heat-conv, heat-conv's
trustee), demo (user demo, role member) and alt (user alt, member).
Roles: member, reader, admin, service, heat_stack_owner, heat_stack_user.
Domain heat, with heat_domain_admin as its admin, for stack users.
"""
import hashlib
import json
import os

from minicloud_rig import layout

ROLES = ('admin', 'member', 'reader', 'service', 'heat_stack_owner',
         'heat_stack_user')
MEMBERS = {'demo': 'demo', 'alt': 'alt'}       # user: project
HEAT_DOMAIN = 'heat'
HEAT_DOMAIN_ADMIN = 'heat_domain_admin'


def catalog(rig):
    """(service name, type, URL) of every catalog entry but identity."""
    cinder = rig.url('cinder-api') + '/v3'
    return [
        ('nova', 'compute', rig.url('nova-api') + '/v2.1'),
        ('placement', 'placement', rig.url('placement')),
        ('neutron', 'network', rig.url('neutron')),
        ('glance', 'image', rig.url('glance')),
        ('cinderv3', 'volumev3', cinder),
        ('cinder', 'block-storage', cinder),
        ('swift', 'object-store', rig.url('swift') + '/v1/AUTH_%(project_id)s'),
        ('heat', 'orchestration', orchestration_url(rig)),
    ]


def _orchestration_file(rig):
    return os.path.join(rig.home, 'orchestration-url')


def orchestration_url(rig):
    try:
        with open(_orchestration_file(rig)) as f:
            return f.read().strip() or layout.DEFAULT_ORCHESTRATION_URL
    except FileNotFoundError:
        return layout.DEFAULT_ORCHESTRATION_URL


def set_orchestration_url(rig, url):
    with open(_orchestration_file(rig), 'w') as f:
        f.write(url + '\n')


def admin_session(rig):
    from keystoneauth1 import session
    from keystoneauth1.identity import v3
    auth = v3.Password(auth_url=rig.auth_url, username='admin',
                       password=rig.password('admin'),
                       user_domain_id='default', project_name='admin',
                       project_domain_id='default')
    return session.Session(auth=auth, timeout=30)


class Keystone:
    """Find-or-create over Keystone's v3 REST API, as the admin.

    Each collection is listed once and filtered here, and a role is
    granted only when the assignment is missing: under load every
    Keystone call costs up to a second.
    """

    def __init__(self, rig):
        self.rig = rig
        self.session = admin_session(rig)
        self.base = rig.auth_url
        self._lists = {}
        self._assignments = None
        self._synced = _read_synced(rig)

    def _call(self, method, path, **kwargs):
        return self.session.request(self.base + path, method, **kwargs)

    def _list(self, collection):
        if collection not in self._lists:
            self._lists[collection] = self._call(
                'GET', f'/{collection}').json()[collection]
        return self._lists[collection]

    def find(self, collection, **filters):
        for item in self._list(collection):
            if all(item.get(k) == v for k, v in filters.items()):
                return item
        return None

    def ensure(self, collection, body, **filters):
        """The id of the object matching filters, creating it from body."""
        found = self.find(collection, **filters)
        if found:
            return found['id']
        key = collection[:-1]
        made = self._call('POST', f'/{collection}', json={key: body}).json()
        self._list(collection).append(made[key])
        return made[key]['id']

    def ensure_user(self, name, domain_id, project_id=None):
        password = self.rig.password(name)
        body = {'name': name, 'domain_id': domain_id, 'enabled': True,
                'password': password}
        if project_id:
            body['default_project_id'] = project_id
        user_id = self.ensure('users', body, name=name, domain_id=domain_id)
        # A state dir made anew over kept databases has new passwords.
        if self._synced.get(user_id) != _digest(password):
            self._call('PATCH', f'/users/{user_id}', json={'user': {
                'password': password, 'enabled': True}})
            self._synced[user_id] = _digest(password)
        return user_id

    def grant(self, role_id, user_id, project_id=None, domain_id=None):
        if self._assignments is None:
            self._assignments = {
                (a['role']['id'], a.get('user', {}).get('id'),
                 a['scope'].get('project', {}).get('id'),
                 a['scope'].get('domain', {}).get('id'))
                for a in self._call('GET', '/role_assignments').json()[
                    'role_assignments'] if 'scope' in a}
        if (role_id, user_id, project_id, domain_id) in self._assignments:
            return
        target = (f'/projects/{project_id}' if project_id
                  else f'/domains/{domain_id}')
        self._call('PUT', f'{target}/users/{user_id}/roles/{role_id}')

    def save(self):
        _write_synced(self.rig, self._synced)


def _digest(password):
    return hashlib.sha256(password.encode()).hexdigest()


def _synced_file(rig):
    return os.path.join(rig.home, 'keystone-passwords-set.json')


def _read_synced(rig):
    try:
        with open(_synced_file(rig)) as f:
            return json.load(f)
    except (FileNotFoundError, ValueError):
        return {}


def _write_synced(rig, synced):
    with open(_synced_file(rig), 'w') as f:
        json.dump(synced, f)


def setup(rig):
    ks = Keystone(rig)
    roles = {name: ks.ensure('roles', {'name': name}, name=name)
             for name in ROLES}
    projects = {}
    for name in ('service', 'demo', 'alt'):
        projects[name] = ks.ensure(
            'projects', {'name': name, 'domain_id': 'default',
                         'description': f'minicloud {name} project'},
            name=name, domain_id='default')
    for user in layout.SERVICE_USERS:
        user_id = ks.ensure_user(user, 'default', projects['service'])
        ks.grant(roles['admin'], user_id, project_id=projects['service'])
        ks.grant(roles['service'], user_id, project_id=projects['service'])
    for user, project in MEMBERS.items():
        user_id = ks.ensure_user(user, 'default', projects[project])
        ks.grant(roles['member'], user_id, project_id=projects[project])
    domain = ks.ensure('domains', {'name': HEAT_DOMAIN, 'enabled': True,
                                   'description': 'stack users'},
                       name=HEAT_DOMAIN)
    admin_id = ks.ensure_user(HEAT_DOMAIN_ADMIN, domain)
    ks.grant(roles['admin'], admin_id, domain_id=domain)
    register_catalog(ks)
    ks.save()
    return projects


def register_catalog(ks):
    for name, kind, url in catalog(ks.rig):
        service = ks.ensure('services', {'name': name, 'type': kind,
                                         'enabled': True}, type=kind)
        for interface in ('public', 'internal', 'admin'):
            found = ks.find('endpoints', service_id=service,
                            interface=interface)
            if found and found['url'] == url:
                continue
            body = {'service_id': service, 'interface': interface,
                    'url': url, 'region_id': layout.REGION, 'enabled': True}
            if found:
                ks._call('PATCH', f'/endpoints/{found["id"]}',
                         json={'endpoint': body})
            else:
                ks._call('POST', '/endpoints', json={'endpoint': body})
