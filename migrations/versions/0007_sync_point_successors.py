"""Each sync point keeps its node's outgoing edges (``successors``).

A step used to read its node's edges back from graph_edge at its end,
one statement per step; now its own sync point, read with its row when it
starts, holds them. Traversals started before the upgrade have none
there, and are read from graph_edge as before (the engine falls back to
it); graph_edge is no longer written, and goes in a later release.

Revision ID: 0007_sync_point_successors
Revises: 0006_lifecycle_snapshots
Create Date: 2026-11-26
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import mysql

revision = '0007_sync_point_successors'
down_revision = '0006_lifecycle_snapshots'
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(mysql.JSON(), 'mysql', 'mariadb')


def upgrade():
    with op.batch_alter_table('sync_point') as batch:
        batch.add_column(sa.Column('successors', Json, nullable=True))
