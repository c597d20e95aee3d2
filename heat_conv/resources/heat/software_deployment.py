"""OS::Heat::SoftwareDeployment: a config deployed to a server.

The server is any id (heat-conv runs no servers): a deployment is a row of
Heat's software deployment API that something on the "server" reads and
answers, by signalling the resource (``deploy_stdout``, ``deploy_stderr``,
``deploy_status_code`` and the config's outputs) or by updating the
deployment's status. The resource's action waits (Pending) until then.
With TEMP_URL_SIGNAL the answer is a Swift object the server PUTs to
(deployment_temp_url), which the observer reads while the action waits.
"""
import json

from heat_conv.clients import cfn_urls
from heat_conv.clients import ec2_signing
from heat_conv.clients import stack_users
from heat_conv.common import exception
from heat_conv.db import api as db_api
from heat_conv.plugin_interface import base
from heat_conv.plugin_interface.properties import Property
from heat_conv.resources import deployments_metadata
from heat_conv.resources import stack_user
from heat_conv.resources.heat import deployment_temp_url
from heat_conv.resources.heat import derived_config

IN_PROGRESS, COMPLETE, FAILED = 'IN_PROGRESS', 'COMPLETE', 'FAILED'
CFN_SIGNAL = 'CFN_SIGNAL'
STANDARD_OUTPUTS = ('deploy_stdout', 'deploy_stderr', 'deploy_status_code')
TRANSPORTS = ('CFN_SIGNAL', 'TEMP_URL_SIGNAL', 'HEAT_SIGNAL', 'NO_SIGNAL',
              'ZAQAR_SIGNAL')


def apply_signal(deployment, details):
    """What a signal from the server means for its deployment (as Heat reads
    it): writes the outputs and status; returns the event's reason."""
    if deployment.status != IN_PROGRESS:
        return f'deployment {deployment.id} is not waiting for outputs'
    details = details if isinstance(details, dict) else {}
    outputs = dict(deployment.output_values or {})
    failures = {}
    code = details.get('deploy_status_code')
    if code and str(code) != '0':
        failures['deploy_status_code'] = ('Deployment exited with non-zero status '
                                          f'code: {code}')
    config = db_api.software_config_get(deployment.config_id).config or {}
    for output in config.get('outputs') or []:
        if output['name'] in details:
            outputs[output['name']] = details[output['name']]
            if output.get('error_output'):
                failures[output['name']] = details[output['name']]
    for key in STANDARD_OUTPUTS:
        outputs[key] = details.get(key)
    if failures:
        values = {'status': FAILED, 'status_reason': ', '.join(
            f'{key} : {value}' for key, value in failures.items())}
        reason = f'deployment {deployment.id} failed'
    else:
        values = {'status': COMPLETE, 'status_reason': 'Outputs received'}
        reason = f'deployment {deployment.id} succeeded'
    db_api.software_deployment_update(deployment.id, dict(values, output_values=outputs),
                                      expected_status=IN_PROGRESS)
    return reason


