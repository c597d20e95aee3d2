"""The request context: who a stack records as its owner, and the RPC form."""
from heat_conv.common import context


def test_the_owner_is_the_users_name_and_the_id_where_the_token_gave_no_name():
    assert context.RequestContext(user_id='u1', user_name='alice').owner_name == 'alice'
    assert context.RequestContext(user_id='u1').owner_name == 'u1'


def test_the_owner_survives_the_trip_through_an_rpc_message():
    sent = context.RequestContext(user_id='u1', user_name='alice', project_id='p1',
                                  project_name='demo')
    received = context.RequestContext.from_dict(sent.to_dict())
    assert (received.owner_name, received.project_name) == ('alice', 'demo')
