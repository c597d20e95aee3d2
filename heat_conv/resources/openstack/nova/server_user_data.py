"""A server's user data, by ``user_data_format``.

- RAW: the user data as given (a software config's id gives that config's
  ``config``, as in Heat).
- HEAT_CFNTOOLS (Heat's default): a multipart MIME message whose parts are
  the user data (``cfn-userdata``, run as a shell script when it starts
  with ``#!``) and the resource's metadata as ``cfn-init-data``. heat-conv
  has no CFN API, so no ``cfn-metadata-server`` part is added.
- SOFTWARE_CONFIG: as HEAT_CFNTOOLS, the user data and, as
  ``cfn-init-data``, the metadata that tells the guest's agent where to
  poll for its deployments (server_software_config).
"""
import email.mime.multipart
import email.mime.text
import json
import uuid


def build(properties, metadata=None, software_config=None):
    """The user data to give Nova (a string, or None for none).

    ``software_config(id)`` returns a stored software config's ``config``
    text, or None when there is no such config.
    """
    content = properties.get('user_data') or ''
    fmt = properties.get('user_data_format')
    if content and software_config is not None and _is_uuid(content):
        found = software_config(content)
        if found is not None:
            content = found
    if fmt == 'RAW':
        return content or None
    parts = []
    if content:
        subtype = 'x-shellscript' if content.startswith('#!') else 'x-cfninitdata'
        parts.append(_part(content, 'cfn-userdata', subtype))
    if metadata:
        parts.append(_part(json.dumps(metadata), 'cfn-init-data', 'x-cfninitdata'))
    if not parts:
        return None
    return email.mime.multipart.MIMEMultipart(_subparts=parts).as_string()


def _part(content, filename, subtype):
    try:
        content.encode('us-ascii')
        charset = 'us-ascii'
    except UnicodeEncodeError:
        charset = 'utf-8'
    part = email.mime.text.MIMEText(content, _subtype=subtype, _charset=charset)
    part.add_header('Content-Disposition', 'attachment', filename=filename)
    return part


def _is_uuid(text):
    try:
        uuid.UUID(text)
    except ValueError:
        return False
    return True
