"""Errors of the simulated cloud, shared by the store, the clients and the service.

Each carries the HTTP status the service answers with, so the in-process
client and the HTTP client raise exactly the same classes for the same fault.
"""


class CloudError(Exception):
    status = 500

    def __init__(self, status=None, message=''):
        if status is not None:
            self.status = status
        self.message = message or self.__class__.__name__
        super().__init__(self.status, self.message)

    def __str__(self):
        return f'{self.status}: {self.message}'


class CloudBadRequest(CloudError):
    """The call's arguments are malformed."""
    status = 400

    def __init__(self, message=''):
        super().__init__(400, message)


class CloudNotFound(CloudError):
    """The object does not exist (the engine treats that as already deleted)."""
    status = 404

    def __init__(self, message=''):
        super().__init__(404, message)


class CloudConflict(CloudError):
    """The call is not allowed in the object's current state."""
    status = 409

    def __init__(self, message=''):
        super().__init__(409, message)


class CloudUnavailable(CloudError):
    """The cloud did not do the call: a 5xx, a lost connection or a timeout.

    Callers may retry; the call may or may not have been applied by a real
    cloud, though the simulated one never applies a call it answers this way.
    """
    status = 500


class CloudTimeout(CloudUnavailable):
    """The cloud did not answer within the client's timeout."""
    status = 504

    def __init__(self, message='timed out'):
        super().__init__(504, message)