class SoftwareDeployment(base.Resource):
    type_name = 'OS::Heat::SoftwareDeployment'
    properties_schema = {
        'config': Property('string', update_allowed=True,
                           description='The software config deployed (its id).'),
        'server': Property('string', required=True,
                           description='The server deployed to: any id.'),
        'input_values': Property('map', default={}, update_allowed=True,
                                 description='Values of the config\'s inputs.'),
        'actions': Property('list', default=['CREATE', 'UPDATE'], update_allowed=True,
                            description='The stack actions that deploy.'),
        'signal_transport': Property('string', default='CFN_SIGNAL',
                                     allowed_values=TRANSPORTS,
                                     description='NO_SIGNAL: complete without '
                                                 'waiting; any other: wait for the '
                                                 'server\'s signal.'),
        'name': Property('string', description='A name for the deployment.'),
    }
    attributes_schema = {
        'deploy_stdout': 'Captured stdout from the configuration.',
        'deploy_stderr': 'Captured stderr from the configuration.',
        'deploy_status_code': 'The configuration\'s exit code.',
    }
    takes_signals = True
    waits_on_signals = True
    # As Heat's: the configuration's tool reports whatever the stack does.
    no_signal_actions = ()
    wants_stack = True
    stack = None

    @classmethod
    def has_attribute(cls, name):
        return True   # the config's outputs too, which the type cannot know

    def needs_replace(self, old_properties):
        return (old_properties.get('server') != self.properties.get('server')
                or old_properties.get('signal_transport')
                != self.properties.get('signal_transport'))

    def _waits(self, action):
        return (action in (self.properties.get('actions') or [])
                and self.properties.get('signal_transport') != 'NO_SIGNAL')

    def _deployed(self, action, waits):
        return {'config_id': self._derive(action), 'action': action,
                'input_values': dict(self.properties.get('input_values') or {}),
                'status': IN_PROGRESS if waits else COMPLETE,
                'status_reason': 'Deploy data available' if waits
                else 'Not waiting for outputs signal'}

    def _derive(self, action):
        """A new derived config for ``action`` (see derived_config); its id."""
        source_id = self.properties.get('config')
        source = db_api.software_config_get(source_id) if source_id else None
        stack = self.stack or db_api.stack_get(self.stack_id)
        deploy_values = {
            'deploy_server_id': self.properties['server'], 'deploy_action': action,
            'deploy_stack_id': f'{stack.name}/{stack.id}',
            'deploy_resource_name': self.name,
            'deploy_signal_transport': self.properties.get('signal_transport')}
        deploy_values.update(self._signal_inputs(stack))
        values = self.finish_config(derived_config.derived(
            source, self.properties.get('name'), self.properties.get('input_values'),
            deploy_values))
        config_id = db_api.software_config_create(dict(values, tenant=stack.tenant)).id
        self.data['derived_config'] = config_id   # deleted with the next one
        return config_id

    def _signal_inputs(self, stack):
        """CFN_SIGNAL with a stack user domain: as in Heat, the deployment's
        own stack user and EC2 keypair, and a URL of the CFN API pre-signed
        with it for POST (``deploy_signal_id``), which the server's agent
        posts its outputs to. Without the domain, the deployment is
        signalled through the REST API."""
        if self.properties.get('signal_transport') == deployment_temp_url.TEMP_URL_SIGNAL:
            return deployment_temp_url.signal_inputs(self, stack)
        if self.properties.get('signal_transport') != CFN_SIGNAL \
                or not stack_users.configured():
            return {}
        if not self.data.get('cfn_signal_url'):
            stack_user.ensure(self, keypair=True)
            url = cfn_urls.resource_url('signal', stack.tenant, stack.name, stack.id,
                                        self.name)
            self.data['cfn_signal_url'] = ec2_signing.presigned_url(
                self.data['access_key'], self.data['secret_key'], 'POST', url, None)
        return {'deploy_signal_id': self.data['cfn_signal_url'],
                'deploy_signal_verb': 'POST'}

    def finish_config(self, values):
        """The derived config's row values as deployed (a structured
        deployment substitutes its inputs into the config)."""
        return values

    def create(self):
        waits = self._waits('CREATE')
        try:
            deployed = self._deployed('CREATE', waits)
        except Exception as exc:   # the signal's Swift object could not be made
            return base.Failed(f'{type(exc).__name__}: {exc}')
        row = db_api.software_deployment_create(dict(
            deployed, tenant=self.stack.tenant, server_id=self.properties['server']))
        self.physical_id = row.id
        return self._pushed() or (base.Pending(row.id) if waits else base.Done(row.id))

    def update(self, old_properties):
        waits = self._waits('UPDATE')
        previous = self.data.get('derived_config')
        try:
            deployed = self._deployed('UPDATE', waits)
        except Exception as exc:
            return base.Failed(f'{type(exc).__name__}: {exc}', self.physical_id)
        db_api.software_deployment_update(self.physical_id, deployed)
        _forget_config(previous)
        return self._pushed() or (
            base.Pending(self.physical_id) if waits else base.Done(self.physical_id))

    def _pushed(self):
        """Write the server's metadata where a POLL_TEMP_URL agent reads it;
        None, or Failed if Swift refused."""
        try:
            deployments_metadata.push(self.properties['server'])
        except Exception as exc:
            return base.Failed(f'Swift: the server\'s metadata could not be written: '
                               f'{type(exc).__name__}: {exc}', self.physical_id)
        return None

    def delete(self):
        if self.physical_id:
            previous = self.data.get('derived_config')
            try:
                db_api.software_deployment_delete(self.physical_id)
            except exception.NotFound:
                pass
            _forget_config(previous)
        if self.data.get('stack_user_id'):
            stack_user.release(self)
            self.data.pop('cfn_signal_url', None)
        try:
            deployment_temp_url.release(self)
            deployments_metadata.push(self.properties['server'])
        except Exception as exc:
            return base.Failed(f'Swift: {type(exc).__name__}: {exc}', self.physical_id)
        return base.Done()

    # TEMP_URL_SIGNAL: the agent's answer is in Swift; the observer reads it.
    @classmethod
    def polled_while_waiting(cls, properties):
        return properties.get('signal_transport') == deployment_temp_url.TEMP_URL_SIGNAL

    @classmethod
    def observe_key(cls):
        return ('object-store', 'deployment signals')

    @classmethod
    def observe_many(cls, cloud, physical_ids):
        found = {}
        for deployment_id in physical_ids:
            try:
                deployment = db_api.software_deployment_get(deployment_id)
                config = db_api.software_config_get(deployment.config_id).config or {}
            except exception.NotFound:
                found[deployment_id] = None
                continue
            url = {i['name']: i.get('value') for i in config.get('inputs') or []}.get(
                'deploy_signal_id')
            found[deployment_id] = {'body': deployment_temp_url.answer(cloud, url)
                                    if url else ''}
        return found

    def progress(self, action, cloud_object):
        if not self.polled_while_waiting(self.properties) or action == 'DELETE':
            return None   # the server's signal ends it, not the cloud
        body = (cloud_object or {}).get('body') or ''
        deployment = db_api.software_deployment_get(self.physical_id)
        if body.strip() and deployment.status == IN_PROGRESS:
            try:
                details = json.loads(body)
            except ValueError:
                return base.Failed(f'Error: resources.{self.name}: Failed to parse JSON '
                                   f'data: {body}', self.physical_id)
            apply_signal(deployment, details)
            deployment = db_api.software_deployment_get(self.physical_id)
        return self._verdict(deployment)

    def signal_reason(self, details, received=()):
        if details is not None and not isinstance(details, dict):
            raise exception.Invalid('A deployment signal must be a JSON object')
        if not self.physical_id:
            return 'Signal kept for the deployment not made yet'
        return apply_signal(db_api.software_deployment_get(self.physical_id), details)

    def judge_signals(self, signals, timed_out=False):
        deployment = db_api.software_deployment_get(self.physical_id)
        if (deployment.status == IN_PROGRESS and deployment.action == 'CREATE'
                and deployment.output_values is None and signals):
            # sent before the deployment existed, and kept
            apply_signal(deployment, signals[-1])
            deployment = db_api.software_deployment_get(self.physical_id)
        return self._verdict(deployment)

    def _verdict(self, deployment):
        self._outputs = deployment.output_values or {}
        if deployment.status == COMPLETE:
            return base.Done(self.physical_id, seen={'outputs': self._outputs})
        if deployment.status == FAILED:
            return base.Failed('Error: resources.{}: Deployment to server failed: '
                               '{}'.format(self.name, deployment.status_reason),
                               self.physical_id)
        return None

    def attributes(self):
        outputs = getattr(self, '_outputs', None)
        if outputs is None and self.seen and 'outputs' in self.seen:
            outputs = self.seen['outputs']
        if outputs is None:
            return dict(self.stored_attributes)
        return dict({key: None for key in STANDARD_OUTPUTS}, **outputs)


def _forget_config(config_id):
    """Delete a derived config no deployment uses any more."""
    if not config_id:
        return
    try:
        db_api.software_config_delete(config_id)
    except (exception.NotFound, exception.Conflict):
        pass   # gone already, or in use again
