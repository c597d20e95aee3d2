from tests.unit.hot.conftest import raises_at  # noqa: F401  (the same error checks)
