"""The JSON shapes of stacks, as Heat's v1 API answers them."""
from heat_conv.api.views import links
from heat_conv.common import timeutils
from heat_conv.common.status import Action

# Heat's description of a stack whose template has none.
NO_DESCRIPTION = 'No description'


def status(action, state):
    """Heat joins action and status: ``CREATE_IN_PROGRESS``."""
    return f'{action}_{state}'


def _updated_time(stack):
    # Heat's updated_time is when the stack was last updated; the row's
    # updated_at also moves with every status change of its creation.
    if stack.action in (Action.INIT, Action.CREATE):
        return None
    return timeutils.isotime(stack.updated_at)


def identity(req, stack):
    """What create answers: ``{"id", "links"}``."""
    return {'id': stack.id, 'links': links.stack_links(req, stack)}


def summary(req, stack, description, include_project=False):
    """A stack as listed."""
    out = {
        'id': stack.id,
        'links': links.stack_links(req, stack),
        'stack_name': stack.name,
        'description': description or NO_DESCRIPTION,
        'stack_status': status(stack.action, stack.status),
        'stack_status_reason': stack.status_reason or '',
        'creation_time': timeutils.isotime(stack.created_at),
        'updated_time': _updated_time(stack),
        'deletion_time': timeutils.isotime(stack.deleted_at),
        'stack_owner': stack.username,
        'parent': stack.owner_id,
        'stack_user_project_id': getattr(stack, 'stack_user_project_id', None),
        'tags': list(stack.tags) if stack.tags else None,
    }
    if include_project:
        out['project'] = stack.tenant
    return out


def detail(req, stack, description, parameters, outputs=None):
    """A stack as shown; ``outputs`` None leaves them out (resolve_outputs=False)."""
    out = summary(req, stack, description)
    out.update({
        'template_description': description or NO_DESCRIPTION,
        'parameters': parameters,
        'timeout_mins': stack.timeout,
        'disable_rollback': bool(stack.disable_rollback),
        'capabilities': [],
        'notification_topics': [],
        # Heat lists a stack without tags with null tags, but shows it
        # with an empty list.
        'tags': list(stack.tags or []),
    })
    if outputs is not None:
        out['outputs'] = outputs
    return out
