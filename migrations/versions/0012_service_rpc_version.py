"""A heartbeat row says which engine RPC version its process speaks
(``rpc_version``), so that a rolling upgrade can see which releases still
run (``[upgrade_levels] engine = auto``, ``heat-conv-status upgrade
check``, ``heat-conv-manage service list``).

Expand-only: a nullable column. Processes of the previous release go on
writing their heartbeats without it (theirs stay NULL: a release
that does not report its version).

Revision ID: 0012_service_rpc_version
Revises: 0011_stack_user_project
Create Date: 2026-11-28
"""
from alembic import op
import sqlalchemy as sa

revision = '0012_service_rpc_version'
down_revision = '0011_stack_user_project'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('service') as batch:
        batch.add_column(sa.Column('rpc_version', sa.String(16), nullable=True))
