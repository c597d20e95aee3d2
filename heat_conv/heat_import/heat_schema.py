"""The part of Heat 27's database schema the import reads.

Only the columns read are declared; the names and types are Heat's
(``heat-manage db_sync`` of openstack-heat 27.0.1). Heat keeps its JSON
documents as text, decoded here by the reader. The unit tests build a
fixture database from these declarations and check them against a dump
of a real Heat 27 schema (tests/unit/heat_import/heat27_schema.sql).
"""
import sqlalchemy as sa

METADATA = sa.MetaData()

raw_template = sa.Table(
    'raw_template', METADATA,
    sa.Column('id', sa.Integer, primary_key=True),
    sa.Column('template', sa.Text),
    sa.Column('files', sa.Text),
    sa.Column('files_id', sa.Integer),
    sa.Column('environment', sa.Text),
)

raw_template_files = sa.Table(
    'raw_template_files', METADATA,
    sa.Column('id', sa.Integer, primary_key=True),
    sa.Column('files', sa.Text),
)

user_creds = sa.Table(
    'user_creds', METADATA,
    sa.Column('id', sa.Integer, primary_key=True),
    sa.Column('decrypt_method', sa.String(64)),
    sa.Column('trust_id', sa.String(255)),
    sa.Column('trustor_user_id', sa.String(64)),
    sa.Column('tenant_id', sa.String(256)),
)

stack = sa.Table(
    'stack', METADATA,
    sa.Column('id', sa.String(36), primary_key=True),
    sa.Column('name', sa.String(255)),
    sa.Column('raw_template_id', sa.Integer),
    sa.Column('prev_raw_template_id', sa.Integer),
    sa.Column('username', sa.String(256)),
    sa.Column('tenant', sa.String(256)),
    sa.Column('user_creds_id', sa.Integer),
    sa.Column('owner_id', sa.String(36)),
    sa.Column('parent_resource_name', sa.String(255)),
    sa.Column('timeout', sa.Integer),
    sa.Column('disable_rollback', sa.Boolean),
    sa.Column('stack_user_project_id', sa.String(64)),
    sa.Column('backup', sa.Boolean),
    sa.Column('nested_depth', sa.Integer),
    sa.Column('convergence', sa.Boolean),
    sa.Column('action', sa.String(255)),
    sa.Column('status', sa.String(255)),
    sa.Column('status_reason', sa.Text),
    sa.Column('created_at', sa.DateTime),
    sa.Column('updated_at', sa.DateTime),
    sa.Column('deleted_at', sa.DateTime),
)

stack_tag = sa.Table(
    'stack_tag', METADATA,
    sa.Column('id', sa.Integer, primary_key=True),
    sa.Column('tag', sa.String(80)),
    sa.Column('stack_id', sa.String(36)),
)

resource = sa.Table(
    'resource', METADATA,
    sa.Column('id', sa.Integer, primary_key=True),
    sa.Column('uuid', sa.String(36)),
    sa.Column('nova_instance', sa.String(255)),
    sa.Column('name', sa.String(255)),
    sa.Column('stack_id', sa.String(36)),
    sa.Column('action', sa.String(255)),
    sa.Column('status', sa.String(255)),
    sa.Column('status_reason', sa.Text),
    sa.Column('rsrc_metadata', sa.Text),
    sa.Column('properties_data', sa.Text),
    sa.Column('properties_data_encrypted', sa.Boolean),
    sa.Column('engine_id', sa.String(36)),
    sa.Column('requires', sa.Text),
    sa.Column('replaces', sa.Integer),
    sa.Column('replaced_by', sa.Integer),
    sa.Column('current_template_id', sa.Integer),
    sa.Column('rsrc_prop_data_id', sa.Integer),
    sa.Column('attr_data_id', sa.Integer),
    sa.Column('created_at', sa.DateTime),
    sa.Column('updated_at', sa.DateTime),
)

resource_data = sa.Table(
    'resource_data', METADATA,
    sa.Column('id', sa.Integer, primary_key=True),
    sa.Column('key', sa.String(255)),
    sa.Column('value', sa.Text),
    sa.Column('redact', sa.Boolean),
    sa.Column('decrypt_method', sa.String(64)),
    sa.Column('resource_id', sa.Integer),
)

resource_properties_data = sa.Table(
    'resource_properties_data', METADATA,
    sa.Column('id', sa.Integer, primary_key=True),
    sa.Column('data', sa.Text),
    sa.Column('encrypted', sa.Boolean),
)
