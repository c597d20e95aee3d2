"""The parts of the real-cloud plugin base that need no cloud."""
from openstack import exceptions as sdk_exc

from heat_conv.clients import retry
from heat_conv.common import config
from heat_conv.plugin_interface import ownership
from heat_conv.resources.openstack import base


class Thing(base.OpenStackResource):
    type_name = 'Test::Thing'
    service_name = 'Neutron'


def _thing():
    return Thing('web', 'stack-1', {}, resource_id='res-1', cloud=object())


def test_ownership_round_trips_through_metadata_and_tags():
    thing = _thing()
    assert Thing.owner_of(metadata=thing.ownership()) == ('stack-1', 'res-1')
    assert Thing.owner_of(tags=thing.ownership_tags() + ['user-tag']) == ('stack-1', 'res-1')
    assert Thing.owner_of(metadata={'purpose': 'mine'}, tags=['x']) == (None, None)


def test_a_service_error_fails_with_its_message():
    exc = sdk_exc.HttpException(message='Quota exceeded for ports', http_status=409)
    outcome = _thing().failed(exc)
    assert outcome.reason.startswith('Neutron HttpException (409): ')
    assert 'Quota exceeded for ports' in outcome.reason


def test_5xx_and_connection_errors_are_retried_up_to_the_limit():
    config.CONF.set_override('client_retry_limit', 2)
    calls = []

    def flaky():
        calls.append(1)
        if len(calls) < 3:
            raise sdk_exc.HttpException(message='busy', http_status=503)
        return 'ok'
    try:
        before = retry.retries['count']
        assert retry.call(flaky) == 'ok'
        assert len(calls) == 3 and retry.retries['count'] == before + 2
        calls.clear()

        def refused():
            calls.append(1)
            raise sdk_exc.BadRequestException(message='bad flavor')
        try:
            retry.call(refused)
        except sdk_exc.BadRequestException:
            pass
        assert len(calls) == 1   # a 4xx is an answer
    finally:
        config.CONF.clear_override('client_retry_limit')


def test_a_delete_of_a_gone_object_succeeds():
    thing = Thing('web', 'stack-1', {}, physical_id='p-1', cloud=object())

    def gone(_id):
        raise sdk_exc.NotFoundException(message='no such port')
    assert type(thing.delete_outcome(gone, 'p-1')).__name__ == 'Done'
    assert type(thing.delete_outcome(lambda _id: None, 'p-1')).__name__ == 'Pending'


def _adopter(known):
    return ownership.Adopter(stack_id='adopting', project_id='mine',
                             stack=known.get, held_by=lambda physical_id: None)


def test_an_adopt_is_refused_what_the_objects_tags_say_another_owns():
    # A real plugin's owner() returns claimed_owner of its object: the
    # same rule as the simulated cloud's then decides (issue 27).
    class Owned(Thing):
        claim = None

        def owner(self):
            return self.claim
    thing = Owned('web', 'adopting', {}, physical_id='port-1', cloud=object())
    tags = _thing().ownership_tags()   # stack-1's resource web
    live = {'stack-1': ownership.StackKnown(project_id='mine', live=True)}
    thing.claim = Thing.claimed_owner(tags=tags, project_id='theirs')
    assert thing.adoption_refusal(_adopter(live)) == (
        'Test::Thing port-1 cannot be adopted: it belongs to another project')
    thing.claim = Thing.claimed_owner(tags=tags, project_id='mine')
    assert thing.adoption_refusal(_adopter(live)) == (
        'Test::Thing port-1 cannot be adopted: it is owned by stack stack-1 '
        '(resource web)')
    abandoned = {'stack-1': ownership.StackKnown(project_id='mine', live=False)}
    assert thing.adoption_refusal(_adopter(abandoned)) is None
    thing.claim = Thing.claimed_owner(tags=['user-tag'], project_id='mine')
    assert thing.adoption_refusal(_adopter({})) is None
