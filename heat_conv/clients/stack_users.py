"""Stack users: the Keystone users heat-conv makes for servers' agents.

A server whose ``software_config_transport`` is POLL_SERVER_HEAT polls
heat-conv's API for its deployments with a user of its own, as in Heat:
the user lives in the stack user domain (``stack_user_domain_id`` or
``stack_user_domain_name``), which heat-conv manages as that domain's
administrator (``stack_domain_admin``), never with the stack owner's
rights. Each stack whose servers need one gets a project in that domain,
named ``<owner's project>-<stack id>`` as Heat names it; its users have
``heat_stack_user_role`` on it, and nothing anywhere else, so a password
leaked from a guest reaches only that stack's metadata and signals.

Every call is idempotent, so a create whose engine died half-way is
simply done again: the project and the user are found by their names.
"""
import json
import logging
import secrets
import threading

from keystoneauth1 import exceptions as ks_exc
from keystoneauth1.identity import v3
from openstack import exceptions as sdk_exc
from oslo_config import cfg

from heat_conv.clients import connections
from heat_conv.clients import options  # noqa: F401 (the stack domain options)
from heat_conv.clients import trustee
from heat_conv.common import exception

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

PROJECT_DESCRIPTION = 'Heat stack user project'
# Keystone's limit on project and user names.
MAX_NAME = 64

_lock = threading.Lock()
_admin = {}


def configured():
    """Whether heat-conv can make stack users (the domain and its admin)."""
    return bool((CONF.stack_user_domain_id or CONF.stack_user_domain_name)
                and CONF.stack_domain_admin and CONF.stack_domain_admin_password)


def auth_url():
    """The Keystone URL a stack user authenticates at: [trustee]'s."""
    return trustee.auth().auth_url


def _connection():
    with _lock:
        if 'conn' not in _admin:
            if not configured():
                raise exception.MissingCredentials(
                    'heat-conv has no stack user domain: set stack_user_domain_id '
                    '(or stack_user_domain_name), stack_domain_admin and '
                    'stack_domain_admin_password')
            domain = {'domain_id': CONF.stack_user_domain_id} \
                if CONF.stack_user_domain_id else \
                {'domain_name': CONF.stack_user_domain_name}
            user_domain = {f'user_{key}': value for key, value in domain.items()}
            auth = v3.Password(auth_url=auth_url(), username=CONF.stack_domain_admin,
                               password=CONF.stack_domain_admin_password,
                               **user_domain, **domain)
            _admin['conn'] = connections.connect(auth)
        return _admin['conn']


def _call(what, func, *args, **kwargs):
    """``func(*args, **kwargs)``, Keystone's errors as heat-conv's."""
    try:
        return func(*args, **kwargs)
    except (sdk_exc.SDKException, ks_exc.ClientException) as exc:
        raise _error(what, exc) from None


def _error(what, exc):
    if isinstance(exc, sdk_exc.HttpException):
        detail = getattr(exc, 'details', None) or str(exc)
        if exc.status_code is not None and exc.status_code < 500:
            return exception.Forbidden(f'Keystone refused to {what} in the stack '
                                       f'user domain: {detail}')
        return exception.ServiceUnavailable(f'Keystone could not {what}: {detail}')
    return exception.ServiceUnavailable(f'Keystone could not {what}: {exc}')


def domain_id():
    """The stack user domain's id (from the admin's token if named)."""
    if CONF.stack_user_domain_id:
        return CONF.stack_user_domain_id
    with _lock:
        if 'domain_id' in _admin:
            return _admin['domain_id']
    conn = _connection()
    found = _call('authenticate its admin', conn.session.auth.get_access,
                  conn.session).domain_id
    with _lock:
        _admin['domain_id'] = found
    return found


def project_name(tenant, stack_id):
    return f'{tenant}-{stack_id}'[:MAX_NAME]


def ensure_project(tenant, stack_id):
    """The id of stack ``stack_id``'s project in the domain, made if needed."""
    identity, domain = _connection().identity, domain_id()
    name = project_name(tenant, stack_id)
    found = _call('find a project', identity.find_project, name, domain_id=domain)
    if found is None:
        try:
            found = identity.create_project(name=name, domain_id=domain,
                                            description=PROJECT_DESCRIPTION)
            LOG.info('stack %s: stack user project %s made', stack_id, found.id)
        except sdk_exc.ConflictException:
            # Another engine made it for another server of the stack.
            found = _call('find a project', identity.find_project, name,
                          domain_id=domain, ignore_missing=False)
        except (sdk_exc.SDKException, ks_exc.ClientException) as exc:
            raise _error('create a project', exc) from None
    return found.id


