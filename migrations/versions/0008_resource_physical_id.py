"""An index on resources by their object's id: an adopt looks, for each
object it would take over, for a live row of another stack that records
it (adopt ownership), and that look must cost what it finds, not what
the database holds.

Revision ID: 0008_resource_physical_id
Revises: 0007_sync_point_successors
Create Date: 2026-11-28
"""
from alembic import op

revision = '0008_resource_physical_id'
down_revision = '0007_sync_point_successors'
branch_labels = None
depends_on = None


def upgrade():
    op.create_index('ix_resource_physical_id', 'resource', ['physical_resource_id'])
