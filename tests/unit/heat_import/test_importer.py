"""import-heat on a small Heat 27 database (heat_fixture) into a fresh
heat-conv database: what is taken over, what is left to Heat and why,
and that a second run imports nothing twice."""
import pytest

from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.heat_import import heat_crypt
from heat_conv.heat_import import importer
from heat_conv.heat_import import report_text
from heat_conv.stacks import resource_rows
from heat_conv.stacks import stored_template
from tests.unit.heat_import import heat_fixture

TOP = {
    'heat_template_version': '2021-04-16',
    'parameters': {'length': {'type': 'number', 'default': 8}},
    'resources': {
        'word': {'type': 'OS::Heat::RandomString',
                 'properties': {'length': {'get_param': 'length'}}},
        'group': {'type': 'OS::Heat::ResourceGroup', 'depends_on': 'word',
                  'properties': {'count': 2, 'resource_def': {
                      'type': 'OS::Heat::RandomString', 'properties': {'length': 4}}}},
    },
    'outputs': {'word': {'value': {'get_attr': ['word', 'value']}}},
}
# What Heat's ResourceGroup stores as its child's template.
MEMBERS = {
    'heat_template_version': '2015-04-30',
    'resources': {str(i): {'type': 'OS::Heat::RandomString', 'properties': {'length': 4}}
                  for i in range(2)},
}


@pytest.fixture
def heat(tmp_path):
    return heat_fixture.HeatDB('sqlite:///' + str(tmp_path / 'heat.sqlite'))


@pytest.fixture
def heat_mariadb(mysql_url):
    """Heat 27's real schema (its dump) on MariaDB."""
    import sqlalchemy as sa
    engine = sa.create_engine(mysql_url)
    with engine.begin() as conn:
        text = '\n'.join(line for line in heat_fixture.SCHEMA_DUMP.read_text().splitlines()
                         if not line.startswith('--'))
        for statement in text.split(';\n'):
            if statement.strip():
                conn.exec_driver_sql(statement)
    engine.dispose()
    return heat_fixture.HeatDB(mysql_url)


def _app(heat, name='app', trust_id='trust-1', key=heat_crypt.HEAT_DEFAULT_KEY,
         status='COMPLETE', member_status='COMPLETE', tags=('prod', 'web')):
    top_template = heat.template(TOP, environment={'parameters': {'length': 12}})
    top = heat.stack(name, top_template, trust_id=trust_id, key=key, tags=tags,
                     status=status)
    word = heat.resource(top, 'word', top_template, physical_id=f'{name}-word-abc',
                         properties={'length': 12}, attributes={'value': 'x' * 12},
                         data={'value': heat_fixture.fernet_encrypt('x' * 12, key)})
    child_template = heat.template(MEMBERS)
    child_id = heat.stack(f'{name}-group-abcdefgh', child_template, owner_id=top,
                          parent_resource_name='group', nested_depth=1, tags=())
    heat.resource(top, 'group', top_template, physical_id=child_id,
                  properties={'count': 2, 'resource_def': {
                      'type': 'OS::Heat::RandomString', 'properties': {'length': 4}}},
                  data={'name_blacklist': '3,4'}, requires=[word])
    for member in ('0', '1'):
        heat.resource(child_id, member, child_template, physical_id=f'm{member}',
                      properties={'length': 4}, data={'value': 'abcd'},
                      status=member_status)
    return top, child_id


def _run(heat, **kwargs):
    return importer.run(None, engine=heat.engine, **kwargs)


def test_a_stack_tree_is_taken_over_with_its_ids_templates_and_trust(db, heat):
    top, child_id = _app(heat)
    with heat.engine.begin() as conn:   # Heat's one stack user project per tree
        conn.exec_driver_sql("UPDATE stack SET stack_user_project_id = 'sup-1'")
    report = _run(heat)
    assert [(o.name, o.state, o.stacks, o.resources) for o in report.outcomes] == [
        ('app', importer.IMPORTED, 2, 4)]

    stack = db_api.stack_get(top)
    assert (stack.name, stack.tenant, stack.action, stack.status) == (
        'app', 'project-1', 'CREATE', 'COMPLETE')
    assert stack.trust_id == 'trust-1'
    assert stack.tags == ['prod', 'web']
    assert stack.prev_raw_template_id == stack.raw_template_id
    raw = db_api.raw_template_get(stack.raw_template_id)
    assert raw.parameters == {'length': 12}
    assert 'parameters' not in raw.environment
    # Its outputs resolve from the imported rows, as heat-conv shows them.
    bound = stored_template.bound(stack)
    refs, attrs = stored_template.output_data(stack, bound)
    assert bound.resolve_output('word', refs, attrs) == 'x' * 12

    rows = resource_rows.shown(db_api.resources_of_stack(top))
    word, group = rows['word'], rows['group']
    assert word.physical_resource_id == 'app-word-abc'
    assert word.rsrc_data == {'value': 'x' * 12}     # decrypted
    assert word.properties_data['length'] == 12
    # heat-conv's defaults, as its own step stores them: unchanged next time.
    assert word.properties_data['sequence'] == 'lettersdigits'
    assert group.requires == [word.id]
    assert group.physical_resource_id == child_id
    assert group.rsrc_data == {'skiplist': ['3', '4']}

    child = db_api.stack_get(child_id)
    assert (child.owner_id, child.parent_resource_name, child.nested_depth) == (
        top, 'group', 1)
    assert child.trust_id is None   # children use their root's
    assert (stack.stack_user_project_id, child.stack_user_project_id) == ('sup-1', None)
    members = resource_rows.shown(db_api.resources_of_stack(child_id))
    assert sorted(members) == ['0', '1']
    assert members['0'].rsrc_data == {'value': 'abcd'}