def create_user(name, project_id, password):
    """A user ``name`` with ``password`` and the stack user role on
    ``project_id``; one by that name already there (an interrupted create)
    gets the password. Returns the user's id."""
    identity, domain = _connection().identity, domain_id()
    name = name[:MAX_NAME]
    user = _call('find a user', identity.find_user, name, domain_id=domain)
    if user is None:
        user = _call('create a user', identity.create_user, name=name,
                     password=password, domain_id=domain,
                     default_project_id=project_id)
    else:
        _call('set a user\'s password', identity.update_user, user,
              password=password)
    role = _call('find the stack user role', identity.find_role,
                 CONF.heat_stack_user_role, ignore_missing=False)
    _call('grant the stack user role', identity.assign_project_role_to_user,
          project_id, user.id, role.id)
    LOG.info('stack user %s (%s) made in project %s', name, user.id, project_id)
    return user.id


def create_ec2_keypair(user_id, project_id):
    """A new EC2 keypair of stack user ``user_id`` on ``project_id``:
    (access, secret). Keystone keeps it as an ``ec2`` credential, checks
    the signatures made with it (/v3/ec2tokens) and deletes it with the
    user."""
    return create_ec2_credential(user_id, project_id)[1:]


def create_ec2_credential(user_id, project_id):
    """``create_ec2_keypair``, with the credential's id first: (id, access,
    secret), for a keypair deleted before its user (an AWS::IAM::AccessKey)."""
    access, secret = secrets.token_hex(16), secrets.token_hex(16)
    blob = json.dumps({'access': access, 'secret': secret})
    made = _call('create an EC2 credential', _connection().identity.create_credential,
                 type='ec2', blob=blob, user_id=user_id, project_id=project_id)
    LOG.info('EC2 keypair %s made for stack user %s', access, user_id)
    return made.id, access, secret


def delete_credential(credential_id):
    """Delete an EC2 credential ``create_ec2_credential`` made; one already
    gone (with its user) is deleted."""
    _call('delete an EC2 credential', _connection().identity.delete_credential,
          credential_id, ignore_missing=True)


def user_in_project(name, project_id):
    """The id of the stack user named ``name`` whose project is
    ``project_id`` (a stack's), or None."""
    identity, domain = _connection().identity, domain_id()
    user = _call('find a user', identity.find_user, name[:MAX_NAME], domain_id=domain)
    if user is None or user.default_project_id != project_id:
        return None
    return user.id


def find_user(name):
    """The id of the stack user named ``name`` (cut as ``create_user`` cuts
    it), or None."""
    identity, domain = _connection().identity, domain_id()
    user = _call('find a user', identity.find_user, name[:MAX_NAME], domain_id=domain)
    return user.id if user is not None else None


def delete_user(user_id):
    """Delete a stack user; one already gone is deleted. A user outside the
    stack user domain is never touched."""
    identity = _connection().identity
    try:
        user = identity.get_user(user_id)
    except sdk_exc.NotFoundException:
        return
    except (sdk_exc.SDKException, ks_exc.ClientException) as exc:
        raise _error('look at a user', exc) from None
    if user.domain_id != domain_id():
        raise exception.Forbidden(f'User {user_id} is not in the stack user domain; '
                                  'heat-conv does not delete it')
    _call('delete a user', identity.delete_user, user_id, ignore_missing=True)
    LOG.info('stack user %s deleted', user_id)


def delete_project(project_id):
    """Delete a stack's project once the stack is gone. A failure is logged,
    never raised: the stack it served is deleted."""
    try:
        identity = _connection().identity
        project = identity.get_project(project_id)
        if project.domain_id != domain_id():
            LOG.warning('project %s is not in the stack user domain; not deleted',
                        project_id)
            return
        identity.delete_project(project_id, ignore_missing=True)
        LOG.info('stack user project %s deleted', project_id)
    except sdk_exc.NotFoundException:
        return
    except Exception as exc:
        LOG.warning('stack user project %s could not be deleted: %s; it stays in '
                    'Keystone', project_id, exc)


def forget():
    """Forget the admin's connection (tests, or changed options)."""
    with _lock:
        _admin.clear()

