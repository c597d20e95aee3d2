"""A resource row's own data (Heat's resource data): what a plugin keeps
between its actions, e.g. the member names a ResourceGroup never reuses
and the batches of a rolling update still to run.

Revision ID: 0006_groups_resource_data
Revises: 0006_signals_resource_signal
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import mysql

revision = '0006_groups_resource_data'
down_revision = '0006_signals_resource_signal'
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(mysql.JSON(), 'mysql', 'mariadb')


def upgrade():
    with op.batch_alter_table('resource') as batch:
        batch.add_column(sa.Column('rsrc_data', Json, nullable=True))
