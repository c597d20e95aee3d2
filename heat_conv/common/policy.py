"""Authorisation: oslo.policy's Enforcer with heat-conv's rules.

The defaults are in code (``heat_conv.policies``); a policy file
(``[oslo_policy] policy_file``, policy.yaml) overrides any of them. A
refused request is a 403 naming the rule.
"""
import threading

from oslo_config import cfg
from oslo_policy import opts as policy_opts
from oslo_policy import policy

from heat_conv import policies
from heat_conv.common import exception

CONF = cfg.CONF
_lock = threading.Lock()
_enforcer = None

policy_opts.set_defaults(CONF, 'policy.yaml')


def get_enforcer():
    """The process's Enforcer (also the ``oslo.policy.enforcer`` entry
    point, for oslopolicy-checker and friends)."""
    global _enforcer
    with _lock:
        if _enforcer is None:
            enforcer = policy.Enforcer(CONF)
            enforcer.register_defaults(policies.list_rules())
            _enforcer = enforcer
        return _enforcer


def reset():
    """Forget the enforcer (tests, or a changed policy file option)."""
    global _enforcer
    with _lock:
        if _enforcer is not None:
            _enforcer.clear()
        _enforcer = None


def check_is_admin(ctx):
    """Whether ``ctx`` passes the context_is_admin rule."""
    return bool(get_enforcer().enforce('context_is_admin', {}, ctx))


def authorize(ctx, rule, target=None):
    """Raise Forbidden unless ``ctx`` may do ``rule`` on ``target``."""
    target = target if target is not None else {'project_id': ctx.project_id}
    try:
        get_enforcer().authorize(rule, target, ctx, do_raise=True)
    except policy.PolicyNotAuthorized:
        raise exception.Forbidden(f'Policy does not allow {rule} to be performed') \
            from None
    except policy.InvalidScope:
        raise exception.Forbidden(f'{rule} is not allowed with this token\'s scope') \
            from None


def _resource_type_rules(type_name):
    """The rules that govern ``type_name``: its own, then its namespace's
    wildcard (``OS::Keystone::*``)."""
    from heat_conv.policies import resource_types
    namespace = type_name.rsplit('::', 1)[0]
    return (f'{resource_types.PREFIX}{type_name}', f'{resource_types.PREFIX}{namespace}::*')


def resource_type_allowed(ctx, type_name):
    """Whether ``ctx``'s user may use resources of type ``type_name``: every
    rule that exists for it (in code or the policy file) passes."""
    enforcer = get_enforcer()
    enforcer.load_rules()
    target = {'project_id': ctx.project_id}
    for rule in _resource_type_rules(type_name):
        if rule in enforcer.rules and not enforcer.enforce(rule, target, ctx):
            return False
    return True


def authorize_resource_types(ctx, type_names):
    """Raise Forbidden, naming the type as Heat does, unless ``ctx``'s user
    may use every one of ``type_names``."""
    for type_name in sorted(set(type_names)):
        if not resource_type_allowed(ctx, type_name):
            raise exception.Forbidden(f'You are not authorized to use {type_name}.')
