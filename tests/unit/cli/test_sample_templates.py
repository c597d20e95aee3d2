"""Every template in sample-templates/ is valid HOT and says what it shows."""
import pathlib

import pytest
import yaml

from heat_conv.engine import service

SAMPLES = pathlib.Path(__file__).resolve().parents[3] / 'sample-templates'
TEMPLATES = sorted(SAMPLES.glob('*.yaml'))


def test_the_documented_samples_exist():
    assert {'fan.yaml', 'replace.yaml', 'rollback.yaml', 'slow.yaml',
            'outputs.yaml'} <= {path.name for path in TEMPLATES}


@pytest.mark.parametrize('path', TEMPLATES, ids=lambda path: path.name)
def test_sample_validates(path):
    template = yaml.safe_load(path.read_text())
    assert template.get('description'), 'a sample says what it demonstrates'
    tmpl, bound = service.validate_template(template)
    assert list(bound.resource_names())
    # Every parameter has a default: `stack create -t FILE NAME` just works.
    assert all('default' in spec for spec in template.get('parameters', {}).values())
