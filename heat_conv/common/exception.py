"""Errors that cross module boundaries.

Each error carries the HTTP status the API answers with, so the fault
middleware never has to guess; anything that is not a HeatConvException is a
bug and becomes a 500.
"""


class HeatConvException(Exception):
    code = 500
    title = 'Internal Server Error'

    def __init__(self, message=None):
        super().__init__(message or self.__class__.__doc__ or self.title)

    @property
    def message(self):
        return str(self)


class Invalid(HeatConvException):
    """The request is invalid."""
    code = 400
    title = 'Bad Request'


class NotFound(HeatConvException):
    """The object was not found."""
    code = 404
    title = 'Not Found'


class Conflict(HeatConvException):
    """The request conflicts with the current state."""
    code = 409
    title = 'Conflict'


# --- templates -------------------------------------------------------------

class InvalidTemplate(Invalid):
    """A template error, located by the path of the offending element.

    ``path`` is a sequence of keys/indexes (``('resources', 'web',
    'properties', 'name')``) rendered as ``resources.web.properties.name``.
    """

    def __init__(self, message, path=None, line=None):
        self.path = tuple(path or ())
        self.line = line
        self.reason = message
        prefix = '.'.join(str(p) for p in self.path)
        text = f'{prefix}: {message}' if prefix else message
        if line is not None:
            text = f'{text} (line {line})'
        super().__init__(text)


class TemplateSyntaxError(InvalidTemplate):
    """The template is not valid YAML or JSON."""


class InvalidTemplateVersion(InvalidTemplate):
    """The template version is missing or unknown."""


class UnknownFunction(InvalidTemplate):
    """An intrinsic function that this template version does not have."""


class InvalidFunctionArgs(InvalidTemplate):
    """An intrinsic function called with arguments of the wrong shape."""


class InvalidReference(InvalidTemplate):
    """A reference to a resource, parameter, condition or attribute that does not exist."""


def undefined_parameter(name, path=None):
    """An InvalidReference to a parameter the template does not declare; its
    ``parameter`` names it (an output reading one shows an error instead)."""
    exc = InvalidReference(f'The parameter "{name}" is not defined in the template',
                           path=path)
    exc.parameter = name
    return exc


class InvalidTemplateAttribute(InvalidReference):
    """get_attr of an attribute the resource's type does not have."""

    def __init__(self, resource, attribute, path=None):
        super().__init__(f'The Referenced Attribute ({resource} {attribute}) is '
                         'incorrect.', path=path)


class DependencyCycle(InvalidTemplate):
    """Resources depend on each other in a cycle."""

    def __init__(self, members, path=('resources',)):
        self.members = sorted(members)
        super().__init__('Circular dependency between resources: %s'
                         % ', '.join(self.members), path=path)


class InvalidParameter(InvalidTemplate):
    """A parameter value is missing or violates its type or constraints."""


class UserParameterMissing(InvalidParameter):
    """A parameter without a default was given no value (Heat's wording)."""

    def __init__(self, name):
        self.name = name
        super().__init__(f'The Parameter ({name}) was not provided.')


class UnknownUserParameter(InvalidParameter):
    """A value was given for a parameter the template does not have."""

    def __init__(self, name):
        self.name = name
        super().__init__(f'The Parameter ({name}) was not defined in template.')


class ImmutableParameterUpdate(InvalidParameter):
    """An update tried to change a parameter declared immutable."""


class InvalidEnvironment(InvalidTemplate):
    """The environment is malformed."""


class InvalidMergeStrategyForParam(InvalidEnvironment):
    """A merge strategy that cannot apply to the parameter's type."""

    def __init__(self, strategy, param):
        super().__init__(f"Invalid merge strategy '{strategy}' for parameter '{param}'.",
                         path=('parameter_merge_strategies', param))


class ConflictingMergeStrategyForParam(InvalidEnvironment):
    """Environment files disagree on how to merge a parameter."""

    def __init__(self, strategy, param, env_file):
        super().__init__(f"Conflicting merge strategy '{strategy}' for parameter "
                         f"'{param}' in file '{env_file}'.")


