"""OS::Swift::Container against the rig's Swift, as the non-admin demo
user: made with Heat's headers, kept by an update that changes nothing,
replaced by one that changes a property (Heat updates none in place),
refused a delete while it holds objects unless PurgeOnDelete."""
import requests
from openstack import exceptions as sdk_exc

from heat_conv.clients import swift_api
from heat_conv.plugin_interface import base
from heat_conv.resources.openstack.swift import container


def _head(cloud, name):
    return swift_api.head_container(cloud, name)


def test_a_container_is_made_with_heats_headers_and_shows_its_attributes(
        swift_harness, swift):
    made = swift_harness.plugin(container.SwiftContainer, 'box', {
        'X-Container-Read': '.r:*', 'X-Container-Meta': {'Web-Index': 'index.html'}})
    assert made.create() == base.Done(made.physical_id)
    name = made.physical_id
    assert name.startswith(f'{swift_harness.stack.name}-box-')
    assert made.refid() == name
    headers = _head(swift, name)
    assert headers['x-container-read'] == '.r:*'
    assert headers['x-container-meta-web-index'] == 'index.html'

    # The read ACL lets anyone read its objects, without a token.
    swift_api.call(swift, 'PUT', name, 'index.html', data=b'<p>hi</p>')
    attrs = made.attributes()
    root = swift_api.account_url(swift)
    assert attrs['RootURL'] == root
    assert attrs['WebsiteURL'] == f'{root}/{name}'
    assert attrs['DomainName'] == '127.0.0.1'
    assert (attrs['ObjectCount'], attrs['BytesUsed']) == ('1', '9')
    assert attrs['HeadContainer']['x-container-meta-web-index'] == 'index.html'
    assert requests.get(attrs['WebsiteURL'] + '/index.html', timeout=30).text == \
        '<p>hi</p>'

    # The observer sees it in one account listing; a check finds it healthy.
    seen = container.SwiftContainer.observe_many(swift, [name, 'no-such-container'])
    assert seen[name]['name'] == name and seen['no-such-container'] is None
    assert made.check() == base.Done(name)
    assert made.find_orphan() == name   # its name is derived from its id

    # Not empty, not purged: the delete is refused and the container stays.
    refused = made.delete()
    assert isinstance(refused, base.Failed)
    assert refused.reason == (
        f'ResourceActionNotSupported: resources.box: Deleting non-empty container '
        f'({name}) when PurgeOnDelete is False is not supported for resource.')
    assert _head(swift, name) is not None
    swift_api.delete(swift, name, 'index.html')
    assert made.delete() == base.Done()
    assert _head(swift, name) is None
    assert made.delete() == base.Done()   # already gone
    assert isinstance(made.check(), base.Failed)


def test_an_update_keeps_the_container_and_a_changed_property_replaces_it(
        swift_harness, swift):
    props = {'X-Container-Meta': {'Owner': 'a'}, 'PurgeOnDelete': True}
    first = swift_harness.plugin(container.SwiftContainer, 'box', props)
    assert first.create() == base.Done(first.physical_id)
    swift_api.call(swift, 'PUT', first.physical_id, 'kept', data=b'x')

    same = swift_harness.again(first)
    assert not same.needs_replace(first.properties)
    assert same.update(first.properties) == base.Done(first.physical_id)
    assert swift_api.object_names(swift, first.physical_id) == ['kept']

    changed = swift_harness.again(first, dict(props, **{'X-Container-Meta': {
        'Owner': 'b'}}))
    assert changed.needs_replace(first.properties)
    assert changed.update(first.properties) == base.NeedsReplace(first.physical_id)
    # The engine makes the replacement (a new resource), then deletes the old.
    second = swift_harness.plugin(container.SwiftContainer, 'box',
                                  changed.properties)
    assert second.create() == base.Done(second.physical_id)
    assert second.physical_id != first.physical_id
    assert _head(swift, second.physical_id)['x-container-meta-owner'] == 'b'
    # PurgeOnDelete: its objects go with it.
    assert first.delete() == base.Done()
    assert _head(swift, first.physical_id) is None
    assert second.delete() == base.Done()
    assert _head(swift, second.physical_id) is None


def test_account_metadata_is_posted_to_the_account(swift_harness, swift):
    key = f'Hc-{swift_harness.stack.name}'
    made = swift_harness.plugin(container.SwiftContainer, 'box', {
        'name': f'{swift_harness.stack.name}-named', 'X-Account-Meta': {key: 'v'}})
    try:
        assert made.create() == base.Done(f'{swift_harness.stack.name}-named')
        account = swift_api.headers_of(swift_api.call(swift, 'HEAD'))
        assert account[f'x-account-meta-{key.lower()}'] == 'v'
        assert made.find_orphan() is None   # a template's name may be another's
    finally:
        # Heat leaves account metadata behind; the test does not.
        swift_api.call(swift, 'POST', headers={f'X-Remove-Account-Meta-{key}': 'x'})
    assert made.delete() == base.Done()


def test_swift_refuses_what_it_cannot_make(swift_harness, swift):
    made = swift_harness.plugin(container.SwiftContainer, 'box', {'name': 'x' * 300})
    failed = made.create()
    assert isinstance(failed, base.Failed), failed
    assert failed.reason.startswith('Swift BadRequestException (400)')
    assert not isinstance(failed, sdk_exc.SDKException)
