#!/bin/bash
# Stand-ins for the devstack functions heat-conv's plugin calls, for
# tests/deploy/test_devstack_plugin.py. Each appends "NAME ARGS..." (one
# argument per tab-separated field) to $STUB_CALLS; iniset really writes the
# ini file, and sudo runs its command as the current user.

function _record {
    local IFS=$'\t'
    echo "$*" >> "$STUB_CALLS"
}

function iniset {
    _record iniset "$@"
    "$STUB_PYTHON" - "$@" <<'PY'
import configparser, sys
path, section, option, value = sys.argv[1:5]
parser = configparser.ConfigParser(interpolation=None)
parser.optionxform = str
parser.read(path)
if section != 'DEFAULT' and not parser.has_section(section):
    parser.add_section(section)
parser.set(section, option, value)
with open(path, 'w') as f:
    parser.write(f)
PY
}

function is_service_enabled {
    local service
    for service in "$@"; do
        # devstack's Keystone service is called "key".
        [[ $service == keystone ]] && service=key
        [[ ,$ENABLED_SERVICES, == *,$service,* ]] && return 0
    done
    return 1
}

function enable_service {
    # As devstack's: a service the user disabled stays disabled.
    local service
    for service in "$@"; do
        [[ ,$DISABLED_SERVICES, == *,$service,* ]] && continue
        ENABLED_SERVICES+=",$service"
    done
}

function run_process {
    # devstack starts only the enabled services.
    if is_service_enabled "$1"; then
        _record run_process "$@"
    fi
}

function die {
    shift   # $LINENO
    echo "die: $*" >&2
    exit 1
}

function sudo {
    "$@"
}

# devstack's host has RabbitMQ's own tool; the tests' broker is shared, so
# the policy the plugin sets is recorded, not set.
function rabbitmqctl {
    _record rabbitmqctl "$@"
}

function echo_summary {
    echo "$@"
}

function get_python_exec_prefix {
    echo "$STUB_BIN_DIR"
}

function ipv6_unquote {
    echo "${1//[\[\]]/}"
}

function database_connection_url {
    echo "$STUB_DATABASE_URL_BASE/$1?charset=utf8"
}
function iniset_rpc_backend {
    _record iniset_rpc_backend "$@"
    iniset "$2" "${3:-DEFAULT}" transport_url "$STUB_TRANSPORT_URL"
}
function configure_keystone_authtoken_middleware {
    _record configure_keystone_authtoken_middleware "$@"
    iniset "$1" keystone_authtoken auth_type password
    iniset "$1" keystone_authtoken username "$2"
}

for _stub in setup_develop recreate_database stop_process wait_for_service \
        create_service_user get_or_create_service get_or_create_endpoint; do
    eval "function $_stub { _record $_stub \"\$@\"; }"
done

# Keystone (create_heat_conv_stack_domain): get_or_create_domain answers
# $STUB_DOMAIN_ID as devstack's answers the domain's id.
for _stub in get_or_create_role get_or_create_user \
        get_or_add_user_domain_role pip_install remove_uwsgi_config; do
    eval "function $_stub { _record $_stub \"\$@\"; }"
done
function get_or_create_domain {
    _record get_or_create_domain "$@"
    echo "$STUB_DOMAIN_ID"
}

# devstack's uWSGI layout: the ini names the application and a local
# socket, which Apache proxies at the given path.
function write_uwsgi_config {
    _record write_uwsgi_config "$@"
    iniset "$1" uwsgi module "$2"
    iniset "$1" uwsgi socket "$STUB_UWSGI_RUN_DIR/$5.socket"
}

# The openstack CLI: every "show" finds nothing unless the name is in
# $STUB_OPENSTACK_EXISTING (comma-separated); everything else succeeds.
function openstack {
    _record openstack "$@"
    local arg
    for arg in "$@"; do
        if [[ $arg == show ]]; then
            [[ ,$STUB_OPENSTACK_EXISTING, == *,${*: -1},* ]]
            return
        fi
    done
}
