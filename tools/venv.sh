# shellcheck shell=bash
# Sourced by tools/run-service and tools/run-tests.
#
# install_once VENV [EXTRA]: make sure VENV exists and holds heat-conv
# (editable, so code changes need no reinstall) with EXTRA's dependencies,
# and its client (client/: the heat-conv command, its own distribution).
# pip takes 10-30 s even when there is nothing to do, so it runs only on the
# first start and again when the files that define the install (setup.cfg,
# setup.py, pyproject.toml, the client's setup.cfg) or the checkout's
# location changed.
# HEAT_CONV_REINSTALL=1 forces a reinstall.

install_fingerprint() {
    { pwd; cat setup.cfg setup.py pyproject.toml client/setup.cfg; } \
        | cksum | cut -d' ' -f1
}

install_once() {
    local venv=$1 extra=${2:-}
    local stamp="$venv/.heat-conv-installed"
    local fingerprint want target=.
    fingerprint=$(install_fingerprint)
    want="$fingerprint ${extra:-base}"
    if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv"
    fi
    if [ "${HEAT_CONV_REINSTALL:-0}" != 1 ] \
            && [ -x "$venv/bin/heat-conv-all" ] \
            && [ -x "$venv/bin/heat-conv" ] \
            && grep -qxF "$want" "$stamp" 2>/dev/null; then
        return 0
    fi
    echo "heat-conv: installing into $venv (first run, or setup.cfg," \
         "setup.py or pyproject.toml changed)" >&2
    if [ -n "$extra" ]; then
        target=".[$extra]"
    fi
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        -e "$target"
    # Apart, and after: replacing a heat-conv that still owned bin/heat-conv
    # (before the client had a distribution of its own) removes that file.
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        -e ./client
    # Any extra includes the base install; keep what the same files installed.
    {
        grep -F "$fingerprint " "$stamp" 2>/dev/null || true
        echo "$fingerprint base"
        echo "$want"
    } | sort -u > "$stamp.new"
    mv "$stamp.new" "$stamp"
}
