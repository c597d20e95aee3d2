"""A heartbeat row records the database sessions of its process
(``db_sessions``), so that the engine taking a dead process over can end
them and with them the row locks of a transaction it left open.

Rows written before have none: nothing to end.

Revision ID: 0010_service_db_sessions
Revises: 0009_resource_physical_id
Create Date: 2026-11-27
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import mysql

revision = '0010_service_db_sessions'
down_revision = '0009_resource_physical_id'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('service') as batch:
        batch.add_column(sa.Column(
            'db_sessions', sa.JSON().with_variant(mysql.JSON(), 'mysql', 'mariadb'),
            nullable=True))
