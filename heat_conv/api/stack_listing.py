"""The stack list's query: Heat's filters, sorting, paging and tags.

Filters on plain columns and keyset paging run in the database. Joined
statuses (``status=CREATE_COMPLETE``; the database keeps action and status
apart), tags (a JSON column) and hidden stacks (those carrying one of the
``hidden_stack_tags``) are checked in Python; when they are
present the page limit is applied afterwards.
"""
from oslo_config import cfg

from heat_conv.api import query
from heat_conv.api.status_filter import StatusFilter
from heat_conv.common import exception
from heat_conv.common.config import CONF
from heat_conv.db import api as db_api

listing_opts = [
    cfg.ListOpt('hidden_stack_tags',
                default=[],
                help='Stacks with any of these tags are left out of stack lists '
                     'unless the request asks for show_hidden (openstack stack '
                     'list --hidden). Comma-separated, e.g. '
                     'hidden_stack_tags=hide_me,me_too. Heat\'s option of the same '
                     'name and default.'),
]

CONF.register_opts(listing_opts)


def list_opts():
    return [(None, listing_opts)]

# API sort key -> column; the column names are accepted too.
SORT_KEYS = {'stack_name': 'name', 'stack_status': 'status',
             'creation_time': 'created_at', 'updated_time': 'updated_at',
             'name': 'name', 'status': 'status', 'created_at': 'created_at',
             'updated_at': 'updated_at'}
# API filter -> column; statuses are handled apart.
FILTERS = {'id': 'id', 'name': 'name', 'stack_name': 'name', 'action': 'action',
           'tenant': 'tenant', 'username': 'username', 'owner_id': 'owner_id'}
STATUS_FILTERS = ('status', 'stack_status')
TAG_MODES = ('tags', 'tags_any', 'not_tags', 'not_tags_any')


class Listing:
    """One parsed list request; ``run(tenant)`` returns the stack rows."""

    def __init__(self, req):
        self.filters = {}
        for key, column in FILTERS.items():
            for value in query.strings(req, key):
                self.filters.setdefault(column, set()).add(value)
        statuses = [v for key in STATUS_FILTERS for v in query.strings(req, key)]
        self.status_filter = StatusFilter(statuses) if statuses else None
        if self.status_filter:
            self.filters['status'] = self.status_filter.statuses
        keys = query.comma_list(req, 'sort_keys') or []
        for key in keys:
            if key not in SORT_KEYS:
                raise exception.Invalid(f'Invalid sort key {key!r}; valid keys are: '
                                        + ', '.join(sorted(SORT_KEYS)))
        self.sort_keys = [SORT_KEYS[k] for k in keys] or None
        self.sort_dir = query.choice(req, 'sort_dir', ('asc', 'desc'), 'desc')
        self.limit = query.integer(req, 'limit')
        self.marker = query.string(req, 'marker')
        self.show_deleted = query.boolean(req, 'show_deleted')
        self.show_nested = query.boolean(req, 'show_nested')
        self.show_hidden = query.boolean(req, 'show_hidden')
        self.hidden_tags = set() if self.show_hidden else set(CONF.hidden_stack_tags)
        self.global_tenant = query.boolean(req, 'global_tenant')
        self.with_count = query.boolean(req, 'with_count')
        self.tags = {mode: query.comma_list(req, mode) for mode in TAG_MODES}

    @property
    def filtered_in_python(self):
        return (self.status_filter is not None and self.status_filter.needs_narrowing
                or any(self.tags.values()) or bool(self.hidden_tags))

    def run(self, tenant):
        """(rows for this page, total matching or None)."""
        in_python = self.filtered_in_python
        rows = db_api.stack_list(
            tenant=tenant, filters=self.filters, sort_keys=self.sort_keys,
            sort_dir=self.sort_dir, limit=None if in_python else self.limit,
            marker=self.marker, show_deleted=self.show_deleted,
            show_nested=self.show_nested)
        if in_python:
            rows = [row for row in rows if self._matches(row)]
            if self.limit is not None:
                rows = rows[:self.limit]
        count = None
        if self.with_count:
            everything = db_api.stack_list(
                tenant=tenant, filters=self.filters, show_deleted=self.show_deleted,
                show_nested=self.show_nested)
            count = len([row for row in everything if self._matches(row)])
        return rows, count

    def _matches(self, row):
        if self.status_filter and not self.status_filter.matches(row.action, row.status):
            return False
        tags = set(row.tags or [])
        if tags & self.hidden_tags:
            return False
        wanted = self.tags
        if wanted['tags'] and not set(wanted['tags']) <= tags:
            return False
        if wanted['tags_any'] and not set(wanted['tags_any']) & tags:
            return False
        if wanted['not_tags'] and set(wanted['not_tags']) <= tags:
            return False
        if wanted['not_tags_any'] and set(wanted['not_tags_any']) & tags:
            return False
        return True
