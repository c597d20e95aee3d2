"""Lifecycle scenarios (suspend, resume, abandon, adopt, export), shared by
the deterministic and multi-process runs like library.py's."""
import json

from tests.scenarios.library import assert_reality
from tests.scenarios.library import attr
from tests.scenarios.library import fan_expected
from tests.scenarios.library import fan_template
from tests.scenarios.library import physical_ids
from tests.scenarios.library import res
from tests.scenarios.library import tmpl


def chain(wait=0):
    # C needs B needs A.
    return tmpl({'A': res('a', action_wait_secs={'suspend': wait, 'resume': wait}),
                 'B': res(attr('A')), 'C': res(attr('B'))})


def cloud_statuses(d):
    return {name: [o['status'] for o in objs] for name, objs in d.objects_by_name().items()}


def completed(d, action):
    return [e.resource_name for e in d.events()
            if e.resource_action == action and e.resource_status == 'COMPLETE'
            and e.resource_type != 'OS::Heat::Stack']


def suspend_and_resume(d):
    d.create(chain())
    assert d.settle() == 'CREATE_COMPLETE'
    before = physical_ids(d)
    d.suspend()
    assert d.settle() == 'SUSPEND_COMPLETE'
    assert cloud_statuses(d) == {n: ['SUSPENDED'] for n in 'ABC'}
    assert {n: d.resource_status(n) for n in 'ABC'} == dict.fromkeys('ABC',
                                                                      'SUSPEND_COMPLETE')
    # Reverse dependency order: nothing is suspended before what needs it.
    assert completed(d, 'SUSPEND') == ['C', 'B', 'A']
    d.resume()
    assert d.settle() == 'RESUME_COMPLETE'
    assert cloud_statuses(d) == {n: ['ACTIVE'] for n in 'ABC'}
    assert completed(d, 'RESUME') == ['A', 'B', 'C']
    assert physical_ids(d) == before, 'suspend and resume keep every object'
    # Resumed, the stack updates as usual.
    d.update(tmpl({'A': res('a2'), 'B': res(attr('A')), 'C': res(attr('B'))}))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert d.objects_by_name()['C'][0]['properties']['value'] == 'a2'


def slow_suspend_waits_for_the_cloud(d):
    d.create(chain(wait=d.slow))
    assert d.settle() == 'CREATE_COMPLETE'
    d.suspend()
    d.run_until(lambda: d.resource_status('A') == 'SUSPEND_IN_PROGRESS', 'A suspending')
    assert d.stack_status() == 'SUSPEND_IN_PROGRESS'
    assert cloud_statuses(d)['A'] == ['BUILDING']
    assert d.settle() == 'SUSPEND_COMPLETE'
    assert cloud_statuses(d)['A'] == ['SUSPENDED']
    d.resume()
    d.run_until(lambda: d.resource_status('A') == 'RESUME_IN_PROGRESS', 'A resuming')
    assert d.resource_status('B') == 'SUSPEND_COMPLETE', 'B waits for A to resume'
    assert d.settle() == 'RESUME_COMPLETE'


def suspended_stack_deletes(d):
    d.create(chain())
    assert d.settle() == 'CREATE_COMPLETE'
    d.suspend()
    assert d.settle() == 'SUSPEND_COMPLETE'
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert d.objects() == []


def failed_suspend_is_tried_again(d):
    d.create(chain())
    assert d.settle() == 'CREATE_COMPLETE'
    d.cloud.set_faults(action_error_rate=1.0)
    d.suspend()
    assert d.settle() == 'SUSPEND_FAILED'
    assert 'Resource SUSPEND failed' in d.stack().status_reason
    assert d.resource_status('C') == 'SUSPEND_FAILED'
    d.cloud.set_faults(action_error_rate=0.0)
    d.suspend()
    assert d.settle() == 'SUSPEND_COMPLETE'
    assert cloud_statuses(d) == {n: ['SUSPENDED'] for n in 'ABC'}


