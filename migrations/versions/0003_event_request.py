"""Events name the request behind them: its request id and user.

Revision ID: 0003_event_request
Revises: 0002
Create Date: 2026-11-23
"""
from alembic import op
import sqlalchemy as sa

revision = '0003_event_request'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event') as batch:
        batch.add_column(sa.Column('request_id', sa.String(255), nullable=True))
        batch.add_column(sa.Column('user_id', sa.String(255), nullable=True))
