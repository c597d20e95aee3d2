#!/bin/bash
# devstack plugin for heat-conv: "enable_plugin heat-conv GIT_URL [BRANCH]"
# in local.conf (see devstack/local.conf.sample). devstack sources this file
# once per phase, with the phase as arguments.

# shellcheck source=devstack/lib/heat-conv
source "$(dirname "${BASH_SOURCE[0]}")/lib/heat-conv"
# shellcheck source=devstack/lib/heat-conv-tempest
source "$(dirname "${BASH_SOURCE[0]}")/lib/heat-conv-tempest"

if is_heat_conv_enabled; then
    if [[ "$1" == "stack" ]]; then
        refuse_heat_alongside_heat_conv
    fi

    if [[ "$1" == "stack" && "$2" == "install" ]]; then
        echo_summary "Installing heat-conv"
        install_heat_conv
    elif [[ "$1" == "stack" && "$2" == "post-config" ]]; then
        echo_summary "Configuring heat-conv"
        configure_heat_conv
        if is_service_enabled keystone; then
            create_heat_conv_accounts
        fi
        init_heat_conv
        configure_heat_conv_queue_expiry
    elif [[ "$1" == "stack" && "$2" == "extra" ]]; then
        echo_summary "Starting heat-conv"
        start_heat_conv
    elif [[ "$1" == "stack" && "$2" == "test-config" ]]; then
        if is_service_enabled tempest; then
            echo_summary "Configuring tempest for heat-conv"
            configure_tempest_for_heat_conv
        fi
    fi

    if [[ "$1" == "unstack" ]]; then
        stop_heat_conv
    fi

    if [[ "$1" == "clean" ]]; then
        cleanup_heat_conv
    fi
fi
