"""The JSON shape of a resource, as Heat's v1 API answers it."""
from heat_conv.api.views import links
from heat_conv.api.views.stacks import status
from heat_conv.common import timeutils
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.hot import references


def resource_links(req, stack, name, child=None):
    """``child``: the child stack of a stack-backed resource, linked as
    Heat links it (rel ``nested``)."""
    out = [links.link(links.stack_url(req, stack, 'resources', name)),
           links.link(links.stack_url(req, stack), 'stack')]
    if child is not None:
        out.append(links.link(links.stack_url(req, child), 'nested'))
    return out


def resource(req, stack, row, required_by, detail=False, with_attr=(), declared=None,
             child=None):
    """``declared``: the template's view of the resources (its alias types
    and descriptions), an api.stored_template.DeclaredResources; ``child``,
    the resource's child stack if it has one."""
    type_name = declared.type_of(row.name, row.type) if declared else row.type
    out = {
        'resource_name': row.name,
        'logical_resource_id': row.name,
        'physical_resource_id': row.physical_resource_id or '',
        'resource_type': type_name,
        'resource_status': status(row.action, row.status),
        'resource_status_reason': row.status_reason or '',
        'creation_time': timeutils.isotime(row.created_at),
        'updated_time': timeutils.isotime(row.updated_at or row.created_at),
        'required_by': list(required_by),
        'links': resource_links(req, stack, row.name, child),
        'stack_name': stack.name,
        # heat-conv's own: how reality compares with the template (clients
        # that do not know these fields ignore them).
        'drift_status': row.drift_status,
        'drift_detail': row.drift_detail or {},
        'drift_checked_time': timeutils.isotime(row.drift_checked_at),
    }
    if stack.parent_resource_name:
        out['parent_resource'] = stack.parent_resource_name
    if detail:
        # An attribute that cannot be computed shows as None, as in Heat.
        attributes = {k: None if references.is_unavailable(v) else v
                      for k, v in (row.attributes_data or {}).items()
                      if k != references.PER_MEMBER}
        for name in with_attr:
            attributes.setdefault(name, None)
        out['attributes'] = attributes
        out['description'] = declared.description_of(row.name) if declared else ''
    return out


def planned(stack_name, defn, required_by, stack_id='None', tenant=None, type_name=None,
            description=''):
    """A resource a preview would create or change: Heat's engine-side shape
    (action and status apart), with the properties it would get."""
    return {
        'resource_name': defn['name'],
        'resource_type': type_name or defn['type'],
        'resource_action': Action.INIT,
        'resource_status': Status.COMPLETE,
        'resource_status_reason': '',
        'physical_resource_id': '',
        'resource_identity': {'stack_name': stack_name, 'stack_id': stack_id,
                              'tenant': tenant, 'path': f'/resources/{defn["name"]}'},
        'stack_identity': {'stack_name': stack_name, 'stack_id': stack_id,
                           'tenant': tenant, 'path': ''},
        'stack_name': stack_name,
        'required_by': list(required_by),
        'properties': defn.get('properties') or {},
        'description': description,
        'metadata': defn.get('metadata') or {},
        # Nothing is built yet: Heat shows both times as null.
        'creation_time': None,
        'updated_time': None,
    }


def existing(stack, row, required_by, type_name=None, description=''):
    """A stored resource in the same engine-side shape, for update previews."""
    return {
        'resource_name': row.name,
        'resource_type': type_name or row.type,
        'resource_action': row.action,
        'resource_status': row.status,
        'resource_status_reason': row.status_reason or '',
        'physical_resource_id': row.physical_resource_id or '',
        'resource_identity': {'stack_name': stack.name, 'stack_id': stack.id,
                              'tenant': stack.tenant, 'path': f'/resources/{row.name}'},
        'stack_name': stack.name,
        'required_by': list(required_by),
        'properties': row.properties_data or {},
        'description': description,
        'metadata': row.rsrc_metadata or {},
        'creation_time': timeutils.isotime(row.created_at),
        'updated_time': timeutils.isotime(row.updated_at or row.created_at),
    }
