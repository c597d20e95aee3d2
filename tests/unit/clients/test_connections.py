"""Which connection acts for a stack: its root's trust, one connection per
(trust, region) shared by every thread, a bounded number kept. (Building a
connection asks Keystone nothing; tests/realcloud uses them for real.)"""
import threading

import pytest

from heat_conv.clients import connections
from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.db import api as db_api


@pytest.fixture
def trustee(conf):
    conf('auth_type', 'password', group='trustee')
    from keystoneauth1 import loading as ks_loading

    from heat_conv.common import config
    config.CONF.register_opts(ks_loading.get_auth_plugin_conf_options('password'),
                              group='trustee')
    for name, value in (('auth_url', 'http://keystone.test:5000'),
                        ('username', 'heat-conv'), ('password', 'secret'),
                        ('user_domain_name', 'Default'), ('project_name', 'service')):
        conf(name, value, group='trustee')
    connections.reset()
    yield
    connections.reset()


def _stack(name, **values):
    return db_api.stack_create(dict({'name': name, 'tenant': 't', 'action': Action.CREATE,
                                     'status': 'COMPLETE'}, **values))


def test_a_child_stack_acts_through_its_roots_trust(db, trustee):
    root = _stack('root', trust_id='trust-1')
    child = _stack('child', owner_id=root.id)
    grandchild = _stack('grandchild', owner_id=child.id)
    assert connections.trust_of(grandchild.id) == 'trust-1'
    cloud = connections.for_stack(grandchild.id)
    assert connections.for_stack(root.id) is cloud
    # Authenticated with the trust, and with no other scope (a project in
    # [trustee] would be refused alongside a trust).
    auth = cloud.session.auth.get_cache_id_elements()
    assert (auth['trust_id'], auth['username'], auth['project_name']) == \
        ('trust-1', 'heat-conv', None)


def test_a_stack_without_a_trust_has_no_connection(db, trustee):
    stack = _stack('noauth')
    with pytest.raises(exception.MissingCredentials) as caught:
        connections.for_stack(stack.id)
    assert 'has no Keystone trust' in str(caught.value)


def test_one_connection_per_trust_and_region_across_threads(trustee):
    found, start = [], threading.Barrier(16)

    def connect():
        start.wait()
        found.append(connections.for_trust('trust-1'))
    threads = [threading.Thread(target=connect) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({id(conn) for conn in found}) == 1
    other_region = connections.for_trust('trust-1', region='RegionTwo')
    assert other_region is not found[0]
    assert other_region.config.get_region_name('compute') == 'RegionTwo'


def test_a_forgotten_trust_gets_a_new_connection(trustee):
    first = connections.for_trust('trust-1')
    kept = connections.for_trust('trust-2')
    connections.forget_trust('trust-1')
    assert connections.for_trust('trust-1') is not first
    assert connections.for_trust('trust-2') is kept


def test_the_least_recently_used_connections_are_dropped(trustee, monkeypatch):
    monkeypatch.setattr(connections, 'MAX_CONNECTIONS', 3)
    first = connections.for_trust('t1')
    connections.for_trust('t2')
    connections.for_trust('t3')
    assert connections.for_trust('t1') is first     # used again: kept
    connections.for_trust('t4')                     # t2 goes
    assert connections.for_trust('t1') is first
    assert connections.for_trust('t3') is not None
    assert len(connections._by_trust) == 3


def test_a_request_without_a_token_has_no_connection():
    from heat_conv.common import context
    ctx = context.RequestContext(project_id='p', overwrite=False)
    with pytest.raises(exception.MissingCredentials) as caught:
        connections.for_context(ctx)
    assert 'auth_strategy = noauth' in str(caught.value)