class OutputError(InvalidTemplate):
    """A stack output could not be resolved from its resources' values.

    ``parameter`` names the undeclared parameter it reads, if that is why.
    """

    def __init__(self, message, path=None, parameter=None):
        super().__init__(message, path=path)
        self.parameter = parameter

    @property
    def heat_reason(self):
        """Why, in Heat's words and without the path: what a parent stack
        that reads the output is told."""
        if self.parameter is not None:
            return UserParameterMissing(self.parameter).message
        return self.reason


class AttributeUnavailable(InvalidTemplate):
    """get_attr of a value that could not be computed (a child stack's
    output in error): Heat's TemplateOutputError. It names no path: the
    error is in the child's template, not where it is read."""


class InvalidProperties(InvalidTemplate):
    """Resource properties do not match the resource type's schema."""


class PropertyError(InvalidProperties):
    """A property Heat's stack validation refuses, worded as Heat words it:
    ``Property error: PATH: MESSAGE``."""

    def __init__(self, message, path=None):
        super().__init__(message, path=path)
        self.args = (f'Property error: {".".join(str(p) for p in self.path)}: {message}',)


class UnknownResourceType(InvalidTemplate):
    """The resource type is not registered."""


class ResourceTypeUnavailable(InvalidTemplate):
    """A resource type Heat has, whose backing service heat-conv does not have
    (Heat's HEAT-E99001)."""

    error_code = '99001'


# --- stacks and resources --------------------------------------------------

class StackNotFound(NotFound):
    def __init__(self, stack):
        super().__init__(f'The Stack ({stack}) could not be found.')


class ResourceNotFound(NotFound):
    def __init__(self, resource, stack):
        super().__init__(
            f'The Resource ({resource}) could not be found in Stack {stack}.')


class EventNotFound(NotFound):
    def __init__(self, event):
        super().__init__(f'The Event ({event}) could not be found.')


class OutputNotFound(NotFound):
    def __init__(self, output, stack):
        super().__init__(f'Specified output key {output} not found.')


class StackExists(Conflict):
    def __init__(self, name):
        super().__init__(f'The Stack ({name}) already exists.')


class ActionInProgress(Conflict):
    def __init__(self, stack, action):
        super().__init__(f'Stack {stack} already has an action ({action}) in progress.')


class ActionNotAllowed(Invalid):
    """The action is not allowed in the stack's current state."""


class NotSupported(Invalid):
    """The operation is not supported."""


class ResourceFailure(HeatConvException):
    """A resource action failed; the message is the reason users see."""

    def __init__(self, message, action=None):
        self.action = action
        super().__init__(message)


class ConcurrentTransaction(HeatConvException):
    """A compare-and-swap write lost its race."""


# --- API -------------------------------------------------------------------

class Forbidden(HeatConvException):
    """The caller may not do this."""
    code = 403
    title = 'Forbidden'


class NotAuthenticated(HeatConvException):
    """The request's credentials are missing or not valid."""
    code = 401
    title = 'Unauthorized'


class ResourceTypeNotFound(NotFound):
    def __init__(self, type_name):
        super().__init__(f'The Resource Type ({type_name}) could not be found.')


class TemplateVersionNotFound(NotFound):
    def __init__(self, version):
        super().__init__(f'Template with version {version} not found')


class RequestLimitExceeded(Invalid):
    """A request asks for more than a configured limit allows."""


class RequestTooLarge(HeatConvException):
    """The request body is larger than the API accepts."""
    code = 413
    title = 'Request Entity Too Large'


class ServiceUnavailable(HeatConvException):
    """The service cannot answer now; the client should retry later."""
    code = 503
    title = 'Service Unavailable'

    def __init__(self, message=None, retry_after=None):
        self.retry_after = retry_after
        super().__init__(message)


# --- credentials for OpenStack services --------------------------------------

class MissingCredentials(Invalid):
    """heat-conv holds no credentials to act on OpenStack services for this
    request or stack (no Keystone token, no trust)."""


class TrustInvalid(HeatConvException):
    """A stack's Keystone trust cannot be used: deleted behind heat-conv's
    back, expired, or its trustor lost a delegated role."""

    def __init__(self, trust_id, reason):
        self.trust_id = trust_id
        super().__init__(f'The stack\'s Keystone trust {trust_id} cannot be used '
                         f'(deleted, expired, or the trustor lost a delegated '
                         f'role?): {reason}')
