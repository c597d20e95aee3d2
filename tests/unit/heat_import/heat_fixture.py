"""A small Heat 27 database for the import's unit tests: the tables the
import reads (heat_schema, checked against Heat 27's real schema by
test_heat_schema.py), filled as Heat 27 fills them: JSON documents as
text, the environment holding the parameters, trusts encrypted."""
import datetime
import json
import pathlib
import uuid

import sqlalchemy as sa
from cryptography import fernet

from heat_conv.heat_import import heat_crypt
from heat_conv.heat_import import heat_schema as hs

NOW = datetime.datetime(2026, 11, 1, 12, 0, 0)
SCHEMA_DUMP = pathlib.Path(__file__).with_name('heat27_schema.sql')


def fernet_encrypt(text, key=heat_crypt.HEAT_DEFAULT_KEY):
    """``text`` encrypted as Heat 27 encrypts (cryptography_decrypt_v1)."""
    import base64
    token = fernet.Fernet(base64.b64encode(key[:32].encode())).encrypt(text.encode())
    return 'cryptography_decrypt_v1', token.decode()


class HeatDB:
    def __init__(self, url):
        self.engine = sa.create_engine(url)
        hs.METADATA.create_all(self.engine)

    def _insert(self, table, **values):
        with self.engine.begin() as conn:
            return conn.execute(sa.insert(table).values(**values)).inserted_primary_key[0]

    def template(self, template, files=None, environment=None):
        env = {'parameters': {}, 'parameter_defaults': {}, 'resource_registry':
               {'resources': {}}, 'event_sinks': [], 'encrypted_param_names': []}
        env.update(environment or {})
        files_id = None
        if files:
            files_id = self._insert(hs.raw_template_files, files=json.dumps(files))
        return self._insert(hs.raw_template, template=json.dumps(template),
                            files=None, files_id=files_id, environment=json.dumps(env))

    def stack(self, name, template_id, tenant='project-1', owner_id=None,
              parent_resource_name=None, action='CREATE', status='COMPLETE',
              trust_id=None, key=heat_crypt.HEAT_DEFAULT_KEY, tags=(), nested_depth=0,
              stack_id=None, deleted=False):
        creds_id = None
        if owner_id is None:
            method, value = fernet_encrypt(trust_id, key) if trust_id else (None, None)
            creds_id = self._insert(hs.user_creds, decrypt_method=method, trust_id=value,
                                    trustor_user_id='user-1', tenant_id=tenant)
        stack_id = stack_id or str(uuid.uuid4())
        self._insert(hs.stack, id=stack_id, name=name, raw_template_id=template_id,
                     prev_raw_template_id=None, username='demo', tenant=tenant,
                     user_creds_id=creds_id, owner_id=owner_id,
                     parent_resource_name=parent_resource_name, timeout=60,
                     disable_rollback=True, stack_user_project_id=None, backup=False,
                     nested_depth=nested_depth, convergence=True, action=action,
                     status=status, status_reason=f'Stack {action} completed successfully',
                     created_at=NOW, updated_at=None,
                     deleted_at=NOW if deleted else None)
        for tag in tags:
            self._insert(hs.stack_tag, tag=tag, stack_id=stack_id)
        return stack_id

    def resource(self, stack_id, name, template_id, physical_id=None, properties=None,
                 attributes=None, data=None, requires=(), action='CREATE',
                 status='COMPLETE', engine_id=None, metadata=None):
        prop_id = self._insert(hs.resource_properties_data,
                               data=json.dumps(properties or {}), encrypted=False)
        attr_id = None
        if attributes is not None:
            attr_id = self._insert(hs.resource_properties_data,
                                   data=json.dumps(attributes), encrypted=False)
        row_id = self._insert(
            hs.resource, uuid=str(uuid.uuid4()), nova_instance=physical_id, name=name,
            stack_id=stack_id, action=action, status=status, status_reason='state changed',
            rsrc_metadata=json.dumps(metadata or {}), properties_data=None,
            properties_data_encrypted=False, engine_id=engine_id,
            requires=json.dumps(list(requires)), replaces=None, replaced_by=None,
            current_template_id=template_id, rsrc_prop_data_id=prop_id,
            attr_data_id=attr_id, created_at=NOW, updated_at=None)
        for key, value in (data or {}).items():
            redact, method = False, None
            if isinstance(value, tuple):
                (method, value), redact = value, True
            self._insert(hs.resource_data, key=key, value=value, redact=redact,
                         decrypt_method=method, resource_id=row_id)
        return row_id
