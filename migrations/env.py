"""Alembic environment: runs on the connection heat_conv.db.migration hands in."""
from alembic import context

from heat_conv.db import models

config = context.config


def run_migrations_online():
    connection = config.attributes.get('connection')
    if connection is None:
        raise RuntimeError('run migrations through heat-conv-manage db sync')
    context.configure(connection=connection,
                      target_metadata=models.Base.metadata,
                      render_as_batch=connection.dialect.name == 'sqlite')
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
