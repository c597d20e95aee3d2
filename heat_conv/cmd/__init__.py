"""Console entry points. Each calls ``prepare()`` before anything else."""
import warnings


def prepare():
    """Select oslo.service's threading backend, before anything imports
    oslo.messaging (which would otherwise pick eventlet), and silence the
    deprecation notice futurist prints merely because eventlet is installed
    (oslo.service depends on it; heat-conv never uses it)."""
    warnings.filterwarnings('ignore', message=r'\s*Eventlet is deprecated')
    from oslo_service import backend
    backend.init_backend(backend.BackendType.THREADING)
