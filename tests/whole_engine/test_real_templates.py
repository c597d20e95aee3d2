"""A corpus of templates in the shapes real deployments write (TripleO's,
Magnum's): each validates, creates and deletes through the API over the
real engine, and its outputs are what Heat would give.

Each case is a directory of ``real_templates/``: ``template.yaml``, an
optional ``environment.yaml``, an optional ``parameters.yaml`` (the user's
parameters), an optional ``expected_outputs.yaml`` (every output's value
once created, or its error), an optional ``environment.d`` directory (the
operator's global environment, ``environment_dir``, while the case runs),
and any other file, sent as ``files`` under its own name (child templates,
scripts).
"""
import pathlib

import pytest
import yaml
from oslo_config import cfg

from heat_conv.api import app as app_module
from heat_conv.hot import global_environment
from tests.scenarios import local_driver
from tests.unit.api.conftest import Client

CORPUS = pathlib.Path(__file__).parent / 'real_templates'
_SPECIAL = {'template.yaml', 'environment.yaml', 'parameters.yaml',
            'expected_outputs.yaml'}


def _cases():
    return sorted(path.name for path in CORPUS.iterdir() if path.is_dir())


def _read(case, name):
    path = CORPUS / case / name
    return yaml.safe_load(path.read_text()) if path.exists() else None


def request_body(case):
    """What heatclient sends for the case: template, files, environment."""
    directory = CORPUS / case
    body = {'template': (directory / 'template.yaml').read_text(),
            'files': {path.name: path.read_text() for path in sorted(directory.iterdir())
                      if path.is_file() and path.name not in _SPECIAL}}
    environment = _read(case, 'environment.yaml')
    if environment is not None:
        body['environment'] = environment
    parameters = _read(case, 'parameters.yaml')
    if parameters is not None:
        body['parameters'] = parameters
    return body


@pytest.fixture
def world(db, fake_clock):
    driver = local_driver.LocalDriver(fake_clock)
    yield driver, Client(app_module.make_app(), tenant=driver.ctx.project_id)
    driver.close()


@pytest.fixture
def operator_environment():
    """Use a case's ``environment.d`` as the global environment."""
    def use(case):
        directory = CORPUS / case / 'environment.d'
        if directory.is_dir():
            cfg.CONF.set_override('environment_dir', str(directory))
            global_environment.reset()
    yield use
    cfg.CONF.clear_override('environment_dir')
    global_environment.reset()


@pytest.mark.parametrize('case', _cases())
def test_validates_creates_and_deletes(world, operator_environment, case):
    driver, api = world
    operator_environment(case)
    body = request_body(case)
    resp = api.post('/validate', body)
    assert resp.status_int == 200, resp.body

    resp = api.post('/stacks', {'stack_name': case.replace('_', '-'), **body})
    assert resp.status_int == 201, resp.body
    driver.stack_id = resp.json['stack']['id']
    path = resp.headers['Location'].split(f'/v1/{api.tenant}', 1)[1]
    status = driver.settle()
    stack = api.get(path).json['stack']
    assert status == 'CREATE_COMPLETE', stack['stack_status_reason']

    expected = _read(case, 'expected_outputs.yaml')
    if expected is not None:
        # An output that cannot be computed shows its error (as in Heat).
        outputs = {o['output_key']: o['output_error'] if 'output_error' in o
                   else o['output_value'] for o in stack['outputs']}
        assert outputs == expected

    assert api.delete(path).status_int == 204
    assert driver.settle() == 'DELETE_COMPLETE'
    assert driver.tree_objects() == []


def test_a_structured_deployment_deploys_its_config_with_inputs_substituted(world):
    driver, api = world
    resp = api.post('/stacks', {'stack_name': 'extraconfig',
                                **request_body('structured_deployment')})
    driver.stack_id = resp.json['stack']['id']
    assert driver.settle() == 'CREATE_COMPLETE'
    outputs = {o['output_key']: o['output_value'] for o in api.get(
        resp.headers['Location'].split(f'/v1/{api.tenant}', 1)[1]).json['stack']['outputs']}
    deployment = api.get(f'/software_deployments/{outputs["deployment_id"]}').json[
        'software_deployment']
    config = api.get(f'/software_configs/{deployment["config_id"]}').json[
        'software_config']
    assert config['group'] == 'hiera'
    assert config['config'] == {'datafiles': {'extraconfig': {
        'ntp::servers': ['0.pool.ntp.org', '1.pool.ntp.org'],
        'server_id': '3b9c6e42-controller-0', 'step': 1}}}
    assert outputs['role_status_codes'] == {'overcloud-controller-0': None,
                                            'overcloud-controller-1': None}


def test_a_nested_output_reading_an_undeclared_parameter_is_an_output_error(world):
    driver, api = world
    resp = api.post('/stacks', {'stack_name': 'parent',
                                **request_body('nested_output_error')})
    driver.stack_id = resp.json['stack']['id']
    assert driver.settle() == 'CREATE_COMPLETE'
    child = driver.stack_row(driver.resources()['inner'].physical_resource_id)
    outputs = {o['output_key']: o for o in api.get(
        f'/stacks/{child.name}/{child.id}').json['stack']['outputs']}
    assert outputs['name']['output_value'] == 'controller'
    assert 'removed_parameter' in outputs['stale']['output_error']
