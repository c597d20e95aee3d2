"""The request context that travels with every RPC message."""
from oslo_context import context


class RequestContext(context.RequestContext):
    """Who asked: tenant (project) and user, plus the request id.

    With Keystone (keystonemiddleware), also the user's token (``auth_token``),
    user and project domains, roles, the token's ``service_catalog`` (the
    Keystone v3 catalog) and ``user_auth_plugin``, which authenticates a
    session as the user with that token. These stay in the API's process:
    work that outlives the request acts through the stack's trust.
    """

    def __init__(self, *args, service_catalog=None, user_auth_plugin=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.service_catalog = service_catalog
        self.user_auth_plugin = user_auth_plugin
        # The stack rows an API request has read, by id (never sent on):
        # what answers about a stack needs twice is read once.
        self.stacks_read = {}
        # openstacksdk connections on the user's token, by region
        # (heat_conv.clients.connections.for_context).
        self.connections = {}

    @property
    def owner_name(self):
        """The name a stack records as its owner (Heat's stack.username).

        The token's user name, as Heat's; the id where there is no name.
        """
        return self.user_name or self.user_id

    def to_dict(self):
        # oslo.context leaves the names out of its dict; the engine needs the
        # user's name for the stacks it creates on the API's behalf.
        values = super().to_dict()
        values.update(user_name=self.user_name, project_name=self.project_name)
        return values

    @classmethod
    def from_dict(cls, values):
        return cls(project_id=values.get('project_id') or values.get('tenant'),
                   user_id=values.get('user_id') or values.get('user'),
                   user_name=values.get('user_name'),
                   project_name=values.get('project_name'),
                   is_admin=values.get('is_admin', False),
                   roles=values.get('roles', []),
                   request_id=values.get('request_id'),
                   global_request_id=values.get('global_request_id'))


def admin_context():
    return RequestContext(is_admin=True, overwrite=False)
