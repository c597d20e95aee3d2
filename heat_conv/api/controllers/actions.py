"""Stack actions: ``POST .../actions`` with one action name as the only key."""
from heat_conv.api import request_body
from heat_conv.api import responses
from heat_conv.api import stack_lookup
from heat_conv.common import exception
from heat_conv.common import policy
from heat_conv.engine.core import stack_operations
from heat_conv.engine.lifecycle import stack_abandon
from heat_conv.engine.lifecycle import stack_lifecycle

ACTIONS = ('suspend', 'resume', 'cancel_update', 'cancel_without_rollback', 'check')


class ActionController:

    def action(self, req, ctx, tenant_id, stack_name, stack_id):
        body = request_body.json_object(req)
        if len(body) != 1:
            raise exception.Invalid('Exactly one action is expected, as the only key '
                                    'of the body; valid actions are: '
                                    + ', '.join(ACTIONS))
        (name,) = body
        if name not in ACTIONS:
            raise exception.Invalid(f'Invalid action {name!r}; valid actions are: '
                                    + ', '.join(ACTIONS))
        policy.authorize(ctx, f'actions:{name}')
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        if name == 'cancel_update':
            stack_operations.cancel_update(ctx, stack.id, rollback=True)
        elif name == 'cancel_without_rollback':
            stack_operations.cancel_update(ctx, stack.id, rollback=False)
        elif name == 'suspend':
            stack_lifecycle.suspend_stack(ctx, stack.id)
        elif name == 'resume':
            stack_lifecycle.resume_stack(ctx, stack.id)
        else:
            stack_operations.check_stack(ctx, stack.id)
        return responses.empty(200)

    def abandon(self, req, ctx, tenant_id, stack_name, stack_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        return responses.json_response(stack_abandon.abandon_stack(ctx, stack.id))

    def export(self, req, ctx, tenant_id, stack_name, stack_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id, show_deleted=False)
        return responses.json_response(stack_abandon.export_stack(ctx, stack.id))