def resume_of_a_running_stack_fails_as_in_heat(d):
    d.create(tmpl({'A': res('a')}))
    assert d.settle() == 'CREATE_COMPLETE'
    d.resume()
    assert d.settle() == 'RESUME_FAILED'
    assert "State ('CREATE', 'COMPLETE') invalid for resume" in d.stack().status_reason
    assert cloud_statuses(d) == {'A': ['ACTIVE']}


def check_leaves_what_it_never_reaches_as_heat_does(d):
    # Heat's TemplateResourceCheckTest.test_check_fail: a check goes on past
    # a failure, but what needs the failed resource is never checked.
    d.create(tmpl({'ok': res('o'), 'bad': res('b', fail=True),
                   'after_bad': res('a', depends_on='bad'),
                   'after_after': res('a', depends_on='after_bad')}))
    assert d.settle() == 'CREATE_FAILED'
    d.check()
    assert d.settle() == 'CHECK_FAILED'
    states = {name: f'{row.action}_{row.status}' for name, row in
              ((r.name, r) for r in d.rows())}
    assert states['ok'] == 'CHECK_COMPLETE'
    assert states['bad'] == 'CHECK_FAILED'
    assert states['after_bad'] == states['after_after'] == 'INIT_COMPLETE'


def whole_cloud(d):
    """Every object of the cloud, every field: what a round trip must keep."""
    return d.scenario_cloud()


def abandon_then_adopt_round_trip(d):
    t = fan_template('a')
    t['resources']['R'] = {'type': 'OS::Heat::RandomString', 'properties': {'length': 8}}
    d.create(t)
    assert d.settle() == 'CREATE_COMPLETE'
    before, ids = whole_cloud(d), physical_ids(d)
    exported = d.export()
    assert d.stack_status() == 'CREATE_COMPLETE', 'export removes nothing'
    old_id = d.stack_id
    doc = d.abandon()
    assert doc == exported
    assert doc['resources']['A']['resource_id'] == ids['A']
    assert d.stack().deleted_at is not None and d.rows() == []
    assert whole_cloud(d) == before, 'abandon leaves every object in place'
    d.adopt(json.dumps(doc))   # heatclient sends the document as text
    assert d.stack_id != old_id
    assert d.settle() == 'ADOPT_COMPLETE'
    assert whole_cloud(d) == before, 'adopt creates and changes nothing'
    assert physical_ids(d) == ids
    assert {n: d.resource_status(n) for n in ids} == dict.fromkeys(ids, 'ADOPT_COMPLETE')
    assert d.resources()['R'].attributes_data == {'value': ids['R']}
    # Adopted, the objects are the stack's own: updated, then deleted.
    t2 = fan_template('x')
    t2['resources']['R'] = t['resources']['R']
    d.update(t2)
    assert d.settle() == 'UPDATE_COMPLETE'
    assert {o['id'] for o in whole_cloud(d)} == {o['id'] for o in before}
    values = {o['metadata']['resource_name']: o['properties'].get('value')
              for o in whole_cloud(d)}
    assert values == {n: p['value'] for n, p in fan_expected('x').items()}
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert whole_cloud(d) == []


def adopt_without_an_object_fails_and_creates_nothing(d):
    d.create(tmpl({'A': res('a')}))
    assert d.settle() == 'CREATE_COMPLETE'
    doc = d.abandon()
    doc['template']['resources']['B'] = res('b')
    before = whole_cloud(d)
    d.adopt(doc)
    assert d.settle() == 'ADOPT_FAILED'
    assert 'Resource ID was not provided' in d.stack().status_reason
    assert whole_cloud(d) == before


