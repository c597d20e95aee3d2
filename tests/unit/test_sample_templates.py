"""Every template in sample-templates/ is valid and says what it shows."""
import pathlib

import pytest
import yaml

from heat_conv.engine.core import stack_operations

SAMPLES = pathlib.Path(__file__).resolve().parents[2] / 'sample-templates'
TEMPLATES = sorted(SAMPLES.glob('*.yaml'))


def test_the_documented_samples_exist():
    assert {'fan.yaml', 'replace.yaml', 'rollback.yaml', 'slow.yaml',
            'outputs.yaml', 'cloudformation.yaml'} <= {path.name for path in TEMPLATES}


@pytest.mark.parametrize('path', TEMPLATES, ids=lambda path: path.name)
def test_sample_validates(path):
    template = yaml.safe_load(path.read_text())
    cfn = 'AWSTemplateFormatVersion' in template
    description, parameters, default = (
        ('Description', 'Parameters', 'Default') if cfn else
        ('description', 'parameters', 'default'))
    assert template.get(description), 'a sample says what it demonstrates'
    tmpl, bound = stack_operations.validate_template(template)
    assert list(bound.resource_names())
    # Every parameter has a default: `stack create -t FILE NAME` just works.
    assert all(default in spec for spec in template.get(parameters, {}).values())


def test_nested_sample_validates_with_its_files_and_environment():
    nested = SAMPLES / 'nested'
    template = yaml.safe_load((nested / 'web.yaml').read_text())
    assert template.get('description')
    files = {'server.yaml': (nested / 'server.yaml').read_text()}
    _, bound = stack_operations.validate_template(
        template, files=files, environment=(nested / 'env.yaml').read_text())
    assert sorted(bound.resource_names()) == ['backend', 'frontend', 'monitor']
