"""Rules the others build on, and the personas of Keystone's default roles.

The names and check strings are Heat's, so a policy file written for Heat
means the same here.
"""
from oslo_policy import policy

CONTEXT_IS_ADMIN = 'rule:context_is_admin'
DENY_STACK_USER = 'rule:deny_stack_user'

SYSTEM_ADMIN = 'role:admin and system_scope:all'
PROJECT_ADMIN = 'role:admin and project_id:%(project_id)s'
PROJECT_MEMBER = 'role:member and project_id:%(project_id)s'
PROJECT_READER = 'role:reader and project_id:%(project_id)s'
PROJECT_STACK_USER = 'role:heat_stack_user and project_id:%(project_id)s'
PROJECT_READER_OR_STACK_USER = f'({PROJECT_READER}) or ({PROJECT_STACK_USER})'

STACK = '/v1/{tenant_id}/stacks/{stack_name}/{stack_id}'


def documented(name, check_str, description, *operations):
    """A project-scoped rule; ``operations`` are (method, path) pairs."""
    return policy.DocumentedRuleDefault(
        name=name, check_str=check_str, description=description,
        operations=[{'method': method, 'path': path} for method, path in operations],
        scope_types=['project'])


rules = [
    policy.RuleDefault(
        'context_is_admin',
        f'(role:admin and is_admin_project:True) OR ({SYSTEM_ADMIN})',
        description="Who passes an 'is_admin' check."),
    policy.RuleDefault('project_admin', 'role:admin',
                       description='An administrator of the project.'),
    policy.RuleDefault('deny_stack_user', 'not role:heat_stack_user',
                       description='Anyone but a stack user.'),
    policy.RuleDefault('deny_everybody', '!', description='Nobody.'),
    policy.RuleDefault('allow_everybody', '', description='Everybody.'),
]


def list_rules():
    return rules