def snapshot_then_restore(d):
    d.create(fan_template('a'))
    assert d.settle() == 'CREATE_COMPLETE'
    ids = physical_ids(d)
    snap = d.snapshot('before')
    # A traversal, as in Heat: the snapshot answers at once, in progress.
    assert (snap.status, snap.name, snap.data['resources']) == ('IN_PROGRESS', 'before', {})
    assert d.stack_status() == 'SNAPSHOT_IN_PROGRESS'
    assert d.settle() == 'SNAPSHOT_COMPLETE'
    assert {n: d.resource_status(n) for n in 'ABCD'} == dict.fromkeys('ABCD',
                                                                      'SNAPSHOT_COMPLETE')
    snap = d.show_snapshot(snap.id)
    assert (snap.status, snap.status_reason) == ('COMPLETE',
                                                 'Stack SNAPSHOT completed successfully')
    assert snap.data['resources']['B']['resource_data']['properties']['value'] == 'a-b'
    assert snap.data['resources']['B']['resource_id'] == ids['B']
    # Afterwards: a new template, and someone edits and deletes objects.
    d.update(tmpl({'A': res('z'), 'B': res(attr('A')), 'E': res('e')}))
    assert d.settle() == 'UPDATE_COMPLETE'
    b = d.objects_by_name()['B'][0]['id']
    d.cloud.patch(b, {'value': 'tampered'})
    d.cloud.delete(d.objects_by_name()['A'][0]['id'])
    d.restore(snap.id)
    assert d.settle() == 'RESTORE_COMPLETE'
    assert_reality(d, fan_expected('a'))
    assert physical_ids(d)['B'] == ids['B'] == b, 'a changed object is repaired in place'
    assert physical_ids(d)['A'] != ids['A'], 'a deleted object is rebuilt'


def snapshot_deletion_policy_keeps_a_copy(d):
    d.create(tmpl({'A': dict(res('a'), deletion_policy='Snapshot'), 'B': res('b')}))
    assert d.settle() == 'CREATE_COMPLETE'
    ids = physical_ids(d)
    a = ids['A']
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert d.objects() == []
    # Only this stack's objects: a shared cloud keeps other scenarios'
    # stack snapshot copies too.
    kept = [s for s in d.cloud.list_snapshots() if s['object']['id'] in ids.values()]
    assert [(s['object']['id'], s['object']['properties']['value']) for s in kept] == \
        [(a, 'a')]


def copies_of(d, ids):
    """The cloud's snapshots of these objects (a shared cloud holds others')."""
    return sorted((s['object']['id'], s['id']) for s in d.cloud.list_snapshots()
                  if s['object']['id'] in ids)


def snapshot_delete_deletes_its_copies_and_stack_delete_its_snapshots(d):
    d.create(tmpl({'A': res('a'), 'B': res(attr('A'))}))
    assert d.settle() == 'CREATE_COMPLETE'
    ids = physical_ids(d)
    first = d.snapshot('first')
    assert d.settle() == 'SNAPSHOT_COMPLETE'
    second = d.snapshot('second')
    assert d.settle() == 'SNAPSHOT_COMPLETE'
    # Each snapshot's step took a copy of each object in the cloud.
    taken = {snap.id: {name: entry['resource_data']['cloud_snapshot_id'] for name, entry
                       in d.show_snapshot(snap.id).data['resources'].items()}
             for snap in (first, second)}
    assert copies_of(d, ids.values()) == sorted(
        (ids[name], copy) for each in taken.values() for name, copy in each.items())
    d.delete_snapshot(first.id)
    assert [s.id for s in d.snapshots()] == [second.id]
    assert copies_of(d, ids.values()) == sorted(
        (ids[name], copy) for name, copy in taken[second.id].items())
    # The stack's delete deletes its snapshots, and their copies, first.
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert d.snapshots() == []
    assert copies_of(d, ids.values()) == []
    assert d.scenario_cloud() == []


def restricted(actions):
    return {'resource_registry': {'resources': {'bar': {'restricted_actions': actions}}}}


def events_with(d, reason):
    return [e for e in d.events() if e.resource_status_reason == reason]


def restricted_actions_refuse_as_in_heat(d):
    d.create(tmpl({'bar': res('1234')}))
    assert d.settle() == 'CREATE_COMPLETE'
    before = whole_cloud(d)
    d.update(tmpl({'bar': res('4567')}), environment=restricted(['update', 'replace']))
    assert d.settle() == 'UPDATE_FAILED'
    assert d.resource_status('bar') == 'CREATE_COMPLETE'
    assert len(events_with(d, 'update is restricted for resource.')) == 1
    assert d.stack().status_reason == ('Resource UPDATE failed: ResourceActionRestricted: '
                                       'resources.bar: update is restricted for resource.')
    assert whole_cloud(d) == before
    # Only replace restricted: the in-place update goes ahead...
    d.update(tmpl({'bar': res('4567')}), environment=restricted('replace'))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert d.objects_by_name()['bar'][0]['properties']['value'] == '4567'
    # ...and a replacement does not (a type change is one too).
    for changed in (res('4567', update_replace=True), {'type': 'OS::Heat::None'}):
        d.update(tmpl({'bar': changed}), environment=restricted('replace'))
        assert d.settle() == 'UPDATE_FAILED'
    assert len(events_with(d, 'replace is restricted for resource.')) == 2
    assert d.resource_status('bar') == 'UPDATE_COMPLETE'


