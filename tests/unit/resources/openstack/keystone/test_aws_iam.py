"""AWS::IAM::User and AWS::IAM::AccessKey against a stand-in for the stack
user domain (heat_conv.clients.stack_users); tests/realcloud makes them in
the mini-cloud's Keystone."""
import types

import pytest

from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.resources import stack_user
from heat_conv.resources.openstack.keystone import aws_iam

RESOURCE_ID = '0123abcd-0000-4000-8000-000000000000'


class Domain:
    """The stack user domain: its users by name, their credentials."""

    def __init__(self):
        self.users, self.credentials = {}, {}

    def install(self, monkeypatch):
        users = stack_user.stack_users
        monkeypatch.setattr(users, 'ensure_project', lambda tenant, stack_id: 'sp')
        monkeypatch.setattr(users, 'create_user', self.create_user)
        monkeypatch.setattr(users, 'delete_user', lambda user_id: self.users.pop(
            next(n for n, (i, _, _) in self.users.items() if i == user_id)))
        monkeypatch.setattr(users, 'create_ec2_credential', self.create_credential)
        monkeypatch.setattr(users, 'delete_credential', self.credentials.pop)
        monkeypatch.setattr(users, 'user_in_project', lambda name, project: next(
            (i for n, (i, p, _) in self.users.items() if n == name and p == project),
            None))
        monkeypatch.setattr(stack_user.db_api, 'stack_update', lambda *a, **k: 1)
        return self

    def create_user(self, name, project_id, password):
        self.users[name] = (f'uid-{len(self.users)}', project_id, password)
        return self.users[name][0]

    def create_credential(self, user_id, project_id):
        made = (f'cred-{len(self.credentials)}', f'AK{len(self.credentials)}', 'SK')
        self.credentials[made[0]] = user_id
        return made


@pytest.fixture
def domain(monkeypatch):
    return Domain().install(monkeypatch)


def _stack(project=None):
    return types.SimpleNamespace(id='sid', name='app', tenant='t1',
                                 stack_user_project_id=project)


def _plugin(cls, properties, stack, data=None, physical_id=None):
    plugin = cls('user', 'sid', cls.validate_properties(properties), stored_data=data,
                 physical_id=physical_id, resource_id=RESOURCE_ID)
    plugin.stack = stack
    return plugin


def test_a_user_is_a_stack_user_with_its_login_profiles_password(domain):
    user = _plugin(aws_iam.User, {'LoginProfile': {'Password': 'pw'}}, _stack())
    assert user.create() == base.Done('uid-0')
    assert domain.users == {'app-user-0123abcd0000': ('uid-0', 'sp', 'pw')}
    # Its reference is its name, which an access key's UserName gives.
    assert user.refid() == 'app-user-0123abcd0000'
    again = _plugin(aws_iam.User, {}, _stack('sp'), data=user.data, physical_id='uid-0')
    assert again.refid() == 'app-user-0123abcd0000'
    assert again.delete() == base.Done()
    assert domain.users == {}


def test_an_access_key_is_an_ec2_credential_of_the_users_and_goes_alone(domain):
    user = _plugin(aws_iam.User, {}, _stack())
    user.create()
    key = _plugin(aws_iam.AccessKey, {'UserName': user.refid()}, _stack('sp'))
    assert key.create() == base.Done('AK0')
    assert key.refid() == 'AK0'
    assert domain.credentials == {'cred-0': 'uid-0'}
    assert key.attributes() == {'UserName': user.refid(), 'SecretAccessKey': 'SK'}
    assert key.delete() == base.Done()
    assert domain.credentials == {} and 'uid-0' in str(domain.users)


def test_an_access_key_of_a_user_of_no_stack_or_another_fails(domain):
    key = _plugin(aws_iam.AccessKey, {'UserName': 'nobody'}, _stack('sp'))
    assert key.create() == base.Failed('could not find user nobody')
    domain.create_user('elsewhere', 'other-project', 'pw')
    key = _plugin(aws_iam.AccessKey, {'UserName': 'elsewhere'}, _stack('sp'))
    assert key.create() == base.Failed('could not find user elsewhere')
    # A stack with no stack user project has no users at all.
    key = _plugin(aws_iam.AccessKey, {'UserName': 'elsewhere'}, _stack())
    assert key.create() == base.Failed('could not find user elsewhere')


def test_any_change_replaces_a_user_and_keystone_refusing_fails_it(monkeypatch, domain):
    old = aws_iam.User.validate_properties({'LoginProfile': {'Password': 'a'}})
    user = _plugin(aws_iam.User, {'LoginProfile': {'Password': 'b'}}, _stack())
    assert user.needs_replace(old)

    def refuse(*args):
        raise exception.Forbidden('Keystone refused to create a user')
    monkeypatch.setattr(stack_user.stack_users, 'create_user', refuse)
    failed = _plugin(aws_iam.User, {}, _stack()).create()
    assert failed == base.Failed('Keystone: Keystone refused to create a user')


class Bound:
    def __init__(self, types_by_name):
        self.types = types_by_name

    def resource_names(self):
        return list(self.types)

    def resource(self, name):
        return types.SimpleNamespace(type=self.types[name])


def test_policies_must_name_access_policies_of_the_stack():
    bound = Bound({'policy': 'OS::Heat::AccessPolicy', 'value': 'OS::Heat::Value'})
    path = ('resources', 'user')
    aws_iam.User.check_at_create({'Policies': ['policy', {'Statement': []}]}, bound, path)
    for wrong in ('value', 'missing'):
        with pytest.raises(exception.Invalid, match=r'Referenced Attribute \(user '
                                                    r'Policies\) is incorrect'):
            aws_iam.User.check_at_create({'Policies': [wrong]}, bound, path)
