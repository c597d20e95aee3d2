"""AWS::IAM::User and AWS::IAM::AccessKey: a stack user and its EC2
keypair, as Heat 27 has them.

An IAM user is a stack user (heat_conv.resources.stack_user): a Keystone
user of the stack's project in the stack user domain, made and deleted by
heat-conv as that domain's administrator, named as Heat names it
(``<stack>-<resource>-<short id>``), which is its reference. Its
LoginProfile's Password is the user's password; Path and Groups are not
implemented, as in Heat; Policies must name OS::Heat::AccessPolicy (or
AWS::IAM::User) resources of the stack, and say which resources the
user's keys may describe at the CFN API (heat_conv.api.cfn.access). Any
change replaces the user.

An access key is a Keystone EC2 credential of the user its UserName names
(a user of this stack's project, found by name in the domain); its
reference is the access key, its SecretAccessKey the secret, kept in the
resource's data. Deleting it deletes the credential; deleting the user
deletes the user's credentials with it.
"""
from heat_conv.clients import stack_users
from heat_conv.common import exception
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources import stack_user

# Types whose resources a user's Policies may name (Heat asks for an
# ``access_allowed`` method, which these have).
POLICY_TYPES = ('OS::Heat::AccessPolicy', 'AWS::IAM::User')


class User(base.Resource):
    type_name = 'AWS::IAM::User'
    # Keystone, through heat-conv's stack user domain: a type of the real
    # cloud (registry.available), though it acts as that domain's admin.
    service_type = 'identity'
    wants_stack = True
    stack = None
    properties_schema = {
        'Path': Property('string', description='Not Implemented.'),
        'Groups': Property('list', description='Not Implemented.'),
        'LoginProfile': Property('map', description='A login profile for the user.',
                                 schema={'Password': Property('string')}),
        'Policies': Property('list', description='Access policies to apply to the '
                                                 'user.'),
    }

    @classmethod
    def check_at_create(cls, properties, bound, path):
        policies = properties.get('Policies')
        if not isinstance(policies, list):
            return   # a function: its value is checked with the others'
        names = set(bound.resource_names())
        for policy in policies:
            # Heat ignores a policy that is no name (an embedded IAM policy).
            if isinstance(policy, str) and (
                    policy not in names or bound.resource(policy).type not in POLICY_TYPES):
                raise exception.Invalid(f'The Referenced Attribute ({path[-1]} Policies) '
                                        'is incorrect.')

    def create(self):
        profile = self.properties.get('LoginProfile') or {}
        if profile.get('Password'):
            self.data['password'] = profile['Password']
        try:
            stack = stack_user.ensure(self)
        except Exception as exc:   # Keystone's refusal or absence: the reason
            return base.Failed(f'Keystone: {exc}')
        self.data['user_name'] = stack_user.user_name(stack.name, self.name,
                                                      self.resource_id)
        self.physical_id = self.data['stack_user_id']
        return base.Done(self.physical_id)

    def delete(self):
        try:
            stack_user.release(self, made_by_name=True)
        except Exception as exc:   # Keystone's refusal or absence: the reason
            return base.Failed(f'Keystone: {exc}', self.physical_id)
        return base.Done()

    def refid(self):
        return self.data.get('user_name') or self.name


class AccessKey(base.Resource):
    type_name = 'AWS::IAM::AccessKey'
    service_type = 'identity'
    wants_stack = True
    stack = None
    properties_schema = {
        'Serial': Property('integer', description='Not Implemented.'),
        'UserName': Property('string', required=True,
                             description='The name of the user that the new key will '
                                         'belong to.'),
        'Status': Property('string', allowed_values=('Active', 'Inactive'),
                           description='Not Implemented.'),
    }
    attributes_schema = {
        'UserName': 'Username associated with the AccessKey.',
        'SecretAccessKey': 'Keypair secret key.',
    }

    def create(self):
        name = self.properties['UserName']
        try:
            project_id = stack_user.stack_of(self).stack_user_project_id
            user_id = project_id and stack_users.user_in_project(name, project_id)
            if not user_id:
                return base.Failed(f'could not find user {name}')
            made = stack_users.create_ec2_credential(user_id, project_id)
        except Exception as exc:   # Keystone's refusal or absence: the reason
            return base.Failed(f'Keystone: {exc}')
        credential_id, access, secret = made
        # Not ``stack_user_id``: the key reaches only what the user's
        # Policies allow (heat_conv.api.cfn.access).
        self.data.update(credential_id=credential_id, secret_key=secret, user_id=user_id)
        self.physical_id = access
        return base.Done(access)

    def delete(self):
        credential_id = self.data.get('credential_id')
        if credential_id:
            try:
                stack_users.delete_credential(credential_id)
            except Exception as exc:   # Keystone's refusal or absence: the reason
                return base.Failed(f'Keystone: {exc}', self.physical_id)
        for key in ('credential_id', 'secret_key'):
            self.data.pop(key, None)
        return base.Done()

    def attributes(self):
        return {'UserName': self.properties.get('UserName'),
                'SecretAccessKey': self.data.get('secret_key') or '000-000-000'}