def test_a_second_run_imports_nothing_twice(db, heat):
    top, _ = _app(heat)
    _run(heat)
    before = len(db_api.resources_of_stack(top))
    report = _run(heat)
    assert [o.state for o in report.outcomes] == [importer.ALREADY]
    assert len(db_api.resources_of_stack(top)) == before
    assert len(db_api.stack_list(tenant='project-1')) == 1


def test_a_dry_run_reports_and_writes_nothing(db, heat):
    top, _ = _app(heat)
    _app(heat, name='busy', status='IN_PROGRESS')
    report = _run(heat, dry_run=True)
    text = '\n'.join(report_text.lines(report))
    assert 'would import: app' in text
    assert 'left to Heat: busy' in text
    assert 'stack busy is CREATE_IN_PROGRESS' in text
    assert 'dry run: nothing was written' in text
    with pytest.raises(exception.NotFound):
        db_api.stack_get(top)


def test_a_stack_mid_operation_is_left_to_heat_and_the_others_imported(db, heat):
    _app(heat, name='calm')
    busy, _ = _app(heat, name='busy', member_status='IN_PROGRESS')
    report = _run(heat)
    states = {o.name: o for o in report.outcomes}
    assert states['calm'].state == importer.IMPORTED
    assert states['busy'].state == importer.REFUSED
    assert any('resource 0 of stack busy-group-abcdefgh is CREATE_IN_PROGRESS' in r
               for r in states['busy'].reasons)
    with pytest.raises(exception.NotFound):
        db_api.stack_get(busy)


def test_a_type_heat_conv_lacks_is_named(db, heat):
    template = heat.template({'heat_template_version': '2021-04-16', 'resources': {
        'lb': {'type': 'OS::Octavia::LoadBalancer', 'properties': {'vip_subnet': 's'}}}})
    top = heat.stack('lb', template, trust_id='t')
    heat.resource(top, 'lb', template, physical_id='lb-1', properties={'vip_subnet': 's'})
    (outcome,) = _run(heat).outcomes
    assert outcome.state == importer.REFUSED
    assert 'OS::Octavia::LoadBalancer' in outcome.reasons[0]
    assert 'heat-conv lacks this type' in outcome.reasons[0]


def test_a_wrong_encryption_key_leaves_the_stack_to_heat(db, heat):
    _app(heat, key='another key that is long enough!')
    (outcome,) = _run(heat).outcomes
    assert outcome.state == importer.REFUSED
    assert any('does not decrypt' in r and '--auth-encryption-key' in r
               for r in outcome.reasons)
    (outcome,) = _run(heat, key='another key that is long enough!').outcomes
    assert outcome.state == importer.IMPORTED


def test_a_tree_goes_in_whole_or_not_at_all(db, heat):
    top, child_id = _app(heat)
    # heat-conv already has a row with the uuid of the tree's last member:
    # the tree's insert fails at its rows, and nothing of the tree stays.
    member = [r for r in _heat_rows(heat, child_id) if r.name == '1'][0]
    template = db_api.raw_template_create({'heat_template_version': '2021-04-16'})
    holder = db_api.stack_create({'name': 'holder', 'live_name': 'holder',
                                  'tenant': 'project-9', 'action': 'CREATE',
                                  'status': 'COMPLETE', 'raw_template_id': template})
    db_api.resource_create({'stack_id': holder.id, 'name': 'r', 'type': 'OS::Heat::None',
                            'uuid': member.uuid})
    (outcome,) = _run(heat).outcomes
    assert outcome.state == importer.REFUSED
    assert 'nothing was inserted' in outcome.reasons[0]
    for stack_id in (top, child_id):
        with pytest.raises(exception.NotFound):
            db_api.stack_get(stack_id)
    assert db_api.resources_of_stack(top) == []


def _heat_rows(heat, stack_id):
    import sqlalchemy as sa

    from heat_conv.heat_import import heat_schema as hs
    with heat.engine.connect() as conn:
        return list(conn.execute(sa.select(hs.resource).where(
            hs.resource.c.stack_id == stack_id)))


def test_a_name_taken_in_heat_conv_is_a_reason(db, heat):
    _app(heat)
    template = db_api.raw_template_create({'heat_template_version': '2021-04-16'})
    db_api.stack_create({'name': 'app', 'live_name': 'app', 'tenant': 'project-1',
                         'action': 'CREATE', 'status': 'COMPLETE',
                         'raw_template_id': template})
    (outcome,) = _run(heat).outcomes
    assert outcome.state == importer.REFUSED
    assert 'heat-conv already has a stack named app' in outcome.reasons[0]


def test_only_the_project_asked_for(db, heat):
    _app(heat)
    template = heat.template(MEMBERS)
    heat.stack('theirs', template, tenant='project-2', trust_id='t2')
    report = _run(heat, project='project-2')
    assert [(o.name, o.state) for o in report.outcomes] == [('theirs', importer.IMPORTED)]


def test_deleted_stacks_are_not_imported(db, heat):
    template = heat.template(MEMBERS)
    heat.stack('gone', template, deleted=True)
    assert _run(heat).outcomes == []


def test_heat_27s_own_schema_on_mariadb(db, heat_mariadb):
    top, child_id = _app(heat_mariadb)
    (outcome,) = _run(heat_mariadb).outcomes
    assert (outcome.state, outcome.stacks, outcome.resources) == (importer.IMPORTED, 2, 4)
    assert db_api.stack_get(child_id).owner_id == top
    assert db_api.stack_get(top).trust_id == 'trust-1'