def external_id_adopts_and_never_deletes(d):
    outside = d.cloud.create('made-elsewhere', 'OS::Heat::TestResource', {'value': 'x'})
    d.create(tmpl({'ext': dict(res('x'), external_id=outside['id']), 'own': res('o')}),
             disable_rollback=True)
    assert d.settle() == 'CREATE_COMPLETE'
    assert physical_ids(d)['ext'] == outside['id']
    assert d.resource_status('ext') == 'ADOPT_COMPLETE'
    assert len(d.scenario_cloud()) == 2, 'only "own" was created'
    # Same id: nothing to do, even with other properties.
    d.update(tmpl({'ext': dict(res('y'), external_id=outside['id']), 'own': res('o')}))
    assert d.settle() == 'UPDATE_COMPLETE'
    assert d.cloud.get(outside['id'])['properties'] == {'value': 'x'}
    # Another id: Heat's refusal.
    d.update(tmpl({'ext': dict(res('y'), external_id='other'), 'own': res('o')}))
    assert d.settle() == 'UPDATE_FAILED'
    refused = ('Resource UPDATE failed: NotSupported: resources.ext: Update to property '
               'external_id of ext (OS::Heat::TestResource) is not supported.')
    assert d.stack().status_reason == refused
    # Without the id at all: the same refusal, and the object stays the stack's.
    d.update(tmpl({'ext': res('y'), 'own': res('o')}))
    assert d.settle() == 'UPDATE_FAILED'
    assert d.stack().status_reason == refused
    assert d.cloud.get(outside['id'])['properties'] == {'value': 'x'}
    d.update(tmpl({'ext': dict(res('x'), external_id=outside['id']), 'own': res('o')}))
    assert d.settle() == 'UPDATE_COMPLETE'
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert [o['id'] for o in d.scenario_cloud()] == [outside['id']], 'never deleted'


def external_id_that_no_object_has_is_taken_as_given(d):
    # Heat's TestResource has no cloud to ask, so an external_id no object
    # has completes with it as its physical id (issue 26 item 10); so does
    # heat-conv's, and it never looks for it in the simulated cloud again.
    template = tmpl({'ext': dict(res('x'), external_id='foobar')})
    template['outputs'] = {'ref': {'value': {'get_resource': 'ext'}}}
    d.create(template)
    assert d.settle() == 'CREATE_COMPLETE'
    assert d.resources()['ext'].physical_resource_id == 'foobar'
    assert d.outputs()['ref'] == 'foobar'
    assert d.scenario_cloud() == []
    d.check()
    assert d.settle() == 'CHECK_COMPLETE'
    d.suspend()
    assert d.settle() == 'SUSPEND_COMPLETE'
    d.resume()
    assert d.settle() == 'RESUME_COMPLETE'
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert d.scenario_cloud() == []


ALL = [check_leaves_what_it_never_reaches_as_heat_does,
       suspend_and_resume, slow_suspend_waits_for_the_cloud, suspended_stack_deletes,
       failed_suspend_is_tried_again, resume_of_a_running_stack_fails_as_in_heat,
       abandon_then_adopt_round_trip, adopt_without_an_object_fails_and_creates_nothing,
       snapshot_then_restore, snapshot_deletion_policy_keeps_a_copy,
       snapshot_delete_deletes_its_copies_and_stack_delete_its_snapshots,
       restricted_actions_refuse_as_in_heat, external_id_adopts_and_never_deletes,
       external_id_that_no_object_has_is_taken_as_given]
