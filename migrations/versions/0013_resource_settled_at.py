"""A resource row records when the cloud settled the object its last
action waited on (``settled_at``), as the observer's report says: the
settle latency heat-conv-bench measures is the row's end (``updated_at``)
minus it.

Expand-only: a nullable column. Engines of the previous release leave it
NULL.

Revision ID: 0013_resource_settled_at
Revises: 0012_service_rpc_version
Create Date: 2026-11-28
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import mysql

revision = '0013_resource_settled_at'
down_revision = '0012_service_rpc_version'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('resource') as batch:
        batch.add_column(sa.Column(
            'settled_at',
            sa.DateTime().with_variant(mysql.DATETIME(fsp=6), 'mysql', 'mariadb'),
            nullable=True))
