"""OS::Swift::Container: a Swift container, with Heat's properties.

Every property is given to Swift as a header when the container is made
(``X-Container-Meta-<key>`` for each key of X-Container-Meta,
``X-Account-Meta-<key>`` posted to the account), and none can be updated:
a changed property replaces the container, as in Heat. The container's
name is the template's ``name`` or Heat's physical name, which heat-conv
derives from the resource's id, so a create whose answer was lost finds
its container by that name.

A delete refuses a container that still holds objects unless
PurgeOnDelete is true; then it deletes the objects first.
"""
from urllib import parse

from heat_conv.clients import retry
from heat_conv.clients import swift_api
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources.openstack import base as os_base
from heat_conv.resources.openstack import names


def meta_headers(kind, meta):
    """Heat's metadata headers: ``X-Container-Meta-<key>`` for each key."""
    return {f'X-{kind.title()}-Meta-{key}': str(value)
            for key, value in (meta or {}).items()}


class SwiftContainer(os_base.OpenStackResource):
    type_name = 'OS::Swift::Container'
    service_type = 'object-store'
    service_name = 'Swift'
    wants_stack = True   # the default name is Heat's physical name
    stack = None
    properties_schema = {
        'name': Property('string', description='Name for the container. If not '
                         'specified, a unique name will be generated.'),
        'X-Container-Read': Property('string', description='Specify the ACL '
                                     'permissions on who can read objects in the '
                                     'container.'),
        'X-Container-Write': Property('string', description='Specify the ACL '
                                      'permissions on who can write objects to the '
                                      'container.'),
        'X-Container-Meta': Property('map', default={}, description='A map of '
                                     'user-defined meta data to associate with the '
                                     'container. Each key in the map will set the '
                                     'header X-Container-Meta-{key} with the '
                                     'corresponding value.'),
        'X-Account-Meta': Property('map', default={}, description='A map of '
                                   'user-defined meta data to associate with the '
                                   'account. Each key in the map will set the header '
                                   'X-Account-Meta-{key} with the corresponding '
                                   'value.'),
        'PurgeOnDelete': Property('boolean', default=False, description='If True, '
                                  'delete any objects in the container when the '
                                  'container is deleted. Otherwise, deleting a '
                                  'non-empty container will result in an error.'),
    }
    attributes_schema = {
        'DomainName': 'The host from the container URL.',
        'WebsiteURL': 'The URL of the container.',
        'RootURL': 'The parent URL of the container.',
        'ObjectCount': 'The number of objects stored in the container.',
        'BytesUsed': 'The number of bytes stored in the container.',
        'HeadContainer': 'A map containing all headers for the container.',
    }

    def container_name(self):
        return self.properties.get('name') or names.physical_name(self)

    def refid(self):
        return self.physical_id or self.name

    def create(self):
        name = self.container_name()
        headers = meta_headers('container', self.properties.get('X-Container-Meta'))
        for key in ('X-Container-Read', 'X-Container-Write'):
            if self.properties.get(key) is not None:
                headers[key] = self.properties[key]
        account = meta_headers('account', self.properties.get('X-Account-Meta'))
        try:
            swift_api.call(self.cloud, 'PUT', name, headers=headers)
        except Exception as exc:
            return self.failed(exc)
        self.physical_id = name
        if account:
            try:
                swift_api.call(self.cloud, 'POST', headers=account)
            except Exception as exc:
                return self.failed(exc, physical_id=name)
        return base.Done(name)

    def update(self, old_properties):
        if self.needs_replace(old_properties):
            return base.NeedsReplace(self.physical_id)
        return base.Done(self.physical_id)

    def delete(self):
        if not self.physical_id:
            return base.Done()
        try:
            objects = swift_api.object_names(self.cloud, self.physical_id)
            if objects is None:
                return base.Done()
            if objects and not self.properties.get('PurgeOnDelete'):
                return base.Failed(
                    f'ResourceActionNotSupported: resources.{self.name}: Deleting '
                    f'non-empty container ({self.physical_id}) when PurgeOnDelete is '
                    'False is not supported for resource.', self.physical_id)
            for name in objects:
                swift_api.delete(self.cloud, self.physical_id, name)
            swift_api.delete(self.cloud, self.physical_id)
        except Exception as exc:
            return self.failed(exc)
        return base.Done()

    def adopt(self):
        return self.check()

    def find_orphan(self):
        if self.resource_id is None or self.properties.get('name'):
            return None   # a name of the template's may be another's container
        wanted = names.physical_name(self)
        try:
            found = swift_api.head_container(self.cloud, wanted)
        except Exception as exc:
            return base.Unknown(os_base.describe(exc))
        return wanted if found is not None else None

    # The observer's side: one account listing shows every container.
    @classmethod
    def observe_many(cls, cloud, physical_ids):
        shown = {c.name: {'name': c.name, 'count': c.count, 'bytes': c.bytes}
                 for c in retry.call(lambda: list(cloud.object_store.containers()))}
        return {name: shown.get(name) for name in physical_ids}

    def look_for_check(self):
        return swift_api.head_container(self.cloud, self.physical_id)

    def attributes(self):
        if not self.physical_id:
            return {}
        try:
            url = parse.urlparse(swift_api.account_url(self.cloud))
            headers = swift_api.head_container(self.cloud, self.physical_id)
        except Exception:   # keep what was known
            return dict(self.stored_attributes)
        root = f'{url.scheme}://{url.netloc}{url.path}'
        values = {'DomainName': url.netloc.split(':')[0],
                  'WebsiteURL': f'{root}/{self.physical_id}',
                  'RootURL': root,
                  'ObjectCount': None, 'BytesUsed': None, 'HeadContainer': None}
        if headers is not None:
            # Heat hands Swift's header values on as they are: strings.
            values.update(ObjectCount=headers.get('x-container-object-count'),
                          BytesUsed=headers.get('x-container-bytes-used'),
                          HeadContainer=headers)
        return values
