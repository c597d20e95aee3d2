"""The migrations build exactly the schema the models describe."""
import pytest
import sqlalchemy as sa
from alembic import autogenerate
from alembic import migration as alembic_migration

from heat_conv.db import migration
from heat_conv.db import models


def _diff(url):
    engine = sa.create_engine(url)
    try:
        migration.upgrade(engine)
        with engine.connect() as conn:
            ctx = alembic_migration.MigrationContext.configure(
                conn, opts={'compare_type': True, 'compare_server_default': False})
            return autogenerate.compare_metadata(ctx, models.Base.metadata), \
                migration.current_revision(engine)
    finally:
        engine.dispose()


@pytest.mark.parametrize('url_fixture', ['sqlite_url', 'mysql_url', 'pg_url'])
def test_models_match_migrations(url_fixture, request):
    url = request.getfixturevalue(url_fixture)
    diff, revision = _diff(url)
    assert diff == []
    assert revision == migration.head_revision()


def test_sync_is_idempotent(sqlite_url):
    engine = sa.create_engine(sqlite_url)
    migration.upgrade(engine)
    migration.upgrade(engine)
    assert sa.inspect(engine).has_table('sync_point')
    engine.dispose()
