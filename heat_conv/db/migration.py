"""Schema migrations: ``heat-conv-manage db sync`` runs alembic to head."""
import os
import sys

from alembic import command
from alembic import config as alembic_config
from alembic import migration as alembic_migration
from alembic import script as alembic_script


def _script_location():
    # A source checkout (or editable install) keeps migrations/ beside the
    # package; a regular install puts them under <prefix>/share/heat_conv.
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [
        os.path.join(here, '..', '..', 'migrations'),
        os.path.join(sys.prefix, 'share', 'heat_conv', 'migrations'),
    ]
    for path in candidates:
        if os.path.exists(os.path.join(path, 'env.py')):
            return os.path.normpath(path)
    raise RuntimeError('cannot find the migrations directory; looked in %s'
                       % ', '.join(candidates))


def _config():
    cfg = alembic_config.Config()
    cfg.set_main_option('script_location', _script_location())
    return cfg


def upgrade(engine, revision='head'):
    """Bring the database behind ``engine`` to ``revision``."""
    cfg = _config()
    with engine.begin() as connection:
        cfg.attributes['connection'] = connection
        command.upgrade(cfg, revision)


def current_revision(engine):
    with engine.connect() as connection:
        return alembic_migration.MigrationContext.configure(
            connection).get_current_revision()


def head_revision():
    return alembic_script.ScriptDirectory.from_config(_config()).get_current_head()
