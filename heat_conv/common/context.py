"""The request context that travels with every RPC message."""
from oslo_context import context


class RequestContext(context.RequestContext):
    """Who asked: tenant (project) and user, plus the request id."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The stack rows an API request has read, by id (never sent on):
        # what answers about a stack needs twice is read once.
        self.stacks_read = {}

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
