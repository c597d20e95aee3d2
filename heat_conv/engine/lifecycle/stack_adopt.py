"""Adopt: a new stack that takes over the objects an abandon document
names, creating none.

The stack row and one row per adopted resource, each already carrying its
object's id, are inserted in one transaction; the traversal (action
ADOPT, adoption.py) then only checks and records each one. A resource
without an object in the document fails, as in Heat: nothing in an adopt
ever creates, so an engine that dies mid-adopt cannot leave duplicates.
"""
import uuid

from oslo_db import exception as db_exc

from heat_conv.clients import trusts
from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.db import api as db_api
from heat_conv.engine.core import stack_operations
from heat_conv.engine.core import stack_state
from heat_conv.engine.lifecycle import adoption
from heat_conv.engine.lifecycle import lifecycle_options
from heat_conv.hot import yaml_loader


def parse(data):
    """The adopt document (a mapping, or JSON/YAML text), checked; raises
    Invalid naming what is wrong, as Heat's 'Invalid adopt data'."""
    if isinstance(data, str):
        data = yaml_loader.load(data, error_class=exception.Invalid, what='adopt data')
    if not isinstance(data, dict):
        raise exception.Invalid('Invalid adopt data: it must be a JSON object')
    if 'template' not in data:
        raise exception.Invalid("Invalid adopt data: 'template'")
    resources = data.get('resources') or {}
    if not isinstance(resources, dict) or not all(
            isinstance(r, dict) for r in resources.values()):
        raise exception.Invalid('Invalid adopt data: resources must map names to '
                                'objects')
    return data


def adopt_stack(ctx, name, data, params=None, files=None, environment=None,
                timeout=None, disable_rollback=True, tags=None):
    """Create stack ``name`` from adopt document ``data`` (parsed)."""
    lifecycle_options.require_adopt()
    tenant = stack_operations.check_new_stack(ctx, name)
    environment = environment or data.get('environment') or {}
    # As in Heat: the document's parameters, overridden by the request's.
    params = dict((data.get('environment') or {}).get('parameters') or {},
                  **(params or {}))
    files = dict(data.get('files') or {}, **(files or {}))
    tmpl, bound = stack_operations.validate_template(
        data['template'], files, environment, params, stack_name=name,
        project_id=tenant, ctx=ctx)
    stack_id = str(uuid.uuid4())
    template_id = db_api.raw_template_create(tmpl.to_dict(), tmpl.files or files,
                                             stack_operations.environment_dict(environment),
                                             params, stack_id=stack_id)
    resources = adoption.rows(bound, data.get('resources') or {})
    values = {'id': stack_id, 'name': name, 'live_name': name, 'tenant': tenant,
              'username': ctx.owner_name, 'timeout': timeout,
              'disable_rollback': bool(disable_rollback), 'tags': tags,
              'auto_heal': False}
    values['trust_id'] = trusts.create(ctx) if trusts.wanted(ctx) else None
    try:
        stack = stack_state.create(values, template_id, ctx=ctx, action=Action.ADOPT,
                                   resources=resources)
    except Exception as exc:
        if values['trust_id']:
            trusts.delete(values['trust_id'])   # no stack will use it
        if isinstance(exc, db_exc.DBDuplicateEntry):
            raise exception.StackExists(name) from None
        raise
    return db_api.stack_get(stack.id)

