"""Rules for what is running: build information and engine services."""
from heat_conv.policies.base import PROJECT_ADMIN
from heat_conv.policies.base import PROJECT_READER
from heat_conv.policies.base import documented

rules = [
    documented('build_info:build_info', PROJECT_READER, 'Show build information.',
               ('GET', '/v1/{tenant_id}/build_info')),
    documented('service:index', PROJECT_ADMIN, 'List the engine services.',
               ('GET', '/v1/{tenant_id}/services')),
]


def list_rules():
    return rules
